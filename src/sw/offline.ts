// Downloaded classes (docs/decisions/040): every request under /offline/<class>/ is answered from
// that class's cache (src/features/downloads/offline-caches.ts), with or without a network, so the
// player, posters and captions read the stored files by their local URLs: by the static routes
// below where the browser has them, else here. Also claims a page that asks.
import { cacheNames } from 'workbox-core';
import { cacheName } from '@features/downloads/offline-caches';
import { classOfLocalPath, OFFLINE_ROOT } from '@domain/downloads';

declare const self: ServiceWorkerGlobalScope;

/** Paths the worker never answers: the API, streamed media, uploads (never cached, decision 039). */
export const NETWORK_ONLY_ROOTS = ['/api/', '/media/', '/uploads/'] as const;

export function answerDownloadedFiles(): void {
  self.addEventListener('fetch', (event) => {
    const url = new URL(event.request.url);
    if (url.origin !== self.location.origin) return;
    const classId = classOfLocalPath(url.pathname);
    if (classId === null) return;
    event.respondWith(
      self.caches
        .open(cacheName(classId))
        .then((cache) => cache.match(url.pathname))
        .then((found) => found ?? new Response('Not downloaded', { status: 404, headers: { 'content-type': 'text/plain' } })),
    );
  });
}

/**
 * A page loaded while the first worker was installing is not claimed when it activates (its
 * navigation was under way): the page asks (src/flows/app-update/service-worker.ts), and from then
 * on it is answered like any other.
 */
export function claimOnRequest(): void {
  self.addEventListener('message', (event) => {
    if ((event.data as { type?: unknown } | null)?.type === 'CLAIM_CLIENTS') event.waitUntil(self.clients.claim());
  });
}

/** The Service Worker Static Routing API (Chromium), not yet in TypeScript's lib. */
interface RouterRule {
  condition: { urlPattern: unknown };
  source: 'network' | 'cache' | { cacheName: string };
}
declare const URLPattern: (new (init: { pathname: string; baseURL: string }) => unknown) | undefined;

/**
 * What this worker never answers goes straight to the network, the build's hashed assets straight
 * from the precache, and a downloaded class's files straight from Cache Storage (a file not there
 * goes to the network, where the server answers 404), without starting the worker or waiting on
 * it: static routes, set at install for this version of the worker. A browser without them sends
 * them all through the fetch event.
 */
export function routeAroundTheWorker(): void {
  self.addEventListener('install', (event) => {
    const install = event as ExtendableEvent & { addRoutes?: (rule: RouterRule) => Promise<void> };
    if (typeof install.addRoutes !== 'function' || typeof URLPattern === 'undefined') return;
    const Pattern = URLPattern;
    const under = (root: string) => ({ urlPattern: new Pattern({ pathname: `${root}*`, baseURL: self.location.href }) });
    const routes: RouterRule[] = [
      ...NETWORK_ONLY_ROOTS.map((root): RouterRule => ({ condition: under(root), source: 'network' })),
      { condition: under('/assets/'), source: { cacheName: cacheNames.precache } },
      { condition: under(OFFLINE_ROOT), source: 'cache' },
    ];
    // One rule at a time: a browser that refuses one sends what it names through the fetch event
    // as before, and the install goes on.
    event.waitUntil(Promise.all(routes.map((route) => Promise.resolve().then(() => install.addRoutes!(route)).catch(() => undefined))));
  });
}
