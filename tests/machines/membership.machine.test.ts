// Whether the account subscribes, for the navigation's subscribers' links: asked on sign-in, kept
// while asked again, false on a failure (asked again when the connection returns) and on sign-out.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { membershipMachine, type MembershipOutput } from '@machines/membership.machine';
import { failed, ok, unreachable } from '@domain/request-outcome';
import { controlledActor, settle } from './controlled-actor';

function membership() {
  const load = controlledActor<MembershipOutput>();
  const actor = createActor(membershipMachine.provide({ actors: { loadMembership: load.logic } })).start();
  return { actor, load, subscriber: () => actor.getSnapshot().context.subscriber };
}

describe('membership machine', () => {
  it('asks on sign-in, keeps the answer while asking again, and forgets it on sign-out', async () => {
    const { actor, load, subscriber } = membership();
    expect(load.calls).toHaveLength(0);
    actor.send({ type: 'session.changed', signedIn: true });
    load.last.resolve(ok({ hasSubscription: true, paymentFailure: null }));
    await settle();
    expect(subscriber()).toBe(true);
    actor.send({ type: 'membership.refresh' });
    expect(load.calls).toHaveLength(2);
    expect(subscriber()).toBe(true);
    load.last.resolve(ok({ hasSubscription: false, paymentFailure: null }));
    await settle();
    expect(subscriber()).toBe(false);
    actor.send({ type: 'membership.refresh' });
    load.last.resolve(ok({ hasSubscription: true, paymentFailure: null }));
    await settle();
    actor.send({ type: 'session.changed', signedIn: false });
    expect(subscriber()).toBe(false);
  });

  it('counts a failed answer as not subscribing', async () => {
    const { actor, load, subscriber } = membership();
    actor.send({ type: 'session.changed', signedIn: true });
    load.last.resolve(failed(503, null));
    await settle();
    expect(subscriber()).toBe(false);
    expect(actor.getSnapshot().matches('unanswered')).toBe(true);
  });

  it('asks again when the connection returns after an answer that did not come, and only then', async () => {
    const { actor, load, subscriber } = membership();
    actor.send({ type: 'session.changed', signedIn: true });
    load.last.resolve(ok({ hasSubscription: false, paymentFailure: null }));
    await settle();
    actor.send({ type: 'connection.online' });
    expect(load.calls).toHaveLength(1);
    actor.send({ type: 'membership.refresh' });
    load.last.resolve(unreachable);
    await settle();
    expect(subscriber()).toBe(false);
    actor.send({ type: 'connection.online' });
    expect(load.calls).toHaveLength(3);
    load.last.resolve(ok({ hasSubscription: true, paymentFailure: null }));
    await settle();
    expect(subscriber()).toBe(true);
    actor.send({ type: 'connection.online' });
    expect(load.calls).toHaveLength(3);
  });

  it('asks again when the connection returns while asking: the question asked offline fails after the return', async () => {
    const { actor, load, subscriber } = membership();
    actor.send({ type: 'session.changed', signedIn: true });
    const offlineQuestion = load.last;
    actor.send({ type: 'connection.online' });
    expect(load.calls).toHaveLength(2);
    offlineQuestion.resolve(unreachable);
    load.last.resolve(ok({ hasSubscription: true, paymentFailure: null }));
    await settle();
    expect(subscriber()).toBe(true);
  });
});

const failure = { failed_at: '2026-03-10T08:00:00.000Z', retries: 1, next_retry_at: '2026-03-13T08:00:00.000Z', grace_ends_at: '2026-03-17T08:00:00.000Z', in_grace: true };

describe('membership machine, a failed renewal (the banner)', () => {
  it('carries the unpaid renewal with the answer, drops it when paid, and forgets it on sign-out or a failed answer', async () => {
    const { actor, load } = membership();
    const paymentFailure = () => actor.getSnapshot().context.paymentFailure;
    actor.send({ type: 'session.changed', signedIn: true });
    load.last.resolve(ok({ hasSubscription: false, paymentFailure: failure }));
    await settle();
    expect(actor.getSnapshot().value).toBe('notSubscriber');
    expect(paymentFailure()).toEqual(failure);
    // Asking again keeps the banner until the answer says otherwise (paid: active again).
    actor.send({ type: 'membership.refresh' });
    expect(paymentFailure()).toEqual(failure);
    load.last.resolve(ok({ hasSubscription: true, paymentFailure: null }));
    await settle();
    expect(paymentFailure()).toBeNull();

    actor.send({ type: 'membership.refresh' });
    load.last.resolve(ok({ hasSubscription: false, paymentFailure: { ...failure, in_grace: false } }));
    await settle();
    expect(paymentFailure()).toMatchObject({ in_grace: false });
    actor.send({ type: 'membership.refresh' });
    load.last.resolve(unreachable);
    await settle();
    expect(paymentFailure()).toBeNull();

    actor.send({ type: 'connection.online' });
    load.last.resolve(ok({ hasSubscription: false, paymentFailure: failure }));
    await settle();
    actor.send({ type: 'session.changed', signedIn: false });
    expect(paymentFailure()).toBeNull();
  });
});

