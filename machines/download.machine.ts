// Downloading one class to this device (docs/decisions/038 and 040): the quality (at most the
// plan's cap, the smaller one by default), a licence from the server (over the plan's download
// devices: the devices holding downloads, one of which can be removed to download here), room
// for it (refused up front when it will not fit), then every file with its progress, which can be
// cancelled, and resumes after a reload or a dropped connection with fresh URLs, skipping what is
// stored. The app provides the actors: the calls, the space check and the storage (src/features/downloads).
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { defaultQuality, qualityChoices, type DownloadDevice, type DownloadFiles, type DownloadRecord, type DownloadRefusal, type LicenceAnswer } from '@domain/downloads';
import type { Outcome } from '@domain/request-outcome';
import { fromOutcome, outcomeOf } from './request-states';

export interface DownloadInput {
  classId: string;
}

/** What is known when the panel opens: this device's record of the class, and the plan's cap (null: downloads refused or unknown offline). */
export interface DownloadState {
  record: DownloadRecord | null;
  maxHeight: number | null;
  refused: DownloadRefusal | null;
}

export interface SpaceAnswer {
  /** Bytes still to store. */
  needed: number;
  /** Bytes free in the origin's quota (null: the browser does not say). */
  free: number | null;
}

/** Whether what is still to store fits in the free space (an unknown free space lets it try). */
export const spaceFits = (space: SpaceAnswer): boolean => space.free === null || space.needed <= space.free;

export type DownloadProblem = 'noSpace' | 'classLimit' | 'refused' | 'failed' | 'interrupted' | 'removeFailed' | 'ended';

export type DownloadEvent =
  | { type: 'quality.choose'; quality: string }
  | { type: 'download.start' }
  | { type: 'download.cancel' }
  | { type: 'download.resume' }
  | { type: 'download.delete' }
  | { type: 'device.remove'; deviceId: string }
  | { type: 'connection.online' }
  | { type: 'download.progress'; bytesDone: number; bytesTotal: number }
  | { type: 'download.stored' }
  | { type: 'download.interrupted' };

export interface DownloadContext {
  classId: string;
  choices: string[];
  quality: string | null;
  licenceId: string | null;
  files: DownloadFiles | null;
  bytesDone: number;
  bytesTotal: number;
  devices: DownloadDevice[];
  downloadDevices: number;
  problem: DownloadProblem | null;
  refusal: DownloadRefusal | null;
  space: SpaceAnswer | null;
}

type FilesOutput = Outcome<{ licenceId: string; files: DownloadFiles }>;
const outcomeAt = (event: unknown) => outcomeOf({ event: event as { output: Outcome<unknown> } });
const issued = (kind: LicenceAnswer['kind']) => ({ event }: { event: unknown }) => {
  const outcome = outcomeAt(event);
  return outcome.kind === 'ok' && (outcome.data as LicenceAnswer).kind === kind;
};
/** The answer of kind `K`, in the transition its guard (`issued(K)`) chose. */
const answerAs = <K extends LicenceAnswer['kind']>(event: unknown) => (event as { output: { data: Extract<LicenceAnswer, { kind: K }> } }).output.data;

