// The service worker (vite-plugin-pwa's Workbox worker, docs/decisions/039), registered once per
// page after it has loaded, so it never competes with the first page's own requests. Reports a
// new version waiting (its own update check at each start, and every hour while the page stays
// open); `applyUpdate` lets that version take over, and the page reloads on it.
/// <reference types="vite-plugin-pwa/vanillajs" />

const HOURLY = 60 * 60 * 1000;

let update: Promise<((reloadPage?: boolean) => Promise<void>) | null> | null = null;
let waiting = false;
const listeners = new Set<() => void>();

function afterLoad(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

async function register(): Promise<((reloadPage?: boolean) => Promise<void>) | null> {
  if (!('serviceWorker' in navigator)) return null;
  await afterLoad();
  const { registerSW } = await import('virtual:pwa-register');
  return registerSW({
    immediate: true,
    onNeedRefresh() {
      waiting = true;
      for (const listener of listeners) listener();
    },
    onRegisteredSW(_url, registration) {
      if (registration) setInterval(() => void registration.update().catch(() => {}), HOURLY);
    },
  });
}

/** Calls `onWaiting` when a new version waits (at once if one does already); returns the unsubscribe. */
export function watchForNewVersion(onWaiting: () => void): () => void {
  listeners.add(onWaiting);
  update ??= register().catch(() => null);
  if (waiting) onWaiting();
  return () => listeners.delete(onWaiting);
}

/** The waiting version takes over; the page reloads when it controls the page. */
export async function applyUpdate(): Promise<void> {
  const updateServiceWorker = await update;
  if (updateServiceWorker) await updateServiceWorker(true);
  else window.location.reload();
}
