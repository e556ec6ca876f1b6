// Model of /profiles, "Who's training?" (machines/profile-picker.machine.ts): the list, a pick, a
// locked profile's PIN (wrong, locked), the choice told to the session and remembered, the
// remembered profile chosen on arrival, a deleted profile, failures with Try again.
import { expect } from 'vitest';
import { profilePickerMachine, type ProfilePickerContext } from '@machines/profile-picker.machine';
import type { Outcome } from '@domain/request-outcome';
import type { Profile } from '@domain/session-user';
import type { MachineModel } from './machine-model';
import { cancelled, crashed, ok, outputOf, refused, SERVER_MESSAGE, textOf, unreachable } from './outcomes';

const ana: Profile = { id: 'p-ana', name: 'Ana', image: null, language: 'en', owner: true, locked: false };
const leo: Profile = { id: 'p-leo', name: 'Leo', image: null, language: 'es', owner: false, locked: true };
const household = [ana, leo];

const contextOf = (snapshot: { context: unknown }) => snapshot.context as ProfilePickerContext;
/** A refusal with the server's stable code (docs/decisions/001-api-errors-and-statuses.md). */
const coded = (status: number, code: string): Outcome<never> => ({
  kind: 'failed',
  status,
  body: { isSuccess: false, message: `${SERVER_MESSAGE} (${code})`, statusCode: status, code },
});

export const model: MachineModel = {
  machine: profilePickerMachine,
  inputs: [
    { current: null, origin: '/classes' },
    { current: ana.id, origin: null },
  ],
  events: {
    'profile.pick': [
      { type: 'profile.pick', profileId: ana.id },
      { type: 'profile.pick', profileId: leo.id },
    ],
    'pin.change': [
      { type: 'pin.change', value: '12' },
      { type: 'pin.change', value: '1234' },
    ],
  },
  outputs: {
    loadProfiles: [
      ok({ profiles: household, remembered: null }),
      ok({ profiles: household, remembered: ana.id }),
      ok({ profiles: household, remembered: leo.id }),
      refused(401),
      crashed,
      unreachable,
      cancelled,
    ],
    chooseProfile: (snapshot) => {
      const picked = contextOf(snapshot).picked === leo.id ? leo : ana;
      return [
        ok({ token: `jwt-${picked.id}`, profile: picked, language: picked.language }),
        coded(403, 'profiles.wrongPin'),
        coded(429, 'profiles.pinLocked'),
        coded(404, 'profiles.notFound'),
        refused(401),
        crashed,
        unreachable,
        cancelled,
      ];
    },
  },
  ignore: ['scrollToTop'],
  states: {
    loading: ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('loading')).toBe(true);
      expect(lastStarted('loadProfiles')).toBeDefined();
    },
    failed: ({ snapshot }) => expect(textOf(contextOf(snapshot).notice)).toEqual(expect.any(String)),
    picking: ({ snapshot }) => {
      const context = contextOf(snapshot);
      expect(context.profiles).toEqual(household);
      expect(context).toMatchObject({ picked: null, pin: '', pinError: null });
    },
    askingPin: ({ snapshot }) => {
      const context = contextOf(snapshot);
      // A locked profile, or one the server says has a PIN now; the field holds digits only, at most 4.
      expect(context.picked).not.toBeNull();
      expect(context.pin).toMatch(/^\d{0,4}$/);
      expect(snapshot.hasTag('pin')).toBe(true);
    },
    choosing: ({ snapshot, lastStarted }) => {
      const { picked, pin } = contextOf(snapshot);
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(lastStarted('chooseProfile')?.input).toEqual(pin ? { profileId: picked, pin } : { profileId: picked });
      // A locked profile is never sent without its 4 digits.
      if (picked === leo.id) expect(pin).toMatch(/^\d{4}$/);
    },
    pinLocked: ({ snapshot }) => expect(contextOf(snapshot).pinError).toContain('profiles.pinLocked'),
    chooseFailed: ({ snapshot }) => expect(textOf(contextOf(snapshot).notice)).toEqual(expect.any(String)),
    chosen: ({ snapshot, actions, emitted }) => {
      const { picked, origin } = contextOf(snapshot);
      expect(snapshot.status).toBe('done');
      const told = actions.filter((a) => a.name === 'tellSession');
      expect(told).toHaveLength(1);
      expect(told[0]!.params).toMatchObject({ token: `jwt-${picked}`, profile: { id: picked } });
      expect(actions.filter((a) => a.name === 'rememberChoice').map((a) => a.params)).toEqual([picked]);
      expect(emitted).toEqual([{ type: 'navigate', to: origin ?? '/home', replace: true }]);
    },
    abandoned: ({ snapshot, actions }) => {
      expect(snapshot.status).toBe('done');
      expect(actions.map((a) => a.name)).not.toContain('tellSession');
    },
  },
  after: {
    'done: loadProfiles': ({ snapshot, previous }) => {
      // The remembered profile is chosen (or its PIN asked) only on arrival, and only on the first load.
      const arriving = contextOf(previous!).current === null && contextOf(previous!).profiles.length === 0;
      if (!arriving) expect(snapshot.matches('choosing') || snapshot.matches('askingPin')).toBe(false);
    },
    'done: chooseProfile': ({ snapshot, event }) => {
      const out = outputOf(event) as { kind: string; status?: number };
      if (out.status === 403) expect(contextOf(snapshot)).toMatchObject({ pin: '', pinError: expect.stringContaining('profiles.wrongPin') });
      if (out.status === 404) {
        expect(snapshot.hasTag('loading')).toBe(true);
        expect(textOf(contextOf(snapshot).notice)).toContain('profiles.notFound');
      }
    },
    'pin.submit': ({ snapshot }) => {
      if (snapshot.matches('askingPin')) expect(contextOf(snapshot).pinError).not.toBeNull();
    },
  },
};