export const downloadMachine = setup({
  types: {
    context: {} as DownloadContext,
    events: {} as DownloadEvent,
    input: {} as DownloadInput,
  },
  actors: {
    loadDownload: fromPromise<DownloadState, { classId: string }>(async () => ({ record: null, maxHeight: null, refused: null })),
    requestLicence: fromOutcome<LicenceAnswer, { classId: string; quality: string }>(),
    removeDevice: fromOutcome<object, { deviceId: string }>(),
    resignFiles: fromOutcome<{ licenceId: string; files: DownloadFiles }, { licenceId: string }>(),
    checkSpace: fromPromise<SpaceAnswer, { classId: string; files: DownloadFiles }>(async () => ({ needed: 0, free: null })),
    /** Stores every file not stored yet, reporting `download.progress`, then `download.stored` or `download.interrupted`. */
    fetchFiles: fromCallback<DownloadEvent, { classId: string; quality: string; licenceId: string; files: DownloadFiles }>(() => () => {}),
    /** Deletes the files and the record here, and the licence on the server when online. */
    deleteDownload: fromPromise<void, { classId: string; licenceId: string | null }>(async () => {}),
  },
  actions: {
    /** Asks the browser to keep this origin's storage under pressure (navigator.storage.persist). */
    keepStorage: () => {},
    takeState: assign(({ event }) => {
      const { record, maxHeight, refused } = (event as unknown as { output: DownloadState }).output;
      const choices = qualityChoices(maxHeight);
      return {
        choices,
        quality: record?.quality ?? defaultQuality(maxHeight),
        licenceId: record?.licenceId ?? null,
        bytesDone: record?.complete ? record.bytes : 0,
        bytesTotal: record?.bytes ?? 0,
        refusal: refused,
      };
    }),
    forgetLicence: assign({ licenceId: null, files: null, bytesDone: 0, bytesTotal: 0 }),
  },
  guards: {
    hasQuality: ({ context }) => context.quality !== null,
    isDownloaded: ({ event }) => (event as unknown as { output: DownloadState }).output.record?.complete === true,
    isPartial: ({ event }) => (event as unknown as { output: DownloadState }).output.record !== null,
    isIssued: issued('issued'),
    isDeviceLimit: issued('deviceLimit'),
    isClassLimit: issued('classLimit'),
    isRefused: issued('refused'),
    wasCancelled: ({ event }) => outcomeAt(event).kind === 'cancelled',
    removed: ({ event }) => outcomeAt(event).kind === 'ok',
    resigned: ({ event }) => outcomeAt(event).kind === 'ok',
    licenceEnded: ({ event }) => {
      const outcome = outcomeAt(event);
      return outcome.kind === 'failed' && (outcome.status === 410 || outcome.status === 404);
    },
    fits: ({ event }) => spaceFits((event as unknown as { output: SpaceAnswer }).output),
  },
}).createMachine({
  id: 'download',
  context: ({ input }) => ({
    classId: input.classId,
    choices: [],
    quality: null,
    licenceId: null,
    files: null,
    bytesDone: 0,
    bytesTotal: 0,
    devices: [],
    downloadDevices: 0,
    problem: null,
    refusal: null,
    space: null,
  }),
  initial: 'loading',
  states: {
    /** Reading this device's record of the class and the plan's cap. */
    loading: {
      invoke: {
        src: 'loadDownload',
        input: ({ context }) => ({ classId: context.classId }),
        onDone: [
          { guard: 'isDownloaded', target: 'downloaded', actions: 'takeState' },
          { guard: 'isPartial', target: 'paused', actions: 'takeState' },
          { target: 'ready', actions: 'takeState' },
        ],
        onError: { target: 'ready' },
      },
    },
    /** Not on this device: the quality picker and Download (or why downloads are refused). */
    ready: {
      on: {
        'quality.choose': { guard: ({ context, event }) => context.choices.includes(event.quality), actions: assign({ quality: ({ event }) => event.quality }) },
        'download.start': { guard: 'hasQuality', target: 'requesting', actions: assign({ problem: null, refusal: null, space: null }) },
      },
    },
    /** Asking the server for a licence at the chosen quality. */
    requesting: {
      tags: ['busy'],
      invoke: {
        src: 'requestLicence',
        input: ({ context }) => ({ classId: context.classId, quality: context.quality ?? '' }),
        onDone: [
          {
            guard: 'isIssued',
            target: 'checkingSpace',
            actions: assign(({ event }) => {
              const { licence, files } = answerAs<'issued'>(event);
              return { licenceId: licence.id, files, bytesDone: 0, bytesTotal: files.total_bytes };
            }),
          },
          {
            guard: 'isDeviceLimit',
            target: 'deviceLimit',
            actions: assign(({ event }) => {
              const { devices, downloadDevices } = answerAs<'deviceLimit'>(event);
              return { devices, downloadDevices };
            }),
          },
          { guard: 'isClassLimit', target: 'ready', actions: assign({ problem: 'classLimit' }) },
          {
            guard: 'isRefused',
            target: 'ready',
            actions: assign(({ event }) => ({ problem: 'refused' as const, refusal: answerAs<'refused'>(event).reason })),
          },
          { guard: 'wasCancelled', target: 'ready' },
          { target: 'ready', actions: assign({ problem: 'failed' }) },
        ],
        onError: { target: 'ready', actions: assign({ problem: 'failed' }) },
      },
    },
    /** Every download device of the plan holds downloads: the list, and "Remove downloads from that device". */
    deviceLimit: {
      on: {
        'device.remove': { target: 'removingDevice' },
        'download.cancel': { target: 'ready', actions: assign({ devices: [], problem: null }) },
      },
    },
    removingDevice: {
      tags: ['busy'],
      invoke: {
        src: 'removeDevice',
        input: ({ event }) => ({ deviceId: (event as { deviceId?: string }).deviceId ?? '' }),
        onDone: [
          { guard: 'removed', target: 'requesting', actions: assign({ devices: [], problem: null }) },
          { target: 'deviceLimit', actions: assign({ problem: 'removeFailed' }) },
        ],
        onError: { target: 'deviceLimit', actions: assign({ problem: 'removeFailed' }) },
      },
    },
    /** Will it fit? Refused before the first byte when storage.estimate says it will not. */
    checkingSpace: {
      tags: ['busy'],
      invoke: {
        src: 'checkSpace',
        input: ({ context }) => ({ classId: context.classId, files: context.files! }),
        onDone: [
          { guard: 'fits', target: 'fetching', actions: assign({ space: ({ event }) => event.output }) },
          { target: 'releasing', actions: assign({ space: ({ event }) => event.output, problem: 'noSpace' }) },
        ],
        onError: { target: 'fetching' },
      },
    },
    /** It will not fit: the licence is given back, so it takes no download device. */
    releasing: {
      tags: ['busy'],
      invoke: {
        src: 'deleteDownload',
        input: ({ context }) => ({ classId: context.classId, licenceId: context.licenceId }),
        onDone: { target: 'ready', actions: 'forgetLicence' },
        onError: { target: 'ready', actions: 'forgetLicence' },
      },
    },
    /** Storing the files, with progress; Cancel deletes what is stored. */
    fetching: {
      entry: 'keepStorage',
      invoke: {
        src: 'fetchFiles',
        input: ({ context }) => ({ classId: context.classId, quality: context.quality ?? '', licenceId: context.licenceId ?? '', files: context.files! }),
      },
      on: {
        'download.progress': { actions: assign({ bytesDone: ({ event }) => event.bytesDone, bytesTotal: ({ event }) => event.bytesTotal }) },
        // No problem shows while fetching: every way in (a licence issued, fresh URLs) cleared it.
        'download.stored': { target: 'downloaded' },
        'download.interrupted': { target: 'paused', actions: assign({ problem: 'interrupted' }) },
        'download.cancel': { target: 'removing' },
      },
    },
    /** Part of the class is stored (a reload, a dropped connection): Resume fetches the rest; it resumes by itself when the connection returns. */
    paused: {
      on: {
        'download.resume': { target: 'resigning' },
        'connection.online': { target: 'resigning' },
        'download.cancel': { target: 'removing' },
      },
    },
    /** Fresh signed URLs for the licence, to fetch what is missing. */
    resigning: {
      tags: ['busy'],
      invoke: {
        src: 'resignFiles',
        input: ({ context }) => ({ licenceId: context.licenceId ?? '' }),
        onDone: [
          {
            guard: 'resigned',
            target: 'checkingSpace',
            actions: assign(({ event }) => {
              // The guard (`resigned`) settled that the answer is the files.
              const { files } = (event as { output: Extract<FilesOutput, { kind: 'ok' }> }).output.data;
              return { files, bytesTotal: files.total_bytes, problem: null };
            }),
          },
          { guard: 'licenceEnded', target: 'removing', actions: assign({ problem: 'ended' }) },
          { target: 'paused', actions: assign({ problem: 'interrupted' }) },
        ],
        onError: { target: 'paused', actions: assign({ problem: 'interrupted' }) },
      },
    },
    /** On this device: plays offline; Delete frees the space. */
    downloaded: { on: { 'download.delete': { target: 'removing' } } },
    /** Deleting the files, the record and the licence (Cancel or Delete). */
    removing: {
      tags: ['busy'],
      invoke: {
        src: 'deleteDownload',
        input: ({ context }) => ({ classId: context.classId, licenceId: context.licenceId }),
        onDone: { target: 'ready', actions: 'forgetLicence' },
        onError: { target: 'ready', actions: 'forgetLicence' },
      },
    },
  },
});

export type DownloadMachine = typeof downloadMachine;
