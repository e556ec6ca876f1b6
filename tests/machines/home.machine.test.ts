// Home machine (/home): the 1 s spinner, the home call's failures for 3 s (quiet on a cancelled
// request or a 401), and where Next goes.
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { homeMachine, type LoadHomeOutput } from '../../machines/home.machine';
import { noticeText } from '../../src/domain/notices';
import { controlledActor, settle } from './controlled-actor';
import { recordNavigation } from './navigation-recorder';

function home(hasEmail = true) {
  const load = controlledActor<LoadHomeOutput>();
  const clock = new SimulatedClock();
  const actor = createActor(homeMachine.provide({ actors: { loadHome: load.logic } }), { clock, input: { hasEmail } });
  const navigations = recordNavigation(actor);
  actor.start();
  return { actor, load, clock, navigations };
}

describe('home machine', () => {
  it('spins for 1 s before calling home, then shows the step', async () => {
    const { actor, load, clock } = home();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    clock.increment(999);
    expect(load.calls).toHaveLength(0);
    clock.increment(1);
    expect(load.calls).toHaveLength(1);
    load.last.resolve({ kind: 'ok', data: { hasSubscription: false, name: null } });
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);
  });

  it('shows the server message for 3 s', async () => {
    const { actor, load, clock } = home();
    clock.increment(1000);
    load.last.resolve({ kind: 'failed', status: 502, body: { isSuccess: false, message: 'Payments are down.', statusCode: 502 } });
    await settle();
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Payments are down.');
    expect(actor.getSnapshot().context.scrollToTop).toBe(1);
    clock.increment(2999);
    expect(actor.getSnapshot().context.notice).not.toBeNull();
    clock.increment(1);
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('stays quiet on a cancelled request and on a 401 (the session handles it)', async () => {
    for (const outcome of [{ kind: 'cancelled' }, { kind: 'failed', status: 401, body: null }] as const) {
      const { actor, load, clock } = home();
      clock.increment(1000);
      load.last.resolve(outcome);
      await settle();
      expect(actor.getSnapshot().context.notice).toBeNull();
    }
  });

  it('Next goes to /pricing with an email, to /login without', async () => {
    const expected = [
      [true, { type: 'navigate', to: '/pricing', replace: false }],
      [false, { type: 'navigate', to: '/login', replace: false, keepOrigin: true }],
    ] as const;
    for (const [hasEmail, navigation] of expected) {
      const { actor, load, clock, navigations } = home(hasEmail);
      clock.increment(1000);
      load.last.resolve({ kind: 'ok', data: { hasSubscription: false, name: null } });
      await settle();
      expect(navigations).toEqual([]);
      actor.send({ type: 'home.next' });
      expect(navigations).toEqual([navigation]);
    }
  });
});
