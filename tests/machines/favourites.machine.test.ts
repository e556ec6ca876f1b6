// Favourites machine (the app's one list of saved classes): loaded on sign-in, toggled at once,
// reloaded after the server agrees, put back when it refuses, forgotten on sign-out.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { favouritesMachine, type FavouriteChange } from '@machines/favourites.machine';
import { noticeText } from '@domain/notices';
import type { ClassCard } from '@domain/catalog';
import { failed, ok, type Outcome } from '@domain/request-outcome';
import { card } from './catalog-fixtures';
import { controlledActor, settle } from './controlled-actor';

function favourites() {
  const load = controlledActor<Outcome<{ classes: ClassCard[] }>>();
  const change = controlledActor<Outcome<{ saved: boolean }>, FavouriteChange>();
  const actor = createActor(favouritesMachine.provide({ actors: { loadFavourites: load.logic, setFavourite: change.logic } })).start();
  return { actor, load, change };
}

describe('favourites machine', () => {
  it('loads the list on sign-in and forgets it on sign-out', async () => {
    const { actor, load } = favourites();
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    actor.send({ type: 'session.changed', signedIn: true });
    load.last.resolve(ok({ classes: [card('a'), card('b')] }));
    await settle();
    expect(actor.getSnapshot().context.ids).toEqual(['a', 'b']);
    actor.send({ type: 'session.changed', signedIn: false });
    expect(actor.getSnapshot().context.ids).toEqual([]);
  });

  it('saves at once on screen, asks the server, then reloads the list', async () => {
    const { actor, load, change } = favourites();
    actor.send({ type: 'session.changed', signedIn: true });
    load.last.resolve(ok({ classes: [] }));
    await settle();
    actor.send({ type: 'favourite.toggle', classId: 'a' });
    expect(actor.getSnapshot().context.ids).toEqual(['a']);
    expect(change.last.input).toEqual({ classId: 'a', saved: true });
    // One change at a time.
    actor.send({ type: 'favourite.toggle', classId: 'b' });
    expect(change.calls).toHaveLength(1);
    change.last.resolve(ok({ saved: true }));
    await settle();
    expect(load.calls).toHaveLength(2);
    load.last.resolve(ok({ classes: [card('a')] }));
    await settle();
    expect(actor.getSnapshot().context.classes.map((c) => c.id)).toEqual(['a']);
  });

  it('removes a saved class, and puts it back when the server refuses', async () => {
    const { actor, load, change } = favourites();
    actor.send({ type: 'session.changed', signedIn: true });
    load.last.resolve(ok({ classes: [card('a')] }));
    await settle();
    actor.send({ type: 'favourite.toggle', classId: 'a' });
    expect(actor.getSnapshot().context.ids).toEqual([]);
    expect(change.last.input).toEqual({ classId: 'a', saved: false });
    change.last.resolve(failed(404, { isSuccess: false, message: 'There is no such class to save.' }));
    await settle();
    expect(actor.getSnapshot().context.ids).toEqual(['a']);
    expect(noticeText(actor.getSnapshot().context.failure)).toBe('There is no such class to save.');
  });
});
