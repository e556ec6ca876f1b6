// /activity: the account's completed classes. Loads the overview (totals this week and all
// time, the last 12 weeks, the weekly goal and streak, the first page of history), then pages
// the history ("Show more") and sets or clears the weekly goal; each answer replaces the
// overview, so the streak shown is always the server's. A failed load is its own state (Try
// again); a failed page or goal leaves the overview as it was, with the reason shown.
import { assign, setup } from 'xstate';
import type { Schemas } from '@domain/contract';
import type { WeeklyGoal } from '@domain/activity';
import { serverFailureNotice, type Notice } from '@domain/notices';
import type { Outcome } from '@domain/request-outcome';
import { fromOutcome, outcomeGuards, outcomeOf } from './request-states';

export type Activity = Omit<Schemas['ActivitySuccess'], 'isSuccess'>;
export type HistoryPage = Omit<Schemas['ActivityHistorySuccess'], 'isSuccess'>;

export interface ActivityContext {
  activity: Activity | null;
  /** The history shown: the overview's first page and every page loaded after it. */
  history: Schemas['CompletedClass'][];
  nextCursor: string | null;
  /** Why the last load, page or goal change failed; null when it did not. */
  failure: Notice | null;
}

export type ActivityEvent =
  | { type: 'retry' }
  | { type: 'history.more' }
  | { type: 'goal.set'; goal: WeeklyGoal }
  | { type: 'goal.clear' };

const takeActivity = { type: 'takeActivity', params: outcomeOf } as const;
const showFailure = { type: 'showFailure', params: outcomeOf } as const;
const succeeded = { type: 'succeeded', params: outcomeOf } as const;
const isQuiet = { type: 'isQuiet', params: outcomeOf } as const;

export const activityMachine = setup({
  types: {
    context: {} as ActivityContext,
    events: {} as ActivityEvent,
  },
  actors: {
    loadActivity: fromOutcome<Activity>(),
    loadHistory: fromOutcome<HistoryPage, { cursor: string }>(),
    setGoal: fromOutcome<Activity, WeeklyGoal>(),
    clearGoal: fromOutcome<Activity>(),
  },
  actions: {
    takeActivity: assign((_, outcome: Outcome<Activity>) =>
      outcome.kind === 'ok' ? { activity: outcome.data, history: outcome.data.history.items, nextCursor: outcome.data.history.nextCursor, failure: null } : {},
    ),
    takePage: assign(({ context }, outcome: Outcome<HistoryPage>) =>
      outcome.kind === 'ok' ? { history: [...context.history, ...outcome.data.items], nextCursor: outcome.data.nextCursor, failure: null } : {},
    ),
    showFailure: assign({ failure: (_, outcome: Outcome<unknown>) => serverFailureNotice(outcome) }),
    clearFailure: assign({ failure: null }),
  },
  guards: {
    ...outcomeGuards,
    hasMore: ({ context }) => context.nextCursor !== null,
  },
}).createMachine({
  id: 'activity',
  context: { activity: null, history: [], nextCursor: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      entry: 'clearFailure',
      invoke: {
        src: 'loadActivity',
        onDone: [
          { guard: succeeded, target: 'ready', actions: takeActivity },
          { guard: isQuiet, target: 'abandoned' },
          { target: 'failed', actions: showFailure },
        ],
        onError: { target: 'failed', actions: showFailure },
      },
    },
    /** The overview and the history; more history and the goal from here. */
    ready: {
      on: {
        'history.more': { guard: 'hasMore', target: 'loadingMore' },
        'goal.set': { target: 'savingGoal' },
        'goal.clear': { target: 'clearingGoal' },
      },
    },
    loadingMore: {
      tags: ['busy'],
      invoke: {
        src: 'loadHistory',
        input: ({ context }) => ({ cursor: context.nextCursor ?? '' }),
        onDone: [
          { guard: succeeded, target: 'ready', actions: { type: 'takePage', params: outcomeOf } },
          { guard: isQuiet, target: 'abandoned' },
          { target: 'ready', actions: showFailure },
        ],
        onError: { target: 'ready', actions: showFailure },
      },
    },
    savingGoal: {
      tags: ['busy'],
      invoke: {
        src: 'setGoal',
        input: ({ event }) => (event.type === 'goal.set' ? event.goal : { kind: 'minutes', target: 0 }),
        onDone: [
          { guard: succeeded, target: 'ready', actions: takeActivity },
          { guard: isQuiet, target: 'abandoned' },
          { target: 'ready', actions: showFailure },
        ],
        onError: { target: 'ready', actions: showFailure },
      },
    },
    clearingGoal: {
      tags: ['busy'],
      invoke: {
        src: 'clearGoal',
        onDone: [
          { guard: succeeded, target: 'ready', actions: takeActivity },
          { guard: isQuiet, target: 'abandoned' },
          { target: 'ready', actions: showFailure },
        ],
        onError: { target: 'ready', actions: showFailure },
      },
    },
    failed: {
      on: { retry: { target: 'loading' } },
    },
    /** The request was cancelled or the session ended (the app is taking the user to sign in). */
    abandoned: { type: 'final' },
  },
});

export type ActivityMachine = typeof activityMachine;
