// Going through the cancel flow (machines/cancel-flow.machine.ts) from a billing test: the
// dialog's child actor chooses a reason, hears the server's offer (none, unless given), and
// confirms. A billing page that could not cancel has no such child, and nothing is sent.
import { fromPromise, type AnyActorRef } from 'xstate';
import type { CancelReason, RetentionOffer } from '@domain/cancel-reasons';
import type { FindCancelOfferOutput } from '@machines/cancel-flow.machine';
import { settle } from './controlled-actor';

/** The server's answer to "which offer does this reason bring?": none. */
export const noOffer = fromPromise<FindCancelOfferOutput>(async () => ({ kind: 'ok', data: { offer: null } }));
export const offerOf = (offer: RetentionOffer | null) => fromPromise<FindCancelOfferOutput>(async () => ({ kind: 'ok', data: { offer } }));

/** The open cancel flow of a billing actor (undefined when none is open). */
export function cancelFlowOf(actor: { getSnapshot: () => { children: Record<string, AnyActorRef | undefined> } }): AnyActorRef | undefined {
  return actor.getSnapshot().children.cancelFlow;
}

/** "Cancel subscription", a reason, Continue, and (no offer) "Yes, cancel". */
export async function cancelThroughFlow(actor: { send: (event: { type: 'subscription.cancel' }) => void; getSnapshot: () => { children: Record<string, AnyActorRef | undefined> } }, reason: CancelReason = 'other'): Promise<void> {
  actor.send({ type: 'subscription.cancel' });
  const flow = cancelFlowOf(actor);
  if (!flow) return;
  flow.send({ type: 'reason.choose', reason });
  flow.send({ type: 'reason.next' });
  await settle();
  flow.send({ type: 'cancel.confirm' });
}
