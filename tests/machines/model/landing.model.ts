// Model of the landing page (machines/landing.machine.ts): the price range loads or the page
// keeps its range-free copy; the email entry goes to sign-up from any state.
import { expect } from 'vitest';
import { landingMachine } from '@machines/landing.machine';
import type { MachineModel } from './machine-model';
import { outcomes } from './outcomes';

const range = { min: 899, max: 1799, currency: 'EUR' };

export const model: MachineModel = {
  machine: landingMachine,
  events: {
    'email.submit': [
      { type: 'email.submit', email: ' ana+fit@example.com ' },
      { type: 'email.submit', email: '' },
    ],
  },
  outputs: { loadPriceRange: outcomes(range) },
  states: {
    loading: ({ snapshot, lastStarted }) => {
      expect(lastStarted('loadPriceRange')).toBeDefined();
      expect(snapshot.context.priceRange).toBeNull();
    },
    ready: ({ snapshot }) => expect(snapshot.context.priceRange).toEqual(range),
    unavailable: ({ snapshot, emitted }) => {
      expect(snapshot.context.priceRange).toBeNull();
      expect(emitted).toEqual([]);
    },
    leaving: ({ event, emitted }) => {
      const email = String(event.email ?? '');
      expect(emitted).toEqual([
        { type: 'navigate', to: email.trim() ? '/register?email=ana%2Bfit%40example.com' : '/register', replace: false },
      ]);
    },
  },
  after: {
    'done: loadPriceRange': ({ snapshot, event }) => {
      const out = event.output as { kind: string };
      expect(snapshot.matches(out.kind === 'ok' ? 'ready' : 'unavailable')).toBe(true);
    },
    'error: loadPriceRange': ({ snapshot }) => expect(snapshot.matches('unavailable')).toBe(true),
  },
};
