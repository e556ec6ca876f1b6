// Home's edges the main tests leave open: the loading look while the call runs, a crashing call,
// dismissing the banner, exactly where Next goes, and a flow wired without its call.
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { homeMachine, type LoadHomeOutput } from '../../machines/home.machine';
import { noticeText } from '../../src/domain/notices';
import { failed, ok } from '../../src/domain/request-outcome';
import { controlledActor, settle } from './controlled-actor';
import { navigationOf, startFlow } from './support/navigation';

const loaded = ok({ hasSubscription: false, name: null });

function home(hasEmail = true) {
  const load = controlledActor<LoadHomeOutput>();
  const clock = new SimulatedClock();
  const actor = startFlow(homeMachine.provide({ actors: { loadHome: load.logic } }), { clock, input: { hasEmail } });
  clock.increment(1000);
  return { actor, load, clock };
}

describe('home machine: loading', () => {
  it('keeps the loading look while the call runs', async () => {
    const { actor, load } = home();
    expect(load.calls).toHaveLength(1);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    load.last.resolve(loaded);
    await settle();
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('shows the no-response banner for 3 s when the call crashes', async () => {
    const { actor, load, clock } = home();
    load.last.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Could not reach FitStream. Please try again.');
    expect(actor.getSnapshot().context.scrollToTop).toBe(1);
    clock.increment(3000);
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('takes the banner away at once when it is dismissed', async () => {
    const { actor, load } = home();
    load.last.resolve(failed(502, { isSuccess: false, message: 'Payments are down.' }));
    await settle();
    actor.send({ type: 'notice.dismiss' });
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('shows the no-response banner when wired without its call', async () => {
    const clock = new SimulatedClock();
    const actor = startFlow(homeMachine, { clock, input: { hasEmail: true } });
    clock.increment(1000);
    await settle();
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Could not reach FitStream. Please try again.');
  });
});

describe('home machine: Next', () => {
  it('goes to /pricing keeping history, and the step is over', async () => {
    const { actor, load } = home(true);
    load.last.resolve(loaded);
    await settle();
    actor.send({ type: 'home.next' });
    expect(navigationOf(actor)).toEqual({ to: '/pricing', replace: false });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('goes to /login keeping history and where the user was, also from the banner', async () => {
    const { actor, load } = home(false);
    load.last.resolve(failed(502, { isSuccess: false, message: 'Payments are down.' }));
    await settle();
    actor.send({ type: 'home.next' });
    expect(navigationOf(actor)).toEqual({ to: '/login', replace: false, keepOrigin: true });
    expect(actor.getSnapshot().status).toBe('done');
  });
});
