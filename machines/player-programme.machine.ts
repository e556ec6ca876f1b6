// The programme a class may finish (issue 23), a child of machines/player.machine.ts: it asks
// which programme is under way (`programmeUnderWay`) when the player opens; when the video's end
// is saved as a completion (`video.completed`), it asks that programme's state
// (`programmeStatus`), and if that completion finished it, the player's end screen shows the
// completion at once, with a link to the programme. No programme under way: nothing to do.
import { assign, setup } from 'xstate';
import type { LocalizedText } from '@domain/catalog';
import type { Outcome } from '@domain/request-outcome';
import { fromOutcome } from './request-states';

/** The programme the account follows, as the player names it. */
export interface ProgrammeUnderWay {
  id: string;
  title: LocalizedText;
}

export type ProgrammeUnderWayOutput = Outcome<ProgrammeUnderWay | null>;
export type ProgrammeStatusOutput = Outcome<{ status: 'active' | 'paused' | 'finished' | null }>;

/** The video's end was saved and counted the class completed (reported by the video through the player). */
export type VideoCompleted = { type: 'video.completed' };

export interface PlayerProgrammeContext {
  programme: ProgrammeUnderWay | null;
}

export const playerProgrammeMachine = setup({
  types: {
    context: {} as PlayerProgrammeContext,
    events: {} as VideoCompleted,
  },
  actors: {
    programmeUnderWay: fromOutcome<ProgrammeUnderWay | null, Record<string, never>>(),
    programmeStatus: fromOutcome<{ status: 'active' | 'paused' | 'finished' | null }, { id: string }>(),
  },
  actions: {
    take: assign({ programme: (_, output: ProgrammeUnderWayOutput) => (output.kind === 'ok' ? output.data : null) }),
  },
  guards: {
    following: (_, output: ProgrammeUnderWayOutput) => output.kind === 'ok' && output.data !== null,
    finished: (_, output: ProgrammeStatusOutput) => output.kind === 'ok' && output.data.status === 'finished',
  },
}).createMachine({
  id: 'playerProgramme',
  context: { programme: null },
  initial: 'asking',
  states: {
    /** Which programme is under way (none, or a paused one: the class cannot finish it). */
    asking: {
      invoke: {
        src: 'programmeUnderWay',
        input: () => ({}),
        onDone: [
          { guard: { type: 'following', params: ({ event }) => event.output }, target: 'following', actions: { type: 'take', params: ({ event }) => event.output } },
          { target: 'idle' },
        ],
        onError: { target: 'idle' },
      },
    },
    /** A programme is under way: a completion may finish it. */
    following: { on: { 'video.completed': { target: 'confirming' } } },
    /** The class was completed: did that finish the programme? */
    confirming: {
      invoke: {
        src: 'programmeStatus',
        input: ({ context }) => ({ id: context.programme?.id ?? '' }),
        onDone: [{ guard: { type: 'finished', params: ({ event }) => event.output }, target: 'finished' }, { target: 'following' }],
        onError: { target: 'following' },
      },
    },
    /** This class finished the programme: the end screen says so. */
    finished: { tags: ['programmeFinished'] },
    /** No programme under way (or it could not be asked): the player plays as ever. */
    idle: {},
  },
});

export type PlayerProgrammeMachine = typeof playerProgrammeMachine;
