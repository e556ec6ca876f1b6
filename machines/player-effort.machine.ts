// "How hard was it?" (issue 43, decisions 072 and 073), a child of machines/player.machine.ts:
// at the end of every class, for everyone, a 1–10 rating (skippable) beside the heart-rate
// summary when a monitor recorded one; then the class's effort goes with the report that ends it
// (`saveEffort`: sent, or queued on the device and sent once when the connection returns), and
// the end screen shows the effort score. Watching the class again asks again at its next end.
import { assign, setup } from 'xstate';
import { isRating, type HeartRateSummary } from '@domain/heart-rate';
import { serverFailureNotice, type Notice } from '@domain/failure-notice';
import type { Outcome } from '@domain/request-outcome';
import { fromOutcome, outcomeGuards, outcomeOf } from './request-states';
import type { HeartRateReport } from './heart-rate-monitor.machine';

export interface EffortToSave {
  classId: string;
  /** Where the class ended (its length): the report that ends it. */
  seconds: number;
  rating: number | null;
  heartRate: HeartRateSummary | null;
}

export type SaveEffortOutput = Outcome<{ completed: boolean }>;

export type EffortUserEvent = { type: 'effort.rate'; rating: number } | { type: 'effort.skip' } | { type: 'effort.retry' };

export type PlayerEffortEvent = EffortUserEvent | HeartRateReport | { type: 'replay' } | { type: 'startOver' };

export interface PlayerEffortInput {
  classId: string;
}

export interface PlayerEffortContext {
  classId: string;
  /** Where the class ended. */
  seconds: number;
  summary: HeartRateSummary | null;
  rating: number | null;
  /** Why the server refused it. */
  notice: Notice | null;
}

export const playerEffortMachine = setup({
  types: {
    context: {} as PlayerEffortContext,
    events: {} as PlayerEffortEvent,
    input: {} as PlayerEffortInput,
  },
  actors: {
    saveEffort: fromOutcome<{ completed: boolean }, EffortToSave>(),
  },
  actions: {
    takeSummary: assign(({ event }) => (event.type === 'heartRate.summary' ? { summary: event.summary, seconds: event.seconds, rating: null, notice: null } : {})),
    takeRating: assign({ rating: ({ event }) => (event.type === 'effort.rate' ? event.rating : null) }),
    showFailure: assign({ notice: (_, outcome: Outcome<unknown>) => serverFailureNotice(outcome) }),
  },
  guards: {
    validRating: ({ event }) => event.type === 'effort.rate' && isRating(event.rating),
    hasSummary: ({ context }) => context.summary !== null,
    ...outcomeGuards,
    unreachable: (_, outcome: Outcome<unknown>) => outcome.kind === 'unreachable',
  },
}).createMachine({
  id: 'playerEffort',
  context: ({ input }) => ({ classId: input.classId, seconds: 0, summary: null, rating: null, notice: null }),
  initial: 'watching',
  states: {
    /** The class plays; nothing asked yet. */
    watching: {
      on: { 'heartRate.summary': { target: 'asking', actions: 'takeSummary' } },
    },
    /** The class ended: "How hard was it?" 1–10 and Skip, beside the heart-rate summary if any. */
    asking: {
      on: {
        'effort.rate': { guard: 'validRating', target: 'saving', actions: 'takeRating' },
        // Skipped: a heart-rate summary still goes with the class; with none there is nothing to send.
        'effort.skip': [{ guard: 'hasSummary', target: 'saving' }, { target: 'skipped' }],
      },
    },
    /** Sending the effort with the report that ends the class. */
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'saveEffort',
        input: ({ context }) => ({ classId: context.classId, seconds: context.seconds, rating: context.rating, heartRate: context.summary }),
        onDone: [
          { guard: { type: 'succeeded', params: outcomeOf }, target: 'saved' },
          // No answer: the report waits on this device and is sent once the connection returns.
          { guard: { type: 'unreachable', params: outcomeOf }, target: 'savedOnDevice' },
          { guard: { type: 'isQuiet', params: outcomeOf }, target: 'skipped' },
          { target: 'failed', actions: { type: 'showFailure', params: outcomeOf } },
        ],
        onError: { target: 'failed', actions: { type: 'showFailure', params: outcomeOf } },
      },
    },
    /** Kept with the class: the effort score shows. */
    saved: {},
    /** Kept on this device, sent when back online: the score shows, with that said. */
    savedOnDevice: {},
    /** The server refused it (a clear message): try again or leave it. */
    failed: {
      on: { 'effort.retry': { target: 'saving', actions: assign({ notice: null }) }, 'effort.skip': { target: 'skipped', actions: assign({ notice: null }) } },
    },
    /** Nothing to keep: the end screen as before. */
    skipped: {},
  },
  on: {
    // Watched again: asked again at the next end.
    replay: { target: '.watching' },
    startOver: { target: '.watching' },
  },
});

export type PlayerEffortMachine = typeof playerEffortMachine;
