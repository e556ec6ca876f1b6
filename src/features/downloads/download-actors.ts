// The download machine's actors in the app (machines/download.machine.ts): the downloads calls,
// this device's storage (./store.ts) and the browser's quota; shared by the class page, the
// player and /downloads, which all offer Download.
import { fromCallback, fromPromise } from 'xstate';
import type { AppActors } from '@lib/app-actors';
import { fromCall } from '@lib/call-actor';
import { dataSaverOf } from '@features/data-saver';
import type { Schemas } from '@domain/contract';
import type { DownloadFiles, DownloadRecord } from '@domain/downloads';
import { spaceFits, type DownloadEvent, type DownloadState, type SpaceAnswer } from '@machines/download.machine';
import { deleteStored, fetchAhead, fetchDownload, missingBytes, readRecord, storageEstimate, storedFiles, writeRecord, type FetchedAhead } from './store';

export interface DownloadedClass {
  classId: string;
  title: Schemas['LocalizedText'];
  durationSeconds: number;
}

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** What this device holds of the class and has free, read while its licence is asked for (docs/decisions/040). */
interface Prepared {
  stored: Set<string>;
  estimate: Awaited<ReturnType<typeof storageEstimate>>;
}

/**
 * What the licence call hands on to the space check and the first fetch after it, each used once;
 * a resume (fresh URLs) reads them again.
 */
interface HandOff {
  /** This device's stored files and free space, read alongside the licence call. */
  prepared: Promise<Prepared> | null;
  /** What the space check found stored (nothing is stored between it and the fetch). */
  stored: Set<string> | null;
  /** The record written when the licence came, and its write (for the fetch: no read back). */
  record: DownloadRecord | null;
  recorded: Promise<void>;
  /** The class's first files, fetched alongside the licence call (the panel's head start). */
  fetched: FetchedAhead | null;
}

const noHandOff = (): HandOff => ({ prepared: null, stored: null, record: null, recorded: Promise.resolve(), fetched: null });

/** A head start's URLs are used while they have a minute left: a download started later asks without one. */
const HEAD_START_MARGIN_MS = 60_000;

