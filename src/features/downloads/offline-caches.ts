// Where a downloaded class's files are kept: a cache per class, under their local URLs
// (`/offline/<class>/…`). No imports: the session's start reads these without loading idb.
export const OFFLINE_CACHE_PREFIX = 'fitstream-offline-';
export const cacheName = (classId: string): string => `${OFFLINE_CACHE_PREFIX}${classId}`;
export const storageAvailable = (): boolean => typeof caches !== 'undefined' && typeof indexedDB !== 'undefined';
