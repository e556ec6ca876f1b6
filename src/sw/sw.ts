// The app's service worker (docs/decisions/039), built from this folder by vite-plugin-pwa
// (injectManifest, vite.config.ts), which puts the build's file list in `self.__WB_MANIFEST`. It
// precaches the app shell (hashed assets, index.html as every navigation's fallback) and nothing
// else: no API answer and no media is ever cached. Downloaded classes are answered from their own
// caches (./offline.ts, decision 040), /downloads is drawn with this device's list offline
// (./downloads-page.ts, decision 050), and the new-classes push is shown (./push.ts).
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, PrecacheFallbackPlugin, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheOnly, NetworkOnly } from 'workbox-strategies';
import downloadsPages from 'virtual:fitstream/downloads-pages';
import { OFFLINE_ROOT } from '@domain/downloads';
import { prerenderedPathsPattern } from '@domain/prerendered-pages';
import { routes } from '@domain/routes';
import { workerDevice } from './device';
import { downloadsPage } from './downloads-page';
import { answerDownloadedFiles, claimOnRequest, NETWORK_ONLY_ROOTS, routeAroundTheWorker } from './offline';
import { showPushes } from './push';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/** The shell every navigation falls back to. */
const SHELL = 'index.html';
const startsWith = (root: string) => new RegExp(`^${root.replace(/[/-]/g, '\\$&')}`);
const prerenderedPath = new RegExp(`^${prerenderedPathsPattern}`);
/** /downloads: answered by its own route below (decision 050). */
const downloadsPath = new RegExp(`^${routes.downloads.path}/?(\\?.*)?$`);

// Ahead of Workbox's own: downloaded classes (never in the precache) are answered first.
showPushes();
answerDownloadedFiles();
claimOnRequest();
routeAroundTheWorker();

// A new version waits until the user says Reload (src/flows/app-update), which posts this.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
// The first worker controls the page that installed it, so a class downloaded on that visit plays
// from its cache at once; a new version still waits for Reload (decision 039).
clientsClaim();
// `/` is a pre-rendered page, not the precached shell's directory index: no file has this name.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: 'no-directory-index' });
cleanupOutdatedCaches();

// Pages the server renders itself, and its API, media and uploads: never the app shell. The
// pre-rendered pages come from the network (the server picks their language), and the shell when
// the network fails (the route below).
const serversOwn = [...NETWORK_ONLY_ROOTS, OFFLINE_ROOT, '/sandbox/'].map(startsWith);
registerRoute(new NavigationRoute(createHandlerBoundToURL(SHELL), { denylist: [...serversOwn, /^\/flows(\/|$)/, prerenderedPath, downloadsPath] }));
registerRoute(new RegExp(`^https?://[^/]+${prerenderedPathsPattern}`), new NetworkOnly({ plugins: [new PrecacheFallbackPlugin({ fallbackURL: SHELL })] }));

// /downloads: the precached shell as every deep link gets it, but offline with this device's list
// drawn in it. The cache named here is never written: the shell always comes from the precache.
const downloads = downloadsPage(downloadsPages, workerDevice);
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && new RegExp(`^${routes.downloads.path}/?$`).test(url.pathname),
  new CacheOnly({
    cacheName: 'fitstream-downloads-page',
    plugins: [
      new PrecacheFallbackPlugin({ fallbackURL: SHELL }),
      {
        // Reading this device starts with the handling, beside the precache lookup.
        handlerWillStart: async ({ request }) => downloads.prepare(request),
        handlerWillRespond: async ({ request, response }) => (await downloads.respond(response, request)) ?? response,
      },
    ],
  }),
);
