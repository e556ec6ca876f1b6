// /programmes/:id: one programme. Loads it with this account's following of it, then shows
// what the account may do: start it on chosen weekdays (proposed by the programme), or a plan
// when its subscription gives no access, or the programme it must leave first; pause and leave
// an active one; resume and leave a paused one; the completion screen of a finished one (and
// start again). Each action answers the programme as it is now; a refusal (409, 403…) leaves
// the page as it was with the server's reason. An active or paused programme's weekdays can be
// changed (Change your days → choose → Save); the classes still to come move to them. Decision 033.
import { assign, setup } from 'xstate';
import { serverFailureNotice, type Notice } from '@domain/notices';
import { toggleWeekday, type ProgrammeDetail } from '@domain/programmes';
import type { Outcome } from '@domain/request-outcome';
import { fromOutcome, outcomeGuards, outcomeOf } from './request-states';

export interface ProgrammeInput {
  id: string;
}
export interface StartProgrammeInput {
  id: string;
  weekdays: number[];
}
export type ProgrammeOutput = Outcome<ProgrammeDetail>;

export interface ProgrammeContext {
  id: string;
  programme: ProgrammeDetail | null;
  /** The weekdays the account will start on (the programme's proposal until changed). */
  weekdays: number[];
  failure: Notice | null;
}

export type ProgrammeEvent =
  | { type: 'day.toggle'; day: number }
  | { type: 'days.edit' }
  | { type: 'days.save' }
  | { type: 'days.cancel' }
  | { type: 'start' }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'leave' }
  | { type: 'retry' };

const take = { type: 'take', params: outcomeOf } as const;
const showFailure = { type: 'showFailure', params: outcomeOf } as const;

/** An action's request: the programme as it is now, or its refusal shown on the page as it was. */
function acting(src: 'startProgramme' | 'setProgrammeWeekdays' | 'pauseProgramme' | 'resumeProgramme' | 'leaveProgramme', refused: 'deciding' | 'editingDays' = 'deciding') {
  return {
    tags: ['busy'],
    entry: 'clearFailure',
    invoke: {
      src,
      input: ({ context }: { context: ProgrammeContext }) => ({ id: context.id, weekdays: context.weekdays }),
      onDone: [
        { guard: { type: 'succeeded', params: outcomeOf }, target: 'deciding', actions: take },
        { guard: { type: 'isQuiet', params: outcomeOf }, target: 'abandoned' },
        { target: refused, actions: showFailure },
      ],
      onError: { target: refused, actions: showFailure },
    },
  } as const;
}

export const programmeMachine = setup({
  types: {
    context: {} as ProgrammeContext,
    events: {} as ProgrammeEvent,
    input: {} as ProgrammeInput,
  },
  actors: {
    loadProgramme: fromOutcome<ProgrammeDetail, ProgrammeInput>(),
    startProgramme: fromOutcome<ProgrammeDetail, StartProgrammeInput>(),
    setProgrammeWeekdays: fromOutcome<ProgrammeDetail, StartProgrammeInput>(),
    pauseProgramme: fromOutcome<ProgrammeDetail, ProgrammeInput>(),
    resumeProgramme: fromOutcome<ProgrammeDetail, ProgrammeInput>(),
    leaveProgramme: fromOutcome<ProgrammeDetail, ProgrammeInput>(),
  },
  actions: {
    take: assign((_, output: ProgrammeOutput) =>
      output.kind === 'ok' ? { programme: output.data, weekdays: output.data.following?.weekdays ?? output.data.proposedWeekdays } : {},
    ),
    followedDays: assign({ weekdays: ({ context }) => context.programme?.following?.weekdays ?? context.weekdays }),
    toggleDay: assign({ weekdays: ({ context }, day: number) => toggleWeekday(context.weekdays, day) }),
    showFailure: assign({ failure: (_, outcome: Outcome<unknown>) => serverFailureNotice(outcome) }),
    clearFailure: assign({ failure: null }),
  },
  guards: {
    ...outcomeGuards,
    isUnknown: (_, output: ProgrammeOutput) => output.kind === 'failed' && output.status === 404,
    isFinished: ({ context }) => context.programme?.following?.status === 'finished',
    isActive: ({ context }) => context.programme?.following?.status === 'active',
    isPaused: ({ context }) => context.programme?.following?.status === 'paused',
    mayNotStart: ({ context }) => context.programme?.canStart === false,
    isBlocked: ({ context }) => Boolean(context.programme?.blockedBy),
  },
}).createMachine({
  id: 'programme',
  context: ({ input }) => ({ id: input.id, programme: null, weekdays: [], failure: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      entry: 'clearFailure',
      invoke: {
        src: 'loadProgramme',
        input: ({ context }) => ({ id: context.id }),
        onDone: [
          { guard: { type: 'succeeded', params: outcomeOf }, target: 'deciding', actions: take },
          { guard: { type: 'isUnknown', params: outcomeOf }, target: 'notFound' },
          { guard: { type: 'isQuiet', params: outcomeOf }, target: 'abandoned' },
          { target: 'failed', actions: showFailure },
        ],
        onError: { target: 'failed', actions: showFailure },
      },
    },
    /** Which page the programme's state makes (no time passes here). */
    deciding: {
      always: [
        { guard: 'isFinished', target: 'finished' },
        { guard: 'isActive', target: 'active' },
        { guard: 'isPaused', target: 'paused' },
        { guard: 'mayNotStart', target: 'locked' },
        { guard: 'isBlocked', target: 'blocked' },
        { target: 'ready' },
      ],
    },
    /** Not followed: the weekdays to choose and Start. */
    ready: {
      on: {
        'day.toggle': { actions: { type: 'toggleDay', params: ({ event }) => event.day } },
        start: { target: 'starting' },
      },
    },
    /** No subscription that gives access: "Choose a plan to start" (to /pricing). */
    locked: {},
    /** Another programme is under way: a link to it (leave it first). */
    blocked: {},
    /** Under way: the weeks with done marks, Pause and Leave. */
    active: { on: { pause: { target: 'pausing' }, leave: { target: 'leaving' }, 'days.edit': { target: 'editingDays', actions: 'clearFailure' } } },
    /** Paused: the schedule frozen, Resume and Leave. */
    paused: { on: { resume: { target: 'resuming' }, leave: { target: 'leaving' }, 'days.edit': { target: 'editingDays', actions: 'clearFailure' } } },
    /**
     * Choosing other weekdays for the programme under way (or paused): Save or Cancel. It starts
     * from the followed days, which `weekdays` already holds on the active and paused pages.
     */
    editingDays: {
      on: {
        'day.toggle': { actions: { type: 'toggleDay', params: ({ event }) => event.day } },
        'days.save': { target: 'changingDays' },
        'days.cancel': { target: 'deciding', actions: ['clearFailure', 'followedDays'] },
      },
    },
    /** Every class done: the completion screen, and Start again. */
    finished: {
      on: {
        'day.toggle': { actions: { type: 'toggleDay', params: ({ event }) => event.day } },
        start: { target: 'starting' },
      },
    },
    starting: acting('startProgramme'),
    /** A refusal keeps the chosen days on screen with the reason. */
    changingDays: acting('setProgrammeWeekdays', 'editingDays'),
    pausing: acting('pauseProgramme'),
    resuming: acting('resumeProgramme'),
    leaving: acting('leaveProgramme'),
    /** No programme has this id. */
    notFound: {},
    failed: { on: { retry: { target: 'loading' } } },
    /** The request was cancelled or the session ended. */
    abandoned: { type: 'final' },
  },
});

export type ProgrammeMachine = typeof programmeMachine;
