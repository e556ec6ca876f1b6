// /classes/:id: one class. Loads it with this account's progress and whether its subscription
// lets it play (`canPlay`): Play (or Continue) for a subscriber, "Choose a plan to start
// watching" for everyone else. An unknown class is its own state, and so is a failure (Retry).
// A loaded class can be added to the schedule (a child machine: machines/schedule-add.machine.ts).
import { assign, fromPromise, sendTo, setup } from 'xstate';
import type { ClassDetail } from '@domain/catalog';
import { serverFailureNotice, type Notice } from '@domain/notices';
import type { Outcome } from '@domain/request-outcome';
import { outcomeGuards, outcomeOf } from './request-states';
import { scheduleAddMachine, type ScheduleAddEvent } from './schedule-add.machine';

export interface LoadClassInput {
  id: string;
}
export type LoadClassOutput = Outcome<{ class: ClassDetail; canPlay: boolean }>;

export interface ClassDetailContext {
  id: string;
  detail: ClassDetail | null;
  failure: Notice | null;
}

export type ClassDetailEvent = { type: 'retry' } | ScheduleAddEvent;

/** A loaded class runs "Add to schedule" and passes its events on. */
const withScheduleAdd = {
  invoke: { id: 'scheduleAdd', src: 'scheduleAdd', input: ({ context }: { context: ClassDetailContext }) => ({ classId: context.id }) },
  on: {
    'scheduleAdd.open': { actions: 'toScheduleAdd' },
    'scheduleAdd.change': { actions: 'toScheduleAdd' },
    'scheduleAdd.zone': { actions: 'toScheduleAdd' },
    'scheduleAdd.submit': { actions: 'toScheduleAdd' },
    'scheduleAdd.cancel': { actions: 'toScheduleAdd' },
  },
} as const;

const showFailure = { type: 'showFailure', params: outcomeOf } as const;
const takeClass = { type: 'takeClass', params: outcomeOf } as const;

export const classDetailMachine = setup({
  types: {
    context: {} as ClassDetailContext,
    events: {} as ClassDetailEvent,
    input: {} as { id: string },
    children: {} as { scheduleAdd: 'scheduleAdd' },
  },
  actors: {
    loadClass: fromPromise<LoadClassOutput, LoadClassInput>(async () => ({ kind: 'unreachable' })),
    scheduleAdd: scheduleAddMachine,
  },
  actions: {
    takeClass: assign({ detail: (_, output: LoadClassOutput) => (output.kind === 'ok' ? output.data.class : null), failure: null }),
    showFailure: assign({ failure: (_, outcome: Outcome<unknown>) => serverFailureNotice(outcome) }),
    clearFailure: assign({ failure: null }),
    toScheduleAdd: sendTo('scheduleAdd', ({ event }) => event),
  },
  guards: {
    ...outcomeGuards,
    canPlay: (_, output: LoadClassOutput) => output.kind === 'ok' && output.data.canPlay,
    isUnknown: (_, output: LoadClassOutput) => output.kind === 'failed' && output.status === 404,
  },
}).createMachine({
  id: 'classDetail',
  context: ({ input }) => ({ id: input.id, detail: null, failure: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      entry: 'clearFailure',
      invoke: {
        src: 'loadClass',
        input: ({ context }) => ({ id: context.id }),
        onDone: [
          { guard: { type: 'canPlay', params: outcomeOf }, target: 'playable', actions: takeClass },
          { guard: { type: 'succeeded', params: outcomeOf }, target: 'locked', actions: takeClass },
          { guard: { type: 'isUnknown', params: outcomeOf }, target: 'notFound' },
          { guard: { type: 'isQuiet', params: outcomeOf }, target: 'abandoned' },
          { target: 'failed', actions: showFailure },
        ],
        onError: { target: 'failed', actions: showFailure },
      },
    },
    /** The class, with Play (or Continue where it was left). */
    playable: withScheduleAdd,
    /** The class, with "Choose a plan to start watching". */
    locked: withScheduleAdd,
    /** No published class has this id. */
    notFound: {},
    failed: {
      on: { retry: { target: 'loading' } },
    },
    /** The request was cancelled or the session ended (the app is taking the user to sign in). */
    abandoned: { type: 'final' },
  },
});

export type ClassDetailMachine = typeof classDetailMachine;
