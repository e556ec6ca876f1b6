// What the worker reads of this device to draw /downloads offline (./downloads-page.ts): the
// downloads through the app's own database module, the language the app stored in its cookie,
// the storage estimate, and the build's stylesheet from the precache.
import { readOwnedRecords } from '@features/downloads/database';
import { LANGUAGE_COOKIE } from '@lib/storage-keys';
import type { Device } from './downloads-page';

declare const self: ServiceWorkerGlobalScope;

export const workerDevice: Device = {
  offline: () => self.navigator.onLine === false,
  languages: () => self.navigator.languages ?? [],
  downloads: readOwnedRecords,
  async storage() {
    const estimate = await self.navigator.storage?.estimate?.();
    return estimate ? { usage: estimate.usage ?? 0, quota: estimate.quota ?? 0 } : null;
  },
  async storedLanguage() {
    try {
      return (await self.cookieStore?.get(LANGUAGE_COOKIE))?.value ?? null;
    } catch {
      return null;
    }
  },
  async precachedText(url) {
    const found = await self.caches.match(url);
    return found?.ok ? found.text() : null;
  },
};