describe('membership machine, each transition', () => {
  it('starts signed out, not subscribing, and asks nothing until told of a session', () => {
    const { actor, load, subscriber } = membership();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(subscriber()).toBe(false);
    actor.send({ type: 'membership.refresh' });
    expect(load.calls).toHaveLength(0);
    actor.send({ type: 'session.changed', signedIn: false });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(load.calls).toHaveLength(0);
  });

  it('asks once on sign-in and ignores a refresh while the answer is on its way', async () => {
    const { actor, load, subscriber } = membership();
    actor.send({ type: 'session.changed', signedIn: true });
    expect(actor.getSnapshot().value).toBe('checking');
    expect(load.calls).toHaveLength(1);
    actor.send({ type: 'membership.refresh' });
    expect(load.calls).toHaveLength(1);
    load.last.resolve(ok({ hasSubscription: true, paymentFailure: null }));
    await settle();
    expect(actor.getSnapshot().value).toBe('subscriber');
    expect(subscriber()).toBe(true);
  });

  it('an answer of no subscription shows no subscribers\' links, and a refresh asks again', async () => {
    const { actor, load, subscriber } = membership();
    actor.send({ type: 'session.changed', signedIn: true });
    load.last.resolve(ok({ hasSubscription: false, paymentFailure: null }));
    await settle();
    expect(actor.getSnapshot().value).toBe('notSubscriber');
    expect(subscriber()).toBe(false);
    actor.send({ type: 'membership.refresh' });
    expect(actor.getSnapshot().value).toBe('checking');
    expect(load.calls).toHaveLength(2);
    load.last.resolve(ok({ hasSubscription: true, paymentFailure: null }));
    await settle();
    expect(actor.getSnapshot().value).toBe('subscriber');
    expect(subscriber()).toBe(true);
  });

  it('a subscriber whose next answer does not come (an error) loses the links', async () => {
    const { actor, load, subscriber } = membership();
    actor.send({ type: 'session.changed', signedIn: true });
    load.last.resolve(ok({ hasSubscription: true, paymentFailure: null }));
    await settle();
    actor.send({ type: 'membership.refresh' });
    load.last.reject(new Error('offline'));
    await settle();
    expect(actor.getSnapshot().value).toBe('unanswered');
    expect(subscriber()).toBe(false);
  });

  it('a subscriber who signs in again (another account) is asked again, and signing out forgets at once', async () => {
    const { actor, load, subscriber } = membership();
    actor.send({ type: 'session.changed', signedIn: true });
    load.last.resolve(ok({ hasSubscription: true, paymentFailure: null }));
    await settle();
    actor.send({ type: 'session.changed', signedIn: true });
    expect(actor.getSnapshot().value).toBe('checking');
    expect(load.calls).toHaveLength(2);
    expect(subscriber()).toBe(true);
    actor.send({ type: 'session.changed', signedIn: false });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(subscriber()).toBe(false);
    load.calls[1]?.resolve(ok({ hasSubscription: true, paymentFailure: null }));
    await settle();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(subscriber()).toBe(false);
    expect(load.calls[1]?.signal.aborted).toBe(true);
  });

  it('after an answer that did not come, the app asking again (a checkout) asks at once, without waiting for the connection', async () => {
    const { actor, load, subscriber } = membership();
    actor.send({ type: 'session.changed', signedIn: true });
    load.last.resolve(unreachable);
    await settle();
    actor.send({ type: 'membership.refresh' });
    expect(actor.getSnapshot().value).toBe('checking');
    expect(load.calls).toHaveLength(2);
    load.last.resolve(ok({ hasSubscription: true, paymentFailure: null }));
    await settle();
    expect(subscriber()).toBe(true);
  });
});
