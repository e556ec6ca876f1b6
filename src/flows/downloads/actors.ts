// The downloads page machine's actors in the app: this device's downloads (src/features/downloads),
// the browser's storage estimate, and the plan's download devices when online. The first list may
// have been read as the app started (src/features/downloads/early-list.ts).
import { fromPromise } from 'xstate';
import { implement } from '@lib/flow';
import { forgetDrawnDownloads, takeEarlyDownloads } from '@features/downloads';
import { deleteStored, listRecords, storageEstimate } from '@features/downloads';
import type { DownloadDevices, DownloadsMachine, LocalDownloads } from '@machines/downloads.machine';

const online = () => navigator.onLine !== false;

export default implement<DownloadsMachine>(({ api, account }) => ({
  actors: {
    loadDownloads: fromPromise<LocalDownloads>(async () => {
      // The machine has the drawn list now; a later visit to the page reads the store.
      forgetDrawnDownloads();
      const [downloads, storage] = await Promise.all([takeEarlyDownloads() ?? listRecords(account()), storageEstimate()]);
      performance.mark('downloads:read');
      return { downloads, storage };
    }),
    countDevices: fromPromise<DownloadDevices | null>(async () => {
      const overview = online() ? await api.listDownloads() : null;
      return overview?.kind === 'ok' ? { inUse: overview.data.devices.length, allowed: overview.data.download_devices } : null;
    }),
    deleteDownload: fromPromise<void, { classId: string; licenceId: string | null }>(async ({ input }) => {
      await deleteStored(input.classId);
      if (input.licenceId && online()) await api.deleteDownloadLicence({ licenceId: input.licenceId });
    }),
  },
}));
