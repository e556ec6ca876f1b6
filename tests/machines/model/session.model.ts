// Model of the session (machines/session.machine.ts): restore, token link, refresh, sign-out, a
// profile chosen ("Who's training?").
import { expect } from 'vitest';
import { sessionMachine } from '@machines/session.machine';
import type { MachineModel } from './machine-model';
import { cancelled, crashed, ok, refused, textOf, unreachable } from './outcomes';

const ana = { email: 'ana@example.com', token: 'jwt-1', profile: null };
const leo = { id: 'p-leo', name: 'Leo', image: null, language: 'es' as const, owner: false, locked: true };

export const model: MachineModel = {
  machine: sessionMachine,
  events: {
    'session.signIn': [
      { type: 'session.signIn', user: ana, remember: true, to: '/billing' },
      { type: 'session.signIn', user: ana, language: 'es', remember: true, to: '/billing' },
    ],
    'session.exchange': [{ type: 'session.exchange', token: 'nf-token', deviceId: 'device-123456' }],
    'session.profileChosen': [{ type: 'session.profileChosen', token: 'jwt-leo', profile: leo, language: 'es' }],
  },
  outputs: {
    restorePersisted: [{ user: ana, remember: true }, null],
    exchangeLinkToken: [ok(ana), ok({ ...ana, language: 'es' }), refused(401), cancelled, unreachable],
    refreshToken: [ok({ token: 'jwt-2', profile: null }), refused(401), unreachable, crashed],
    revokeSession: [undefined],
    countDownloads: [0, 2],
  },
  simplePathsUpTo: 0,
  states: {
    restoring: ({ pendingTimers, lastStarted }) => {
      expect(pendingTimers()).toEqual([5000]);
      expect(lastStarted('restorePersisted')).toBeDefined();
    },
    visitor: ({ snapshot }) => {
      expect(snapshot.context.user).toBeNull();
      expect(snapshot.context.pendingLink).toBeNull();
    },
    'visitor.showingNotice': ({ snapshot, pendingTimers }) => {
      expect(textOf(snapshot.context.notice)).toEqual(expect.any(String));
      expect(pendingTimers()).toEqual([5000]);
    },
    'visitor.idle': ({ snapshot }) => expect(snapshot.context.notice).toBeNull(),
    exchanging: ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(lastStarted('exchangeLinkToken')?.input).toEqual({ token: 'nf-token', deviceId: 'device-123456' });
    },
    signedIn: ({ snapshot }) => {
      expect(snapshot.context.user?.email).toBe('ana@example.com');
      expect(snapshot.context.pendingLink).toBeNull();
    },
    'signedIn.active': ({ snapshot }) => expect(snapshot.hasTag('confirmingSignOut')).toBe(false),
    'signedIn.checkingDownloads': ({ snapshot, lastStarted }) => {
      // Asked for the user signing out, with the token the session holds now.
      expect(lastStarted('countDownloads')?.input).toEqual(snapshot.context.user);
    },
    'signedIn.confirmingSignOut': ({ snapshot, actions }) => {
      expect(snapshot.hasTag('confirmingSignOut')).toBe(true);
      expect(snapshot.context).toMatchObject({ user: { email: ana.email }, heldDownloads: 2 });
      expect(actions.at(-1)?.name).not.toBe('releaseDevice');
    },
    'signedIn.refreshing': ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('refreshing')).toBe(true);
      expect(lastStarted('refreshToken')).toBeDefined();
    },
    signingOut: ({ snapshot, actions, emitted, pendingTimers, lastStarted }) => {
      expect(snapshot.context.user).toBeNull();
      // The downloads and the queued progress go at once, not when the server has answered.
      expect(actions.map((a) => a.name)).toEqual(expect.arrayContaining(['purgePersisted', 'releaseDevice', 'forgetQueuedReports']));
      expect(pendingTimers()).toEqual([3000]);
      expect(lastStarted('revokeSession')).toBeDefined();
      expect(emitted).toEqual([{ type: 'navigate', to: '/', replace: false }]);
    },
  },
  after: {
    'session.signIn': ({ snapshot, event, actions, emitted }) => {
      expect(emitted).toEqual([{ type: 'navigate', to: '/billing', replace: true }]);
      // The actions are the whole path's: this step's are the last three.
      expect(actions.slice(-3).map((a) => a.name)).toEqual(['persistSession', 'adoptLanguage', 'claimDevice']);
      expect(actions.at(-1)?.params).toEqual(ana);
      expect(actions.findLast((a) => a.name === 'adoptLanguage')?.params).toBe(event.language);
      expect(snapshot.context.user).toEqual(ana);
    },
    'done: exchangeLinkToken': ({ snapshot, event, actions, emitted }) => {
      const out = event.output as { kind: string; data?: { language?: string } };
      expect(emitted).toEqual(out.kind === 'ok' ? [{ type: 'navigate', to: '/home', replace: true }] : []);
      if (out.kind === 'ok') {
        // The session keeps the user (email and token); the language goes to the interface.
        expect(snapshot.context.user).toEqual(ana);
        expect(actions.find((a) => a.name === 'adoptLanguage')?.params).toBe(out.data?.language);
      } else {
        expect(actions.map((a) => a.name)).not.toContain('adoptLanguage');
      }
      if (out.kind === 'cancelled') expect(snapshot.context.notice).toBeNull();
    },
    'done: refreshToken': ({ snapshot, previous, event, emitted }) => {
      const out = event.output as { kind: string; status?: number };
      if (out.kind === 'ok') {
        expect(snapshot.context.user?.token).toBe('jwt-2');
      } else if (out.kind === 'failed' && out.status === 401) {
        expect(snapshot.context.user).toBeNull();
        expect(emitted).toEqual([{ type: 'navigate', to: '/login', replace: true, keepOrigin: true }]);
      } else {
        // No answer or server trouble: still signed in, same token, nowhere to go.
        expect(snapshot.matches({ signedIn: 'active' })).toBe(true);
        expect(snapshot.context.user).toEqual(previous?.context.user);
        expect(emitted).toEqual([]);
      }
    },
    'error: refreshToken': ({ snapshot, previous }) => {
      expect(snapshot.matches({ signedIn: 'active' })).toBe(true);
      expect(snapshot.context.user).toEqual(previous?.context.user);
    },
    'session.expire': ({ snapshot, actions, emitted }) => {
      expect(snapshot.context.user).toBeNull();
      expect(actions.slice(-2).map((a) => a.name)).toEqual(['purgePersisted', 'releaseDevice']);
      expect(emitted).toEqual([{ type: 'navigate', to: '/login', replace: true, keepOrigin: true }]);
    },
    'session.profileChosen': ({ snapshot, previous, actions, emitted }) => {
      expect(emitted).toEqual([]);
      if (previous?.matches('signedIn')) {
        // The new token and profile, kept for a reload; the interface speaks the profile's language (a new person: not the browser's).
        expect(snapshot.context.user).toEqual({ email: ana.email, token: 'jwt-leo', profile: leo });
        expect(actions.slice(-2).map((a) => a.name)).toEqual(['persistSession', 'speakLanguage']);
        expect(actions.at(-1)?.params).toBe('es');
      } else {
        expect(snapshot.context.user).toEqual(previous?.context.user);
      }
    },
    'after: restoreLimit': ({ snapshot }) => expect(snapshot.matches('visitor')).toBe(true),
    'after: signOutLimit': ({ snapshot }) => {
      expect(snapshot.matches({ visitor: 'idle' })).toBe(true);
      expect(snapshot.context.user).toBeNull();
    },
  },
};
