// Downloads: classes kept on this device under a server-issued licence (docs/decisions/038),
// played offline, listed on /downloads, and held for one account at a time. The panel on the
// class page and the player, the records and files in this browser's storage, the list drawn
// before the app starts, and the claim of this browser's downloads at each sign-in.
export { DownloadPanel } from './download-panel';
export { drawnDownloads, drawnWith, forgetDrawnDownloads, readDownloadsEarly, readDrawnDownloads, takeEarlyDownloads } from './early-list';
export { withOfflinePlayback } from './offline-playback';
export { claimDownloads, downloadsHeld, releaseDownloads } from './ownership';

// The stored records and files: the store's code (and idb) loads when one is first read, never
// with the app's first page.
type Store = typeof import('./store');
const store = () => import('./store');
export const listRecords: Store['listRecords'] = async (...args) => (await store()).listRecords(...args);
export const writeRecord: Store['writeRecord'] = async (...args) => (await store()).writeRecord(...args);
export const deleteStored: Store['deleteStored'] = async (...args) => (await store()).deleteStored(...args);
export const storageEstimate: Store['storageEstimate'] = async (...args) => (await store()).storageEstimate(...args);
