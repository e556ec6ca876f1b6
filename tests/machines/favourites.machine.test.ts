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
  const change = controlledActor<Outcome<{ saved: boolean; kept?: boolean }>, FavouriteChange>();
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

describe('favourites machine: changes kept on the device', () => {
  it('a change that could not be sent stays as shown, listed as waiting, with no failure and no reload', async () => {
    const { actor, load, change } = favourites();
    actor.send({ type: 'session.changed', signedIn: true });
    load.last.resolve(ok({ classes: [card('a')] }));
    await settle();
    actor.send({ type: 'favourite.toggle', classId: 'b' });
    change.last.resolve(ok({ saved: true, kept: true }));
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.ids).toEqual(['b', 'a']);
    expect(actor.getSnapshot().context.queued).toEqual([{ classId: 'b', saved: true }]);
    expect(actor.getSnapshot().context.failure).toBeNull();
    expect(load.calls).toHaveLength(1);
    // Unsaved again before it was sent: the last change is the one that waits.
    actor.send({ type: 'favourite.toggle', classId: 'b' });
    change.last.resolve(ok({ saved: false, kept: true }));
    await settle();
    expect(actor.getSnapshot().context.ids).toEqual(['a']);
    expect(actor.getSnapshot().context.queued).toEqual([{ classId: 'b', saved: false }]);
  });

  it('lays what waits over the list the server answers, and forgets it once sent', async () => {
    const { actor, load } = favourites();
    actor.send({ type: 'session.changed', signedIn: true });
    actor.send({ type: 'favourites.queued', changes: [{ classId: 'c', saved: true }, { classId: 'a', saved: false }] });
    load.last.resolve(ok({ classes: [card('a'), card('b')] }));
    await settle();
    expect(actor.getSnapshot().context.ids).toEqual(['c', 'b']);
    // Sent meanwhile: the list is read again.
    actor.send({ type: 'favourites.queued', changes: [] });
    actor.send({ type: 'favourites.refresh' });
    load.last.resolve(ok({ classes: [card('c'), card('b')] }));
    await settle();
    expect(actor.getSnapshot().context.ids).toEqual(['c', 'b']);
    expect(actor.getSnapshot().context.queued).toEqual([]);
  });

  it('a change sent replaces the one that waited for the same class', async () => {
    const { actor, load, change } = favourites();
    actor.send({ type: 'session.changed', signedIn: true });
    actor.send({ type: 'favourites.queued', changes: [{ classId: 'a', saved: true }] });
    load.last.resolve(ok({ classes: [] }));
    await settle();
    expect(actor.getSnapshot().context.ids).toEqual(['a']);
    actor.send({ type: 'favourite.toggle', classId: 'a' });
    change.last.resolve(ok({ saved: false }));
    await settle();
    expect(actor.getSnapshot().context.queued).toEqual([]);
    expect(actor.getSnapshot().value).toBe('loading');
  });

  it('a refresh while loading starts the load again (something was sent meanwhile)', async () => {
    const { actor, load } = favourites();
    actor.send({ type: 'session.changed', signedIn: true });
    actor.send({ type: 'favourites.refresh' });
    expect(load.calls).toHaveLength(2);
    expect(load.calls[0]?.signal.aborted).toBe(true);
  });
});

