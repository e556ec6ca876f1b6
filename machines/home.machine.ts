// /home (step 3 of 4, 'choose your plan'): a 1 s spinner, then the `home` call (errors: the
// server's message for 3 s); Next goes to /pricing when the user has an email, else /login.
import { assign, fromPromise, setup } from 'xstate';
import { flowPaths, goTo, type Navigation } from '../src/domain/navigation';
import { serverFailureNotice, type Notice } from '../src/domain/notices';
import { isSessionLost, type Outcome } from '../src/domain/request-outcome';

export type LoadHomeOutput = Outcome<{ hasSubscription: boolean; name: string | null }>;

export interface HomeContext {
  hasEmail: boolean;
  notice: Notice | null;
  scrollToTop: number;
  navigation: Navigation | null;
}

export type HomeEvent = { type: 'home.next' } | { type: 'notice.dismiss' };

export const homeMachine = setup({
  types: {
    context: {} as HomeContext,
    events: {} as HomeEvent,
    input: {} as { hasEmail: boolean },
  },
  actors: {
    loadHome: fromPromise<LoadHomeOutput>(async () => ({ kind: 'unreachable' })),
  },
  actions: {
    showFailure: assign({
      notice: (_, output: LoadHomeOutput) => serverFailureNotice(output),
      scrollToTop: ({ context }) => context.scrollToTop + 1,
    }),
    clearNotice: assign({ notice: null }),
    goToPricing: assign({ navigation: goTo(flowPaths.pricing, false) }),
    goToLogin: assign({ navigation: { to: flowPaths.login, replace: false, keepOrigin: true } }),
  },
  guards: {
    hasEmail: ({ context }) => context.hasEmail,
    isQuiet: (_, output: LoadHomeOutput) => output.kind === 'ok' || output.kind === 'cancelled' || isSessionLost(output),
  },
  delays: {
    spinnerDuration: 1000,
    noticeDuration: 3000,
  },
}).createMachine({
  id: 'home',
  context: ({ input }) => ({ hasEmail: input.hasEmail, notice: null, scrollToTop: 0, navigation: null }),
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
        onDone: [
          { guard: { type: 'isQuiet', params: ({ event }) => event.output }, target: 'ready' },
          { target: 'ready.showingNotice', actions: { type: 'showFailure', params: ({ event }) => event.output } },
        ],
        onError: { target: 'ready.showingNotice', actions: { type: 'showFailure', params: () => ({ kind: 'unreachable' as const }) } },
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
        showingNotice: {
          after: { noticeDuration: { target: 'idle' } },
          on: { 'notice.dismiss': { target: 'idle' } },
          exit: 'clearNotice',
        },
      },
    },
    leaving: { type: 'final' },
  },
});

export type HomeMachine = typeof homeMachine;
