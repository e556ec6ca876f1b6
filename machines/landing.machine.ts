// /: the landing page's own decisions. It loads the public price range (computed by the server
// from the plans) for the "from X to Y a month" copy, and sends the email entry to sign-up
// with the address prefilled. A range that cannot be loaded leaves the range-free copy: there
// is nothing a visitor could do about it, so no banner.
import { assign, fromPromise, setup } from 'xstate';
import { flowPaths, type Navigation } from '../src/domain/navigation';
import type { PriceRange } from '../src/domain/plans';
import type { Outcome } from '../src/domain/request-outcome';

export type LoadPriceRangeOutput = Outcome<PriceRange>;

export interface LandingContext {
  priceRange: PriceRange | null;
  navigation: Navigation | null;
}

export type LandingEvent = { type: 'email.submit'; email: string };

/** Sign-up, with the typed address prefilled when there is one (as src/app/paths.ts builds it). */
function signUpWith(email: string): Navigation {
  const address = email.trim();
  const query = address ? `?${new URLSearchParams({ email: address }).toString()}` : '';
  return { to: `${flowPaths.register}${query}`, replace: false };
}

export const landingMachine = setup({
  types: {
    context: {} as LandingContext,
    events: {} as LandingEvent,
  },
  actors: {
    loadPriceRange: fromPromise<LoadPriceRangeOutput>(async () => ({ kind: 'unreachable' })),
  },
  actions: {
    keepRange: assign({ priceRange: (_, output: LoadPriceRangeOutput) => (output.kind === 'ok' ? output.data : null) }),
    goToSignUp: assign({ navigation: ({ event }) => signUpWith(event.email) }),
  },
  guards: {
    loaded: (_, output: LoadPriceRangeOutput) => output.kind === 'ok',
  },
}).createMachine({
  id: 'landing',
  context: { priceRange: null, navigation: null },
  initial: 'loading',
  states: {
    loading: {
      // In every state but the last, whether or not the range has arrived: the visitor asked to go.
      on: { 'email.submit': { target: 'leaving', actions: 'goToSignUp' } },
      invoke: {
        src: 'loadPriceRange',
        onDone: [
          {
            guard: { type: 'loaded', params: ({ event }) => event.output },
            target: 'ready',
            actions: { type: 'keepRange', params: ({ event }) => event.output },
          },
          // Refused, no response or cancelled: the page keeps its range-free copy, silently.
          { target: 'unavailable' },
        ],
        onError: { target: 'unavailable' },
      },
    },
    ready: {
      on: { 'email.submit': { target: 'leaving', actions: 'goToSignUp' } },
    },
    unavailable: {
      on: { 'email.submit': { target: 'leaving', actions: 'goToSignUp' } },
    },
    leaving: { type: 'final' },
  },
});

export type LandingMachine = typeof landingMachine;
