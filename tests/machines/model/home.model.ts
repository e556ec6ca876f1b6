// Model of /home (machines/home.machine.ts): the subscriber check (a subscriber's home, or a
// failure with Try again), else the 1 s spinner, the home call, Next to /pricing or /login.
import { expect } from 'vitest';
import { homeMachine } from '@machines/home.machine';
import type { MachineModel } from './machine-model';
import { ok, outcomes, SERVER_MESSAGE, textOf } from './outcomes';

const rows = { continueWatching: [], newThisWeek: [], disciplines: [] };

export const model: MachineModel = {
  machine: homeMachine,
  inputs: [{ hasEmail: true }, { hasEmail: false }],
  outputs: {
    loadHome: outcomes({ hasSubscription: false, name: 'Ana' }),
    loadClassesHome: [ok({ canPlay: true, ...rows }), ...outcomes({ canPlay: false, ...rows })],
  },
  ignore: ['scrollToTop'],
  states: {
    checkingAccess: ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('loading')).toBe(true);
      expect(lastStarted('loadClassesHome')).toBeDefined();
      expect(lastStarted('loadHome')).toBeUndefined();
    },
    accessFailed: ({ snapshot }) => {
      expect(textOf(snapshot.context.notice)).toEqual(expect.any(String));
      expect(snapshot.hasTag('loading')).toBe(false);
    },
    subscriber: ({ snapshot, emitted }) => {
      expect(snapshot.context.rows?.canPlay).toBe(true);
      expect(emitted).toEqual([]);
    },
    spinning: ({ snapshot, pendingTimers }) => {
      expect(snapshot.hasTag('loading')).toBe(true);
      expect(pendingTimers()).toEqual([1000]);
    },
    loading: ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('loading')).toBe(true);
      expect(lastStarted('loadHome')).toBeDefined();
    },
    'ready.idle': ({ snapshot }) => expect(snapshot.context.notice).toBeNull(),
    'ready.showingNotice': ({ snapshot, pendingTimers }) => {
      expect(textOf(snapshot.context.notice)).toEqual(expect.any(String));
      expect(pendingTimers()).toEqual([3000]);
    },
    leaving: ({ snapshot, emitted }) => {
      expect(emitted).toEqual([
        snapshot.context.hasEmail
          ? { type: 'navigate', to: '/pricing', replace: false }
          : { type: 'navigate', to: '/login', replace: false, keepOrigin: true },
      ]);
    },
  },
  after: {
    'done: loadClassesHome': ({ snapshot, event }) => {
      const out = event.output as { kind: string; status?: number; data?: { canPlay: boolean } };
      expect(snapshot.matches('subscriber')).toBe(out.kind === 'ok' && out.data?.canPlay === true);
      if (out.kind === 'ok' && !out.data?.canPlay) expect(snapshot.matches('spinning')).toBe(true);
      if (out.kind === 'cancelled' || out.status === 401) expect(snapshot.matches('spinning')).toBe(true);
      if (out.status === 400) expect(textOf(snapshot.context.notice)).toContain(SERVER_MESSAGE);
    },
    'done: loadHome': ({ snapshot, event }) => {
      const out = event.output as { kind: string; status?: number };
      if (out.kind === 'failed' && out.status === 400) expect(textOf(snapshot.context.notice)).toContain(SERVER_MESSAGE);
      if (out.kind === 'ok' || out.kind === 'cancelled' || out.status === 401) expect(snapshot.context.notice).toBeNull();
    },
  },
};
