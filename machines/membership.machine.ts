// Whether the signed-in account subscribes (one actor for the whole app): the navigation shows
// subscribers' links (Activity) only to subscribers. Asks when a user signs in and when the app
// asks again (a checkout or a cancellation may have changed it), forgets it on sign-out. An
// answer that does not come (offline, a failure) counts as not subscribing: no link to a page
// that would only say so; it is asked again when the connection returns, so the links come
// back without the home having to be opened. The same answer carries a failed renewal's facts
// (decision 067) for the banner on every signed-in page, kept and forgotten the same way.
import { assign, setup } from 'xstate';
import type { Outcome } from '@domain/request-outcome';
import type { PaymentFailure } from '@domain/subscriptions';
import { fromOutcome } from './request-states';

export interface MembershipAnswer {
  hasSubscription: boolean;
  paymentFailure: PaymentFailure | null;
}

export type MembershipOutput = Outcome<MembershipAnswer>;

export type MembershipEvent = { type: 'session.changed'; signedIn: boolean } | { type: 'membership.refresh' } | { type: 'connection.online' };

export interface MembershipContext {
  /** What the navigation shows: the last answer (kept while asking again), false signed out. */
  subscriber: boolean;
  /** The account's unpaid renewal (the banner), null when none, signed out or unanswered. */
  paymentFailure: PaymentFailure | null;
}

export const membershipMachine = setup({
  types: {
    context: {} as MembershipContext,
    events: {} as MembershipEvent,
  },
  actors: {
    loadMembership: fromOutcome<MembershipAnswer>(),
  },
  actions: {
    forget: assign({ subscriber: false, paymentFailure: null }),
    take: assign({ subscriber: (_, subscriber: boolean) => subscriber }),
    takePaymentFailure: assign({ paymentFailure: (_, output: MembershipOutput) => (output.kind === 'ok' ? output.data.paymentFailure : null) }),
  },
  guards: {
    signedIn: (_, params: { signedIn: boolean }) => params.signedIn,
    subscribes: (_, output: MembershipOutput) => output.kind === 'ok' && output.data.hasSubscription,
    answered: (_, output: MembershipOutput) => output.kind === 'ok',
  },
}).createMachine({
  id: 'membership',
  context: { subscriber: false, paymentFailure: null },
  // The app tells it the session at once, and of every sign-in and sign-out after.
  initial: 'signedOut',
  on: {
    'session.changed': [{ guard: { type: 'signedIn', params: ({ event }) => ({ signedIn: event.signedIn }) }, target: '.checking' }, { target: '.signedOut', actions: 'forget' }],
  },
  states: {
    signedOut: {},
    /**
     * Asking whether the account subscribes (the navigation keeps what it showed before). The
     * connection returning while asking asks again: the question in flight went out offline and
     * will fail after the return, with no second return to wait for.
     */
    checking: {
      on: { 'connection.online': { target: 'checking', reenter: true } },
      invoke: {
        src: 'loadMembership',
        onDone: [
          {
            guard: { type: 'subscribes', params: ({ event }) => event.output },
            target: 'subscriber',
            actions: [{ type: 'take', params: true }, { type: 'takePaymentFailure', params: ({ event }) => event.output }],
          },
          {
            guard: { type: 'answered', params: ({ event }) => event.output },
            target: 'notSubscriber',
            actions: [{ type: 'take', params: false }, { type: 'takePaymentFailure', params: ({ event }) => event.output }],
          },
          { target: 'unanswered', actions: 'forget' },
        ],
        onError: { target: 'unanswered', actions: 'forget' },
      },
    },
    /** A subscriber: Activity is in the navigation. */
    subscriber: { on: { 'membership.refresh': { target: 'checking' } } },
    notSubscriber: { on: { 'membership.refresh': { target: 'checking' } } },
    /** No answer came (offline, a failure): no subscribers' links until the next answer, asked for when the connection returns. */
    unanswered: { on: { 'membership.refresh': { target: 'checking' }, 'connection.online': { target: 'checking' } } },
  },
});

export type MembershipMachine = typeof membershipMachine;
