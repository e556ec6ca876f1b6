// Landing machine: the price range for the copy (or the range-free copy, silently), and the
// email entry's way to sign-up.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { landingMachine, type LandingInput, type LoadPriceRangeOutput } from '@machines/landing.machine';
import { controlledActor, settle } from './controlled-actor';
import { recordNavigation } from './navigation-recorder';

const range = { min: 899, max: 1799, currency: 'EUR' };

function start(input: LandingInput = {}) {
  const load = controlledActor<LoadPriceRangeOutput>();
  const actor = createActor(landingMachine.provide({ actors: { loadPriceRange: load.logic } }), { input });
  const navigations = recordNavigation(actor);
  actor.start();
  return { actor, load, navigations };
}

describe('landing machine: price range', () => {
  it('loads the range once and keeps it', async () => {
    const { actor, load } = start();
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(load.calls).toHaveLength(1);
    load.last.resolve({ kind: 'ok', data: range });
    await settle();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.priceRange).toEqual(range);
  });

  it('starts from the range the pre-rendered page quotes, and takes the one loaded after', async () => {
    const drawn = { min: 799, max: 1799, currency: 'EUR' };
    const { actor, load } = start({ priceRange: drawn });
    expect(actor.getSnapshot().context.priceRange).toEqual(drawn);
    load.last.resolve({ kind: 'ok', data: range });
    await settle();
    expect(actor.getSnapshot().context.priceRange).toEqual(range);
  });

  it('keeps the quoted range when loading it fails', async () => {
    const { actor, load } = start({ priceRange: range });
    load.last.resolve({ kind: 'unreachable' });
    await settle();
    expect(actor.getSnapshot().matches('unavailable')).toBe(true);
    expect(actor.getSnapshot().context.priceRange).toEqual(range);
  });

  it.each<[string, LoadPriceRangeOutput]>([
    ['a refusal', { kind: 'failed', status: 404, body: { isSuccess: false, message: 'No plans are on sale.', statusCode: 404 } }],
    ['no response', { kind: 'unreachable' }],
    ['a cancelled request', { kind: 'cancelled' }],
  ])('keeps the range-free copy after %s, with nothing to show', async (_, output) => {
    const { actor, load, navigations } = start();
    load.last.resolve(output);
    await settle();
    expect(actor.getSnapshot().matches('unavailable')).toBe(true);
    expect(actor.getSnapshot().context).toEqual({ priceRange: null });
    expect(navigations).toEqual([]);
  });

  it('treats a failing actor like no range', async () => {
    const { actor, load } = start();
    load.last.reject(new Error('bug'));
    await settle();
    expect(actor.getSnapshot().matches('unavailable')).toBe(true);
  });
});

describe('landing machine: email entry', () => {
  it('goes to sign-up with the typed address, trimmed and encoded (history kept)', async () => {
    const { actor, load, navigations } = start();
    load.last.resolve({ kind: 'ok', data: range });
    await settle();
    actor.send({ type: 'email.submit', email: '  a+b@example.com ' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(navigations).toEqual([{ type: 'navigate', to: '/register?email=a%2Bb%40example.com', replace: false }]);
  });

  it('goes to sign-up without a query when nothing was typed, even while the range loads', () => {
    const { actor, load, navigations } = start();
    actor.send({ type: 'email.submit', email: '   ' });
    expect(navigations).toEqual([{ type: 'navigate', to: '/register', replace: false }]);
    expect(load.last.signal.aborted).toBe(true);
  });
});
