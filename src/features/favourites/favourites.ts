// The account's saved classes, one list for every screen (machines/favourites.machine.ts): one
// actor per app, started with the app and told of every sign-in and sign-out.
import { useCallback } from 'react';
import { useSelector } from '@xstate/react';
import { createActor } from 'xstate';
import { favouritesMachine } from '@machines/favourites.machine';
import { fromCall } from '@lib/call-actor';
import { onSignedInChange } from '@lib/session-changes';
import { perApp, useAppActors } from '@lib/app-actors';

export const favouritesOf = perApp((app) => {
  const { api } = app;
  const actor = createActor(
    favouritesMachine.provide({ actors: { loadFavourites: fromCall((_, signal) => api.listFavourites(signal)), setFavourite: fromCall(api.setFavourite) } }),
    app.actorOptions,
  );
  actor.start();
  onSignedInChange(app.session, (signedIn) => actor.send({ type: 'session.changed', signedIn }));
  return actor;
});

/** The saved classes: whether one is saved, toggling it, and the list ("My list"). */
export function useFavourites() {
  const actor = favouritesOf(useAppActors());
  const ids = useSelector(actor, (snapshot) => snapshot.context.ids);
  const classes = useSelector(actor, (snapshot) => snapshot.context.classes);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const known = useSelector(actor, (snapshot) => snapshot.matches('ready') || snapshot.matches('saving'));
  const toggle = useCallback((classId: string) => actor.send({ type: 'favourite.toggle', classId }), [actor]);
  const refresh = useCallback(() => actor.send({ type: 'favourites.refresh' }), [actor]);
  return { ids, classes, busy, known, toggle, refresh };
}
