// Home machine (/home): a subscriber's home when the account may watch, else the 1 s spinner,
// the home call's failures for 3 s (quiet on a cancelled request or a 401), and where Next goes.
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { homeMachine, type LoadClassesHomeOutput, type LoadHomeOutput } from '@machines/home.machine';
import { noticeText } from '@domain/notices';
import { controlledActor, settle } from './controlled-actor';
import { card } from './catalog-fixtures';
import { recordNavigation } from './navigation-recorder';

const noRows = { continueWatching: [], newThisWeek: [], disciplines: [] };

/** Home for an account; `access` answers the subscriber check (no access unless told). */
function home(hasEmail = true, access: LoadClassesHomeOutput | null = { kind: 'ok', data: { canPlay: false, ...noRows } }) {
  const load = controlledActor<LoadHomeOutput>();
  const check = controlledActor<LoadClassesHomeOutput>();
  const clock = new SimulatedClock();
  const actor = createActor(homeMachine.provide({ actors: { loadHome: load.logic, loadClassesHome: check.logic } }), { clock, input: { hasEmail } });
  const navigations = recordNavigation(actor);
  actor.start();
  if (access) check.last.resolve(access);
  return { actor, load, check, clock, navigations };
}

describe('home machine', () => {
  it('shows a subscriber their home (no spinner, no step) when the account may watch', async () => {
    const rows = { canPlay: true, ...noRows, newThisWeek: [card('a')] };
    const { actor, load, check, clock } = home(true, null);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    check.last.resolve({ kind: 'ok', data: rows });
    await settle();
    expect(actor.getSnapshot().matches('subscriber')).toBe(true);
    expect(actor.getSnapshot().context.rows).toEqual(rows);
    clock.increment(5000);
    expect(load.calls).toHaveLength(0);
  });

  it('says why the home is unknown when the check fails, and tries again', async () => {
    const { actor, check } = home(true, null);
    check.last.resolve({ kind: 'failed', status: 503, body: { isSuccess: false, message: 'Catalog is down.' } });
    await settle();
    expect(actor.getSnapshot().matches('accessFailed')).toBe(true);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Catalog is down.');
    actor.send({ type: 'retry' });
    expect(actor.getSnapshot().context.notice).toBeNull();
    expect(check.calls).toHaveLength(2);
  });

  it('spins for 1 s before calling home, then shows the step', async () => {
    const { actor, load, clock } = home();
    await settle();
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
    await settle();
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
      await settle();
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
      await settle();
      clock.increment(1000);
      load.last.resolve({ kind: 'ok', data: { hasSubscription: false, name: null } });
      await settle();
      expect(navigations).toEqual([]);
      actor.send({ type: 'home.next' });
      expect(navigations).toEqual([navigation]);
    }
  });
});
