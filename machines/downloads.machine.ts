// /downloads (docs/decisions/040): what is on this device (poster, title, quality, size, licence
// expiry), the storage used and free, and how many of the plan's download devices are in use
// (when online); Delete frees a download's space. Works offline: the list is this device's own.
import { assign, fromPromise, setup } from 'xstate';
import type { DownloadRecord } from '@domain/downloads';

export interface DownloadsList {
  downloads: DownloadRecord[];
  /** Bytes used and available to this site (null: the browser does not say). */
  storage: { usage: number; quota: number } | null;
  /** The plan's download devices and those holding downloads (null: offline or unknown). */
  devices: { inUse: number; allowed: number } | null;
}

export type DownloadsEvent = { type: 'download.delete'; classId: string; licenceId: string } | { type: 'retry' };

export interface DownloadsContext extends DownloadsList {
  deleting: string | null;
  failed: boolean;
}

export const downloadsMachine = setup({
  types: {
    context: {} as DownloadsContext,
    events: {} as DownloadsEvent,
  },
  actors: {
    loadDownloads: fromPromise<DownloadsList>(async () => ({ downloads: [], storage: null, devices: null })),
    deleteDownload: fromPromise<void, { classId: string; licenceId: string | null }>(async () => {}),
  },
}).createMachine({
  id: 'downloads',
  context: { downloads: [], storage: null, devices: null, deleting: null, failed: false },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadDownloads',
        onDone: { target: 'showing', actions: assign(({ event }) => ({ ...event.output, deleting: null, failed: false })) },
        onError: { target: 'showing', actions: assign({ deleting: null, failed: true }) },
      },
    },
    /** The list (or "Nothing downloaded yet"), storage and devices. */
    showing: {
      on: {
        'download.delete': { target: 'deleting', actions: assign({ deleting: ({ event }) => event.classId }) },
        retry: { target: 'loading' },
      },
    },
    /** Deleting one download's files, record and licence; then the list again. */
    deleting: {
      tags: ['busy'],
      invoke: {
        src: 'deleteDownload',
        input: ({ event }) => {
          const { classId, licenceId } = event as Extract<DownloadsEvent, { type: 'download.delete' }>;
          return { classId, licenceId };
        },
        onDone: { target: 'loading' },
        onError: { target: 'loading' },
      },
    },
  },
});

export type DownloadsMachine = typeof downloadsMachine;
