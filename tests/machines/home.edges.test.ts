// Home's edges the main tests leave open: the loading look while the call runs, a crashing call,
// dismissing the banner, exactly where Next goes, and a flow wired without its call.
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { homeMachine, type LoadClassesHomeOutput, type LoadHomeOutput } from '@machines/home.machine';
import { noticeText } from '@domain/notices';
import { failed, ok } from '@domain/request-outcome';
import { controlledActor, settle } from './controlled-actor';
import { navigationOf, startFlow } from './support/navigation';

const loaded = ok({ hasSubscription: false, name: null });

const noAccess: LoadClassesHomeOutput = ok({ canPlay: false, continueWatching: [], newThisWeek: [], disciplines: [] });

/** Home past the subscriber check (no access) and the 1 s spinner. */
async function home(hasEmail = true) {
  const load = controlledActor<LoadHomeOutput>();
  const check = controlledActor<LoadClassesHomeOutput>();
  const clock = new SimulatedClock();
  const actor = startFlow(homeMachine.provide({ actors: { loadHome: load.logic, loadClassesHome: check.logic } }), { clock, input: { hasEmail } });
  check.last.resolve(noAccess);
  await settle();
  clock.increment(1000);
  return { actor, load, check, clock };
}

describe('home machine: loading', () => {
  it('keeps the loading look while the call runs', async () => {
    const { actor, load } = await home();
    expect(load.calls).toHaveLength(1);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    load.last.resolve(loaded);
    await settle();
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('shows the no-response banner for 3 s when the call crashes', async () => {
    const { actor, load, clock } = await home();
    load.last.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Could not reach FitStream. Please try again.');
    expect(actor.getSnapshot().context.scrollToTop).toBe(1);
    clock.increment(3000);
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('takes the banner away at once when it is dismissed', async () => {
    const { actor, load } = await home();
    load.last.resolve(failed(502, { isSuccess: false, message: 'Payments are down.' }));
    await settle();
    actor.send({ type: 'notice.dismiss' });
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('shows the no-response failure when wired without its calls', async () => {
    const clock = new SimulatedClock();
    const actor = startFlow(homeMachine, { clock, input: { hasEmail: true } });
    await settle();
    expect(actor.getSnapshot().matches('accessFailed')).toBe(true);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Could not reach FitStream. Please try again.');
  });
});

describe('home machine: the subscriber check', () => {
  it('goes on to the onboarding step, quietly, when the check is cancelled or the session is lost', async () => {
    for (const outcome of [{ kind: 'cancelled' }, failed(401)] as const) {
      const check = controlledActor<LoadClassesHomeOutput>();
      const actor = startFlow(homeMachine.provide({ actors: { loadClassesHome: check.logic } }), { clock: new SimulatedClock(), input: { hasEmail: true } });
      check.last.resolve(outcome);
      await settle();
      expect(actor.getSnapshot().matches('spinning')).toBe(true);
      expect(actor.getSnapshot().context.notice).toBeNull();
    }
  });

  it('treats a crashing check as a failure with Try again, and never shows the step meanwhile', async () => {
    const check = controlledActor<LoadClassesHomeOutput>();
    const clock = new SimulatedClock();
    const actor = startFlow(homeMachine.provide({ actors: { loadClassesHome: check.logic } }), { clock, input: { hasEmail: true } });
    check.last.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(actor.getSnapshot().matches('accessFailed')).toBe(true);
    expect(actor.getSnapshot().context.scrollToTop).toBe(1);
    clock.increment(10_000);
    expect(actor.getSnapshot().matches('accessFailed')).toBe(true);
    actor.send({ type: 'home.next' });
    expect(navigationOf(actor)).toBeNull();
    actor.send({ type: 'retry' });
    expect(actor.getSnapshot().matches('checkingAccess')).toBe(true);
  });
});

describe('home machine: Next', () => {
  it('goes to /pricing keeping history, and the step is over', async () => {
    const { actor, load } = await home(true);
    load.last.resolve(loaded);
    await settle();
    actor.send({ type: 'home.next' });
    expect(navigationOf(actor)).toEqual({ to: '/pricing', replace: false });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('goes to /login keeping history and where the user was, also from the banner', async () => {
    const { actor, load } = await home(false);
    load.last.resolve(failed(502, { isSuccess: false, message: 'Payments are down.' }));
    await settle();
    actor.send({ type: 'home.next' });
    expect(navigationOf(actor)).toEqual({ to: '/login', replace: false, keepOrigin: true });
    expect(actor.getSnapshot().status).toBe('done');
  });
});