export function downloadImplementations(app: AppActors, downloaded: DownloadedClass) {
  // The records read and written are the signed-in account's own (docs/decisions/038).
  const { api, account } = app;
  const { classId } = downloaded;
  const prepare = (): Promise<Prepared> => Promise.all([storedFiles(classId), storageEstimate()]).then(([stored, estimate]) => ({ stored, estimate }));
  let handOff = noHandOff();
  /** The panel's head start for this class (docs/decisions/051), from the last overview read online. */
  let headStart: Schemas['DownloadHeadStart'] | null = null;
  const fetchFirstFiles = (quality: string): FetchedAhead | null => {
    // While the data saver limits, nothing is fetched that a refused licence would waste.
    if (dataSaverOf(app).getSnapshot().matches('limiting')) return null;
    const files = headStart?.renditions.find((rendition) => rendition.rendition === quality)?.files;
    const fresh = headStart !== null && new Date(headStart.expires_at).getTime() - Date.now() > HEAD_START_MARGIN_MS;
    return files && fresh ? fetchAhead(files) : null;
  };
  /** Drops what was fetched ahead and not taken (no licence, no room, another try). */
  const dropFetched = () => {
    handOff.fetched?.abort();
    handOff.fetched = null;
  };
  return {
    actors: {
      loadDownload: fromPromise<DownloadState, { classId: string }>(async () => {
        const record = await readRecord(account(), classId);
        if (!online()) return { record, maxHeight: null, refused: null };
        const overview = await api.listDownloads({ classId });
        if (overview.kind !== 'ok') return { record, maxHeight: null, refused: null };
        headStart = overview.data.head_start;
        return { record, maxHeight: overview.data.max_video_height, refused: overview.data.refused };
      }),
      requestLicence: fromCall(async (input: { classId: string; quality: string }, signal) => {
        // This device's record (a resume point kept from an earlier download), what it stores of
        // the class and its free space are read while the licence is asked for.
        // The class's first files are fetched meanwhile too, kept only once the licence is issued:
        // from the next task, once the licence call has left (its own steps take a few microtasks).
        const prepared = prepare();
        prepared.catch(() => {});
        dropFetched();
        handOff = { ...noHandOff(), prepared };
        let answered = false;
        setTimeout(() => {
          if (!answered && !signal.aborted) handOff.fetched = fetchFirstFiles(input.quality);
        });
        signal.addEventListener('abort', dropFetched, { once: true });
        const [outcome, earlier] = await Promise.all([api.createDownloadLicence(input, signal), readRecord(account(), classId)]);
        answered = true;
        if (outcome.kind !== 'ok' || outcome.data.kind !== 'issued') dropFetched();
        else {
          // Kept at once: a reload during the download finds it and resumes.
          const { licence, files } = outcome.data;
          const record: DownloadRecord = {
            ...downloaded,
            quality: input.quality,
            bytes: files.total_bytes,
            licenceId: licence.id,
            expiresAt: licence.expires_at,
            done: [],
            fileCount: 0,
            complete: false,
            positionSeconds: earlier?.positionSeconds ?? 0,
            savedAt: new Date().toISOString(),
          };
          // Written while the first files are fetched: none is stored before it is (store.ts).
          handOff.record = record;
          handOff.recorded = writeRecord(account(), record);
          handOff.recorded.catch(() => {});
        }
        return outcome;
      }),
      removeDevice: fromCall(api.removeDownloadDevice),
      resignFiles: fromCall(async ({ licenceId }: { licenceId: string }, signal) => {
        const outcome = await api.downloadFiles({ licenceId }, signal);
        const record = await readRecord(account(), classId);
        if (outcome.kind === 'ok' && record) await writeRecord(account(), { ...record, expiresAt: outcome.data.expiresAt });
        return outcome;
      }),
      checkSpace: fromPromise<SpaceAnswer, { classId: string; files: DownloadFiles }>(async ({ input }) => {
        const ready = handOff.prepared ?? prepare();
        handOff.prepared = null;
        const { stored, estimate } = await ready;
        handOff.stored = stored;
        const space = { needed: missingBytes(input.classId, input.files, stored), free: estimate ? Math.max(0, estimate.quota - estimate.usage) : null };
        // The machine refuses what does not fit: what was fetched ahead is not kept either.
        if (!spaceFits(space)) dropFetched();
        return space;
      }),
      fetchFiles: fromCallback<DownloadEvent, { classId: string; files: DownloadFiles }>(({ input, sendBack }) => {
        const controller = new AbortController();
        void (async () => {
          try {
            // What the space check found stored and the record just written, once; a resume reads the record.
            const { stored, record: written, recorded, fetched } = handOff;
            handOff = noHandOff();
            const record = written ?? (await readRecord(account(), input.classId));
            if (!record) throw new Error('download: no record');
            await fetchDownload(account(), record, input.files, controller.signal, (progress) => sendBack({ type: 'download.progress', ...progress }), {
              stored: stored ?? undefined,
              recorded,
              fetched: fetched ?? undefined,
            });
            sendBack({ type: 'download.stored' });
          } catch {
            if (!controller.signal.aborted) sendBack({ type: 'download.interrupted' });
          }
        })();
        return () => controller.abort();
      }),
      deleteDownload: fromPromise<void, { classId: string; licenceId: string | null }>(async ({ input }) => {
        await deleteStored(input.classId);
        if (input.licenceId && online()) await api.deleteDownloadLicence({ licenceId: input.licenceId });
      }),
    },
    actions: {
      keepStorage: () => {
        void navigator.storage?.persist?.().catch(() => false);
      },
    },
  };
}
