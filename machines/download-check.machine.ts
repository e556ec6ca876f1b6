// The online check of the downloads on this device (docs/decisions/038 and 040): at the app's
// start and whenever the connection returns (signed in), the licences held here go to the server;
// renewed ones keep their new expiry, and revoked ones are deleted with a notice saying why. The
// app provides the watcher (signed in and online → `check`) and the check itself.
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { Schemas } from '@domain/contract';
import type { RevokeReason } from '@domain/downloads';

/** A download this device deleted because its licence was revoked. */
export interface RevokedDownload {
  classId: string;
  title: Schemas['LocalizedText'];
  reason: RevokeReason;
}

export type DownloadCheckEvent = { type: 'check' } | { type: 'notice.dismiss' };

export interface DownloadCheckContext {
  revoked: RevokedDownload[];
}

export const downloadCheckMachine = setup({
  types: {
    context: {} as DownloadCheckContext,
    events: {} as DownloadCheckEvent,
  },
  actors: {
    /** Sends `check` when the device is online and signed in: at start, and each time the connection returns. */
    watchChecks: fromCallback<DownloadCheckEvent>(() => () => {}),
    /** Checks every licence held here; renews, deletes the revoked ones' files and answers them. */
    checkLicences: fromPromise<RevokedDownload[]>(async () => []),
  },
  guards: {
    anyRevoked: ({ event }) => (event as unknown as { output: RevokedDownload[] }).output.length > 0,
    /** A notice is showing (the check was asked for while it was): it stays until dismissed. */
    hasNotice: ({ context }) => context.revoked.length > 0,
  },
}).createMachine({
  id: 'downloadCheck',
  context: { revoked: [] },
  invoke: { src: 'watchChecks' },
  initial: 'idle',
  states: {
    /** Nothing to say. */
    idle: { on: { check: { target: 'checking' } } },
    checking: {
      invoke: {
        src: 'checkLicences',
        onDone: [
          { guard: 'anyRevoked', target: 'notifying', actions: assign({ revoked: ({ context, event }) => [...context.revoked, ...event.output] }) },
          { guard: 'hasNotice', target: 'notifying' },
          { target: 'idle' },
        ],
        // Offline again, or the server did not answer: the files stay until the next check.
        onError: [{ guard: 'hasNotice', target: 'notifying' }, { target: 'idle' }],
      },
    },
    /** "Removed from this device: <class>, because <reason>", until dismissed. */
    notifying: {
      on: {
        'notice.dismiss': { target: 'idle', actions: assign({ revoked: [] }) },
        check: { target: 'checking' },
      },
    },
  },
});

export type DownloadCheckMachine = typeof downloadCheckMachine;
