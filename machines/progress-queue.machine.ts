// Sends the progress reports this device queued because they could not be sent (decision 041;
// long-lived, created by src/app/actors.ts). It flushes when told to (the app started signed in,
// a sign-in, a report was queued) and when the connection returns; a flush that cannot reach the
// server is tried again after a while. Each report carries its own id, so sending one twice is harmless.
import { assign, fromPromise, setup } from 'xstate';

/** What one flush did: every queued report of the account is sent (or refused for good), or the server could not be reached. */
export type FlushOutcome = { kind: 'sent' } | { kind: 'unreachable' };

export interface ProgressQueueInput {
  online: boolean;
}

export type ProgressQueueEvent = { type: 'connection.online' } | { type: 'connection.offline' } | { type: 'queue.flush' };

export const progressQueueMachine = setup({
  types: {
    context: {} as { online: boolean; again: boolean },
    events: {} as ProgressQueueEvent,
    input: {} as ProgressQueueInput,
  },
  actors: {
    /** Sends the signed-in account's queued reports, oldest first (provided by the app). */
    flushQueue: fromPromise<FlushOutcome>(async () => ({ kind: 'sent' })),
  },
  guards: {
    startsOnline: ({ context }) => context.online,
    unreachable: (_, outcome: FlushOutcome) => outcome.kind === 'unreachable',
    askedAgain: ({ context }) => context.again,
  },
  delays: {
    /** How long a flush that could not reach the server waits before it tries again. */
    retryDelay: 30_000,
  },
}).createMachine({
  id: 'progressQueue',
  context: ({ input }) => ({ online: input.online, again: false }),
  initial: 'deciding',
  states: {
    deciding: { always: [{ guard: 'startsOnline', target: 'idle' }, { target: 'offline' }] },
    /** Nothing to do until a report is queued, an account signs in or the connection drops. */
    idle: {
      on: { 'queue.flush': { target: 'flushing' }, 'connection.offline': { target: 'offline' } },
    },
    /** Sending the queued reports one by one; asked again meanwhile, it goes round once more. */
    flushing: {
      entry: assign({ again: false }),
      invoke: {
        src: 'flushQueue',
        onDone: [
          { guard: { type: 'unreachable', params: ({ event }) => event.output }, target: 'waiting' },
          { guard: 'askedAgain', target: 'flushing', reenter: true },
          { target: 'idle' },
        ],
        onError: { target: 'waiting' },
      },
      on: {
        'queue.flush': { actions: assign({ again: true }) },
        'connection.offline': { target: 'offline' },
      },
    },
    /** The server could not be reached although the device says it is online: try again later. */
    waiting: {
      after: { retryDelay: { target: 'flushing' } },
      on: { 'connection.online': { target: 'flushing' }, 'connection.offline': { target: 'offline' } },
    },
    /** Reports stay queued on the device until the connection returns. */
    offline: {
      on: { 'connection.online': { target: 'flushing' } },
    },
  },
});

export type ProgressQueueMachine = typeof progressQueueMachine;
