// Whether the signed-in account subscribes (machines/membership.machine.ts): one actor per app,
// started with the app and told of every sign-in and sign-out, and of the connection's return.
import { useCallback } from 'react';
import { useSelector } from '@xstate/react';
import { createActor } from 'xstate';
import type { PaymentFailure } from '@domain/subscriptions';
import { membershipMachine } from '@machines/membership.machine';
import { fromCall } from '@lib/call-actor';
import { onSignedInChange } from '@lib/session-changes';
import { perApp, useAppActors } from '@lib/app-actors';

export const membershipOf = perApp((app) => {
  const { api } = app;
  const actor = createActor(membershipMachine.provide({ actors: { loadMembership: fromCall((_, signal) => api.membership(signal)) } }), app.actorOptions);
  actor.start();
  onSignedInChange(app.session, (signedIn) => actor.send({ type: 'session.changed', signedIn }));
  app.connectivity.subscribe((snapshot) => snapshot.matches('online') && actor.send({ type: 'connection.online' }));
  return actor;
});

/** Whether the signed-in account subscribes, and a way to ask again (after a checkout or a cancellation). */
export function useMembership(): [boolean, () => void] {
  const actor = membershipOf(useAppActors());
  const subscriber = useSelector(actor, (snapshot) => snapshot.context.subscriber);
  const refresh = useCallback(() => actor.send({ type: 'membership.refresh' }), [actor]);
  return [subscriber, refresh];
}

/** The account's unpaid renewal (decision 067), for the banner on every signed-in page. */
export function usePaymentFailure(): PaymentFailure | null {
  return useSelector(membershipOf(useAppActors()), (snapshot) => snapshot.context.paymentFailure);
}
