// The service worker (src/sw, built to /sw.js by vite-plugin-pwa, docs/decisions/039), registered
// once per page with workbox-window after the page has loaded, so it never competes with the
// first page's own requests (and not at all in development, where no worker is built). Reports a
// new version waiting: found by the registration at each start, every hour while the page stays
// open, or installed by another tab. `applyUpdate` lets it take over; the page then reloads on it.
import type { Workbox } from 'workbox-window';

const HOURLY = 60 * 60 * 1000;

let registration: Promise<Workbox | null> | null = null;
let waiting = false;
const listeners = new Set<() => void>();

function afterLoad(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

function tellWaiting(): void {
  waiting = true;
  for (const listener of listeners) listener();
}

async function register(): Promise<Workbox | null> {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return null;
  await afterLoad();
  const { Workbox } = await import('workbox-window');
  const workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', tellWaiting);
  // A worker another tab (or an hourly check) installed: Workbox calls it external.
  workbox.addEventListener('installed', (event) => {
    if (event.isExternal) tellWaiting();
  });
  const found = await workbox.register({ immediate: true });
  if (found) setInterval(() => void found.update().catch(() => {}), HOURLY);
  // The first worker claims the pages open when it activates, but Chromium skips a page whose
  // navigation was still under way then, and that page would stay without a worker (downloads
  // not answered) until a reload: such a page asks to be claimed (src/sw/offline.ts).
  if (found?.active && !navigator.serviceWorker.controller) found.active.postMessage({ type: 'CLAIM_CLIENTS' });
  return workbox;
}

/** Calls `onWaiting` when a new version waits (at once if one does already); returns the unsubscribe. */
export function watchForNewVersion(onWaiting: () => void): () => void {
  listeners.add(onWaiting);
  registration ??= register().catch(() => null);
  if (waiting) onWaiting();
  return () => listeners.delete(onWaiting);
}

/** The waiting version takes over; the page reloads once it controls the page. */
export async function applyUpdate(): Promise<void> {
  const workbox = await registration;
  if (!workbox) return window.location.reload();
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  workbox.messageSkipWaiting();
}
