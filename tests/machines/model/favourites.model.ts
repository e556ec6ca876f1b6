// Model of the saved classes (machines/favourites.machine.ts): loaded on sign-in, a toggle shown
// at once and saved (or kept on the device, shown as made), a refusal put back, forgotten on sign-out.
import { expect } from 'vitest';
import { favouritesMachine, type FavouritesContext } from '@machines/favourites.machine';
import { card } from '../catalog-fixtures';
import type { MachineModel } from './machine-model';
import { cancelled, crashed, ok, refused, textOf, unreachable } from './outcomes';

const contextOf = (snapshot: { context: unknown }) => snapshot.context as FavouritesContext;

export const model: MachineModel = {
  machine: favouritesMachine,
  events: {
    'session.changed': [
      { type: 'session.changed', signedIn: true },
      { type: 'session.changed', signedIn: false },
    ],
    'favourite.toggle': [
      { type: 'favourite.toggle', classId: 'a' },
      { type: 'favourite.toggle', classId: 'b' },
    ],
    'favourites.queued': [
      { type: 'favourites.queued', changes: [{ classId: 'b', saved: true }] },
      { type: 'favourites.queued', changes: [] },
    ],
  },
  outputs: {
    loadFavourites: [ok({ classes: [card('a')] }), refused(401), crashed],
    setFavourite: [ok({ saved: true }), ok({ saved: true, kept: true }), refused(404), unreachable, refused(401), cancelled],
  },
  states: {
    signedOut: ({ snapshot }) => {
      expect(contextOf(snapshot).ids).toEqual([]);
      expect(contextOf(snapshot).pending).toBeNull();
    },
    loading: ({ snapshot }) => expect(snapshot.hasTag('loading')).toBe(true),
    ready: ({ snapshot }) => {
      expect(contextOf(snapshot).pending === null || contextOf(snapshot).failure !== null).toBe(true);
    },
    saving: ({ snapshot, lastStarted }) => {
      const pending = contextOf(snapshot).pending;
      expect(lastStarted('setFavourite')?.input).toEqual(pending);
      expect(contextOf(snapshot).ids.includes(pending!.classId)).toBe(pending!.saved);
    },
  },
  after: {
    // What waits on the device shows as made, as soon as the machine hears of it.
    'favourites.queued': ({ snapshot }) => {
      if (snapshot.matches('signedOut') || snapshot.matches('saving')) return;
      for (const change of contextOf(snapshot).queued) expect(contextOf(snapshot).ids.includes(change.classId)).toBe(change.saved);
    },
    // Kept on the device: shown as made, waiting, with no failure.
    'done: setFavourite': ({ snapshot, event }) => {
      const output = (event as { output?: { kind: string; data?: { kept?: boolean } } }).output;
      if (output?.kind !== 'ok' || !output.data?.kept) return;
      const last = contextOf(snapshot).queued.at(-1)!;
      expect(contextOf(snapshot).ids.includes(last.classId)).toBe(last.saved);
      expect(contextOf(snapshot).failure).toBeNull();
    },
    'error: loadFavourites': ({ snapshot }) => expect(textOf(contextOf(snapshot).failure)).toEqual(expect.any(String)),
  },
};
