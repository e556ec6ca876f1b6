// /home (step 3 of 4, 'choose your plan'): a 1 s spinner, then the `home` call (errors: the
// server's message for 3 s); Next goes to /pricing when the user has an email, else /login.
// First it asks for the subscriber's home rows: an account whose subscription gives access
// gets the subscriber's home (continue watching, new this week, a row per discipline) instead.
import { assign, emit, fromPromise, setup } from 'xstate';
import type { ClassesHome } from '@domain/catalog';
import type { Schemas } from '@domain/contract';
import { goTo, toSignIn, type Navigation } from '@domain/navigation';
import { serverFailureNotice } from '@domain/notices';
import type { Outcome } from '@domain/request-outcome';
import { routes } from '@domain/routes';
import { afterRequest, noticeShown, outcomeGuards, outcomeOf, showFailure, showingNotice, type NoticeContext } from './request-states';

export type LoadHomeOutput = Outcome<Pick<Schemas['HomeSuccess'], 'hasSubscription' | 'name'>>;
export type LoadClassesHomeOutput = Outcome<ClassesHome>;

export interface HomeContext extends NoticeContext {
  hasEmail: boolean;
  /** The subscriber's rows, once the account turned out to have access. */
  rows: ClassesHome | null;
}

export type HomeEvent = { type: 'home.next' } | { type: 'notice.dismiss' } | { type: 'retry' };

export const homeMachine = setup({
  types: {
    context: {} as HomeContext,
    events: {} as HomeEvent,
    input: {} as { hasEmail: boolean },
    emitted: {} as Navigation,
  },
  actors: {
    loadHome: fromPromise<LoadHomeOutput>(async () => ({ kind: 'unreachable' })),
    loadClassesHome: fromPromise<LoadClassesHomeOutput>(async () => ({ kind: 'unreachable' })),
  },
  actions: {
    showFailure: assign(({ context }, outcome: Outcome<unknown>) => noticeShown(context, serverFailureNotice(outcome))),
    clearNotice: assign({ notice: null }),
    takeRows: assign({ rows: (_, output: LoadClassesHomeOutput) => (output.kind === 'ok' ? output.data : null) }),
    goToPricing: emit(goTo(routes.pricing.path, false)),
    goToLogin: emit(toSignIn(false)),
  },
  guards: {
    ...outcomeGuards,
    hasEmail: ({ context }) => context.hasEmail,
    givesAccess: (_, output: LoadClassesHomeOutput) => output.kind === 'ok' && output.data.canPlay,
  },
  delays: {
    spinnerDuration: 1000,
    noticeDuration: 3000,
  },
}).createMachine({
  id: 'home',
  context: ({ input }) => ({ hasEmail: input.hasEmail, rows: null, notice: null, scrollToTop: 0 }),
  initial: 'checkingAccess',
  states: {
    checkingAccess: {
      tags: ['loading'],
      invoke: {
        src: 'loadClassesHome',
        onDone: [
          { guard: { type: 'givesAccess', params: outcomeOf }, target: 'subscriber', actions: { type: 'takeRows', params: outcomeOf } },
          // No access: the onboarding step; a lost session is being taken care of elsewhere.
          { guard: { type: 'succeeded', params: outcomeOf }, target: 'spinning' },
          { guard: { type: 'isQuiet', params: outcomeOf }, target: 'spinning' },
          { target: 'accessFailed', actions: showFailure },
        ],
        onError: { target: 'accessFailed', actions: showFailure },
      },
    },
    /** Whether this is a subscriber's home is unknown: the reason and Try again. */
    accessFailed: {
      exit: 'clearNotice',
      on: { retry: { target: 'checkingAccess' } },
    },
    /** The subscriber's home: continue watching, new this week, a row per discipline. */
    subscriber: {},
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