describe('favourites machine: loading, failures and sign-out', () => {
  const UNREACHABLE = 'Could not reach FitStream. Please try again.';

  async function signedIn(classes: ClassCard[] = [card('a'), card('b')]) {
    const page = favourites();
    page.actor.send({ type: 'session.changed', signedIn: true });
    page.load.last.resolve(ok({ classes }));
    await settle();
    return page;
  }

  it('loads while signed in, and shows the cards it answers', async () => {
    const { actor, load } = favourites();
    actor.send({ type: 'session.changed', signedIn: false });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(load.calls).toHaveLength(0);
    actor.send({ type: 'session.changed', signedIn: true });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    load.last.resolve(ok({ classes: [card('a'), card('b')] }));
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);
    expect(actor.getSnapshot().context).toEqual({ ids: ['a', 'b'], classes: [card('a'), card('b')], pending: null, failure: null, queued: [] });
  });

  it('refresh reads the list again (another device may have changed it)', async () => {
    const { actor, load } = await signedIn();
    actor.send({ type: 'favourites.refresh' });
    expect(actor.getSnapshot().value).toBe('loading');
    load.last.resolve(ok({ classes: [card('c')] }));
    await settle();
    expect(actor.getSnapshot().context.ids).toEqual(['c']);
  });

  it('a list that cannot be read shows why, with nothing saved', async () => {
    const { actor, load } = favourites();
    actor.send({ type: 'session.changed', signedIn: true });
    load.last.resolve(failed(500, { isSuccess: false, message: 'The list is resting.' }));
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.ids).toEqual([]);
    expect(noticeText(actor.getSnapshot().context.failure)).toBe('The list is resting.');
    actor.send({ type: 'favourites.refresh' });
    load.last.reject(new Error('offline'));
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(noticeText(actor.getSnapshot().context.failure)).toBe(UNREACHABLE);
  });

  it('forgets everything when the load is cancelled or the session is lost', async () => {
    for (const answer of [{ kind: 'cancelled' } as const, failed(401)]) {
      const { actor, load } = await signedIn();
      actor.send({ type: 'favourites.refresh' });
      load.last.resolve(answer);
      await settle();
      expect(actor.getSnapshot().value).toBe('signedOut');
      expect(actor.getSnapshot().context).toEqual({ ids: [], classes: [], pending: null, failure: null, queued: [] });
    }
  });

  it('a newly saved class goes first; an unsaved one leaves the cards at once; a toggle clears the last failure', async () => {
    const { actor, change, load } = await signedIn();
    actor.send({ type: 'favourite.toggle', classId: 'b' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().context.ids).toEqual(['a']);
    expect(actor.getSnapshot().context.classes.map((c) => c.id)).toEqual(['a']);
    expect(actor.getSnapshot().context.pending).toEqual({ classId: 'b', saved: false });
    change.last.resolve(failed(500, { isSuccess: false, message: 'Not now.' }));
    await settle();
    expect(actor.getSnapshot().context.ids).toEqual(['b', 'a']);
    expect(actor.getSnapshot().context.pending).toBeNull();
    expect(noticeText(actor.getSnapshot().context.failure)).toBe('Not now.');

    actor.send({ type: 'favourite.toggle', classId: 'c' });
    expect(actor.getSnapshot().context.failure).toBeNull();
    expect(actor.getSnapshot().context.ids).toEqual(['c', 'b', 'a']);
    // The cards wait for the server's list, which has the new class's card.
    expect(actor.getSnapshot().context.classes.map((c) => c.id)).toEqual(['a']);
    change.last.resolve(ok({ saved: true }));
    await settle();
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.pending).toEqual({ classId: 'c', saved: true });
    load.last.resolve(ok({ classes: [card('c'), card('a'), card('b')] }));
    await settle();
    expect(actor.getSnapshot().context.pending).toBeNull();
  });

  it('takes a newly saved class back off when the server cannot be reached', async () => {
    const { actor, change } = await signedIn([card('a')]);
    actor.send({ type: 'favourite.toggle', classId: 'z' });
    change.last.reject(new Error('offline'));
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.ids).toEqual(['a']);
    expect(noticeText(actor.getSnapshot().context.failure)).toBe(UNREACHABLE);
  });

  it('forgets everything when a save is cancelled, the session is lost, or the user signs out meanwhile', async () => {
    for (const answer of [{ kind: 'cancelled' } as const, failed(401)]) {
      const { actor, change } = await signedIn();
      actor.send({ type: 'favourite.toggle', classId: 'c' });
      change.last.resolve(answer);
      await settle();
      expect(actor.getSnapshot().value).toBe('signedOut');
      expect(actor.getSnapshot().context).toEqual({ ids: [], classes: [], pending: null, failure: null, queued: [] });
    }
    const { actor } = await signedIn();
    actor.send({ type: 'favourite.toggle', classId: 'c' });
    actor.send({ type: 'session.changed', signedIn: false });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.pending).toBeNull();
  });
});
