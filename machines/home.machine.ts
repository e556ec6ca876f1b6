// /home (step 3 of 4, 'choose your plan'): a 1 s spinner, then the `home` call (errors: the
// server's message for 3 s); Next goes to /pricing when the user has an email, else /login.
import { assign, emit, fromPromise, setup } from 'xstate';
import type { Schemas } from '../src/domain/contract';
import { goTo, toSignIn, type Navigation } from '../src/domain/navigation';
import { serverFailureNotice } from '../src/domain/notices';
import type { Outcome } from '../src/domain/request-outcome';
import { routes } from '../src/domain/routes';
import { afterRequest, noticeShown, outcomeGuards, showFailure, showingNotice, type NoticeContext } from './request-states';

export type LoadHomeOutput = Outcome<Pick<Schemas['HomeSuccess'], 'hasSubscription' | 'name'>>;

export interface HomeContext extends NoticeContext {
  hasEmail: boolean;
}

export type HomeEvent = { type: 'home.next' } | { type: 'notice.dismiss' };

export const homeMachine = setup({
  types: {
    context: {} as HomeContext,
    events: {} as HomeEvent,
    input: {} as { hasEmail: boolean },
    emitted: {} as Navigation,
  },
  actors: {
    loadHome: fromPromise<LoadHomeOutput>(async () => ({ kind: 'unreachable' })),
  },
  actions: {
    showFailure: assign(({ context }, outcome: Outcome<unknown>) => noticeShown(context, serverFailureNotice(outcome))),
    clearNotice: assign({ notice: null }),
    goToPricing: emit(goTo(routes.pricing.path, false)),
    goToLogin: emit(toSignIn(false)),
  },
  guards: {
    ...outcomeGuards,
    hasEmail: ({ context }) => context.hasEmail,
  },
  delays: {
    spinnerDuration: 1000,
    noticeDuration: 3000,
  },
}).createMachine({
  id: 'home',
  context: ({ input }) => ({ hasEmail: input.hasEmail, notice: null, scrollToTop: 0 }),
  initial: 'spinning',
  states: {
    spinning: {
      tags: ['loading'],
      after: { spinnerDuration: { target: 'loading' } },
    },
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadHome',
        // The step shows the same whatever the call answers: only a failure is worth a word.
        ...afterRequest({ ok: { target: 'ready' }, quiet: { target: 'ready' }, failed: { target: 'ready.showingNotice', actions: showFailure } }),
      },
    },
    ready: {
      initial: 'idle',
      on: {
        'home.next': [
          { guard: 'hasEmail', target: 'leaving', actions: 'goToPricing' },
          { target: 'leaving', actions: 'goToLogin' },
        ],
      },
      states: {
        idle: {},
        showingNotice: showingNotice('noticeDuration', 'idle'),
      },
    },
    leaving: { type: 'final' },
  },
});

export type HomeMachine = typeof homeMachine;
