// The account's saved classes, one list for every screen (machines/favourites.machine.ts): one
// actor per app, started with the app and told of every sign-in and sign-out. A change that
// cannot be sent now is kept on the device (./favourite-queue.ts) and sent at each sign-in and
// when the connection returns; the machine hears what still waits.
import { useCallback } from 'react';
import { useSelector } from '@xstate/react';
import { createActor } from 'xstate';
import { favouritesMachine, type FavouriteChange } from '@machines/favourites.machine';
import { fromCall } from '@lib/call-actor';
import { onSignedInChange } from '@lib/session-changes';
import { perApp, useAppActors } from '@lib/app-actors';

export const favouritesOf = perApp((app) => {
  const { api, session, connectivity } = app;
  let loading: Promise<ReturnType<typeof import('./favourite-queue').favouriteQueue>> | null = null;
  // Loaded (with idb) at the first change or sign-in: a visitor's first page does not carry it.
  const queue = () =>
    (loading ??= import('./favourite-queue').then(({ favouriteQueue, indexedDbFavouriteStore, memoryFavouriteStore }) =>
      favouriteQueue({
        api,
        store: typeof indexedDB === 'undefined' ? memoryFavouriteStore() : indexedDbFavouriteStore(),
        account: () => session.getSnapshot().context.user?.email ?? null,
        online: () => connectivity.getSnapshot().matches('online'),
      }),
    ).catch((error: unknown) => {
      loading = null;
      throw error;
    }));
  const setFavourite = fromCall(async (change: FavouriteChange, signal: AbortSignal) => {
    let kept: Awaited<ReturnType<typeof queue>>;
    try {
      kept = await queue();
    } catch {
      // The queue's code could not be fetched: sent as it is, a failure shown as before.
      return api.setFavourite(change, signal);
    }
    return kept.setFavourite(change, signal);
  });
  const actor = createActor(
    favouritesMachine.provide({ actors: { loadFavourites: fromCall((_, signal) => api.listFavourites(signal)), setFavourite } }),
    app.actorOptions,
  );
  actor.start();

  let flushing = false;
  /** Tells the machine what waits on the device, sent first when online; the list is loaded again when something was. */
  const flush = async () => {
    if (flushing || !session.getSnapshot().context.user) return;
    flushing = true;
    try {
      const kept = await queue();
      const before = await kept.waiting();
      const after = before.length > 0 && connectivity.getSnapshot().matches('online') ? await kept.flush() : before;
      actor.send({ type: 'favourites.queued', changes: after });
      if (after.length < before.length) actor.send({ type: 'favourites.refresh' });
    } catch {
      // IndexedDB unavailable or the code not fetched: tried again at the next sign-in or reconnection.
    } finally {
      flushing = false;
    }
  };
  onSignedInChange(session, (signedIn) => {
    actor.send({ type: 'session.changed', signedIn });
    if (signedIn) void flush();
    // Signed out, nothing of the account stays waiting on this device.
    else if (loading) void queue().then((kept) => kept.keepOnly(null)).catch(() => undefined);
  });
  connectivity.subscribe((snapshot) => {
    if (snapshot.matches('online')) void flush();
  });
  return actor;
});

/** The saved classes: whether one is saved, whether its change waits on the device, toggling it, and the list ("My list"). */
export function useFavourites() {
  const actor = favouritesOf(useAppActors());
  const ids = useSelector(actor, (snapshot) => snapshot.context.ids);
  const waiting = useSelector(actor, (snapshot) => snapshot.context.queued);
  const classes = useSelector(actor, (snapshot) => snapshot.context.classes);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const known = useSelector(actor, (snapshot) => snapshot.matches('ready') || snapshot.matches('saving'));
  const toggle = useCallback((classId: string) => actor.send({ type: 'favourite.toggle', classId }), [actor]);
  const refresh = useCallback(() => actor.send({ type: 'favourites.refresh' }), [actor]);
  return { ids, waiting, classes, busy, known, toggle, refresh };
}
