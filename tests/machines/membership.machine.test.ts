// Whether the account subscribes, for the navigation's subscribers' links: asked on sign-in, kept
// while asked again, false on a failure and on sign-out.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { membershipMachine, type MembershipOutput } from '@machines/membership.machine';
import { failed, ok } from '@domain/request-outcome';
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
    load.last.resolve(ok({ hasSubscription: true }));
    await settle();
    expect(subscriber()).toBe(true);
    actor.send({ type: 'membership.refresh' });
    expect(load.calls).toHaveLength(2);
    expect(subscriber()).toBe(true);
    load.last.resolve(ok({ hasSubscription: false }));
    await settle();
    expect(subscriber()).toBe(false);
    actor.send({ type: 'membership.refresh' });
    load.last.resolve(ok({ hasSubscription: true }));
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
    expect(actor.getSnapshot().matches('notSubscriber')).toBe(true);
  });
});
