// /downloads (docs/decisions/040, 050): what is on this device (poster, title, quality, size,
// licence expiry), the storage used and free, and how many of the plan's download devices are in
// use (when online); Delete frees a download's space. Works offline: the list is this device's own.
// The list is shown as soon as it is read from this device; the devices count (a network call)
// comes after it, in `showing.counting`, so a slow or hanging connection never holds the list.
// A page the service worker drew with the list already in it starts the machine with that list
// (`input.shown`), so the first render draws what is on the page.
import { assign, fromPromise, setup } from 'xstate';
import type { DownloadRecord } from '@domain/downloads';

/** What this device holds: its downloads and the storage used and available to this site. */
export interface LocalDownloads {
  downloads: DownloadRecord[];
  /** Bytes used and available to this site (null: the browser does not say). */
  storage: { usage: number; quota: number } | null;
}

/** The plan's download devices and those holding downloads. */
export interface DownloadDevices {
  inUse: number;
  allowed: number;
}

export interface DownloadsList extends LocalDownloads {
  /** Null: offline, unknown, or not counted yet. */
  devices: DownloadDevices | null;
}

export interface DownloadsInput {
  /** The list the page was drawn with before the app started (src/features/downloads/early-list.ts). */
  shown?: LocalDownloads | null;
}

export type DownloadsEvent = { type: 'download.delete'; classId: string; licenceId: string } | { type: 'retry' };

export interface DownloadsContext extends DownloadsList {
  deleting: string | null;
  failed: boolean;
}

/** Delete one download: from the list shown, or from the list drawn before the app while it is read again. */
const deleteOne = { target: 'deleting', actions: 'markDeleting' } as const;

export const downloadsMachine = setup({
  types: {
    context: {} as DownloadsContext,
    events: {} as DownloadsEvent,
    input: {} as DownloadsInput | undefined,
  },
  actors: {
    loadDownloads: fromPromise<LocalDownloads>(async () => ({ downloads: [], storage: null })),
    /** Null when offline or when the count cannot be had. */
    countDevices: fromPromise<DownloadDevices | null>(async () => null),
    deleteDownload: fromPromise<void, { classId: string; licenceId: string | null }>(async () => {}),
  },
  actions: {
    markDeleting: assign({ deleting: ({ event }) => (event as Extract<DownloadsEvent, { type: 'download.delete' }>).classId }),
  },
}).createMachine({
  id: 'downloads',
  context: ({ input }) => ({
    downloads: input?.shown?.downloads ?? [],
    storage: input?.shown?.storage ?? null,
    devices: null,
    deleting: null,
    failed: false,
  }),
  initial: 'loading',
  states: {
    /**
     * Reading this device's list (what was drawn before the app started stays on screen meanwhile,
     * and its Delete works: pressed on the drawn page, it is pressed again as the app hydrates).
     */
    loading: {
      tags: ['loading'],
      on: { 'download.delete': deleteOne },
      invoke: {
        src: 'loadDownloads',
        onDone: { target: 'showing', actions: assign(({ event }) => ({ ...event.output, deleting: null, failed: false })) },
        onError: { target: 'showing', actions: assign({ deleting: null, failed: true }) },
      },
    },
    /** The list (or "Nothing downloaded yet") and storage; the devices count once it answers. */
    showing: {
      initial: 'counting',
      on: {
        'download.delete': deleteOne,
        retry: { target: 'loading' },
      },
      states: {
        /** The plan's download devices asked for (answered at once, with nothing, offline). */
        counting: {
          invoke: {
            src: 'countDevices',
            onDone: { target: 'counted', actions: assign({ devices: ({ event }) => event.output }) },
            onError: { target: 'counted', actions: assign({ devices: null }) },
          },
        },
        counted: {},
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
