// Landing's edges the main tests leave open: the email entry after the range could not be
// loaded, and a page wired without its call.
import { describe, expect, it } from 'vitest';
import { landingMachine, type LoadPriceRangeOutput } from '@machines/landing.machine';
import { failed } from '@domain/request-outcome';
import { controlledActor, settle } from './controlled-actor';
import { navigationOf, startFlow } from './support/navigation';

describe('landing machine', () => {
  it('still goes to sign-up with the address after the range could not be loaded', async () => {
    const load = controlledActor<LoadPriceRangeOutput>();
    const actor = startFlow(landingMachine.provide({ actors: { loadPriceRange: load.logic } }));
    load.last.resolve(failed(404, { isSuccess: false, message: 'No plans are on sale.' }));
    await settle();
    actor.send({ type: 'email.submit', email: 'ana@example.com' });
    expect(navigationOf(actor)).toEqual({ to: '/register?email=ana%40example.com', replace: false });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('keeps the range-free copy when wired without its call, and the entry still works', async () => {
    const actor = startFlow(landingMachine);
    await settle();
    expect(actor.getSnapshot().context.priceRange).toBeNull();
    actor.send({ type: 'email.submit', email: '' });
    expect(navigationOf(actor)).toEqual({ to: '/register', replace: false });
  });
});
