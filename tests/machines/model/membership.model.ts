// Model of whether the account subscribes (machines/membership.machine.ts): asked on sign-in and
// on refresh, the last answer kept while asking again, a failure counting as not subscribing
// (asked again when the connection returns), forgotten on sign-out; a failed renewal (the
// banner, decision 067) carried with the answer and forgotten with it.
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { membershipMachine, type MembershipContext } from '@machines/membership.machine';
import type { MachineModel } from './machine-model';
import { cancelled, crashed, ok, refused, unreachable } from './outcomes';

const subscriber = (snapshot: AnyMachineSnapshot) => (snapshot.context as MembershipContext).subscriber;
const paymentFailure = (snapshot: AnyMachineSnapshot) => (snapshot.context as MembershipContext).paymentFailure;
const failure = { failed_at: '2026-03-10T08:00:00.000Z', retries: 0, next_retry_at: '2026-03-11T08:00:00.000Z', grace_ends_at: '2026-03-17T08:00:00.000Z', in_grace: true };

export const model: MachineModel = {
  machine: membershipMachine,
  events: {
    'session.changed': [
      { type: 'session.changed', signedIn: true },
      { type: 'session.changed', signedIn: false },
    ],
    'membership.refresh': [{ type: 'membership.refresh' }],
    'connection.online': [{ type: 'connection.online' }],
  },
  outputs: {
    loadMembership: [
      ok({ hasSubscription: true, paymentFailure: null }),
      ok({ hasSubscription: false, paymentFailure: null }),
      ok({ hasSubscription: false, paymentFailure: failure }),
      refused(401),
      crashed,
      unreachable,
      cancelled,
    ],
  },
  states: {
    signedOut: ({ snapshot }) => {
      expect(subscriber(snapshot)).toBe(false);
      expect(paymentFailure(snapshot)).toBeNull();
    },
    checking: ({ snapshot, previous, lastStarted }) => {
      expect(lastStarted('loadMembership')).toBeDefined();
      if (previous && !previous.matches('signedOut')) expect(subscriber(snapshot)).toBe(subscriber(previous));
    },
    subscriber: ({ snapshot }) => {
      expect(subscriber(snapshot)).toBe(true);
      expect(paymentFailure(snapshot)).toBeNull();
    },
    notSubscriber: ({ snapshot }) => expect(subscriber(snapshot)).toBe(false),
    unanswered: ({ snapshot }) => {
      expect(subscriber(snapshot)).toBe(false);
      expect(paymentFailure(snapshot)).toBeNull();
    },
  },
};
