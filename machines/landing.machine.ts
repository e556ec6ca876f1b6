// /: the landing page's own decisions. It loads the public price range (computed by the server
// from the plans) for the "from X to Y a month" copy, starting from the one the pre-rendered page
// was drawn with when there is one (docs/decisions/063), and sends the email entry to sign-up
// with the address prefilled. A range that cannot be loaded leaves the range-free copy: there
// is nothing a visitor could do about it, so no banner.
import { assign, emit, fromPromise, setup } from 'xstate';
import { goTo, type Navigation } from '@domain/navigation';
import type { PriceRange } from '@domain/plans';
import type { Outcome } from '@domain/request-outcome';
import { routes } from '@domain/routes';
import { outcomeGuards, outcomeOf } from './request-states';

export type LoadPriceRangeOutput = Outcome<PriceRange>;

export interface LandingContext {
  priceRange: PriceRange | null;
}

export type LandingEvent = { type: 'email.submit'; email: string };

/** `priceRange`: the range the page was drawn with (a pre-rendered landing), until the loaded one. */
export interface LandingInput {
  priceRange?: PriceRange | null;
}

/** The visitor asked to go, whether or not the range has arrived. */
const signUp = { 'email.submit': { target: 'leaving', actions: 'goToSignUp' } } as const;

export const landingMachine = setup({
  types: {
    context: {} as LandingContext,
    input: {} as LandingInput,
    events: {} as LandingEvent,
    emitted: {} as Navigation,
  },
  actors: {
    loadPriceRange: fromPromise<LoadPriceRangeOutput>(async () => ({ kind: 'unreachable' })),
  },
  actions: {
    keepRange: assign({ priceRange: (_, output: LoadPriceRangeOutput) => (output.kind === 'ok' ? output.data : null) }),
    goToSignUp: emit(({ event }) => goTo(routes.register.href({ email: event.email.trim() }), false)),
  },
  guards: {
    loaded: outcomeGuards.succeeded,
  },
}).createMachine({
  id: 'landing',
  context: ({ input }) => ({ priceRange: input?.priceRange ?? null }),
  initial: 'loading',
  states: {
    loading: {
      on: signUp,
      invoke: {
        src: 'loadPriceRange',
        onDone: [
          { guard: { type: 'loaded', params: outcomeOf }, target: 'ready', actions: { type: 'keepRange', params: outcomeOf } },
          // Refused, no response or cancelled: the page keeps the copy it has, silently.
          { target: 'unavailable' },
        ],
        onError: { target: 'unavailable' },
      },
    },
    ready: { on: signUp },
    unavailable: { on: signUp },
    leaving: { type: 'final' },
  },
});

export type LandingMachine = typeof landingMachine;
