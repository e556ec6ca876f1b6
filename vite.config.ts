// Builds the single-page app and its service worker; in development it proxies the API to the
// server on PORT.
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { precompiledMessages } from './scripts/precompiled-messages.ts';
import { webAppManifest } from './scripts/pwa-manifest.ts';
import { prerenderPages, PRERENDERED_PAGES } from './scripts/prerender.ts';

const apiPort = process.env.PORT ?? '8080';

/**
 * The libraries every page runs before it answers (React, XState, react-intl, wouter) in one
 * chunk apart from the app's own code: compressed as one file (1.2 kB less gzip than in three
 * chunks), and kept in the cache across releases that change only the app (docs/decisions/070).
 * Only for the app itself: the bundle benchmark's bare pages (bench/bare-react, bench/bare-stack,
 * built with this config) stay one file, as a bare page would be.
 */
function frameworkChunk(): Plugin {
  const framework = /node_modules[\\/](react|react-dom|scheduler|react-intl|@formatjs|intl-messageformat|wouter|regexparam|xstate|@xstate|use-sync-external-store)[\\/]/;
  return {
    name: 'fitstream:framework-chunk',
    apply: 'build',
    config: (config) =>
      path.resolve(config.root ?? '.') === import.meta.dirname
        ? { build: { rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'framework', test: framework }] } } } } }
        : null,
  };
}

/** The pre-rendered pages' paths (with any query) as one pattern (docs/decisions/042). */
const prerenderedPaths = `(${Object.keys(PRERENDERED_PAGES).map((page) => page.replace(/[/-]/g, '\\$&')).join('|')})(\\?.*)?$`;
const prerenderedPath = new RegExp(`^${prerenderedPaths}`);
/** public/sw-downloads.js, in the worker's global scope. */
interface DownloadsPageWorker {
  fitstreamDownloadsPage: { prepare(request: Request): void; respond(shell: Response, request: Request): Promise<Response> };
}
/** /downloads: answered by its own route below (docs/decisions/050). */
const downloadsPath = /^\/downloads\/?(\?.*)?$/;

export default defineConfig({
  // Messages are parsed here, not in the browser (scripts/precompiled-messages.ts).
  plugins: [
    precompiledMessages(),
    react(),
    frameworkChunk(),
    // The public pages as HTML in English and Spanish, after the client build (docs/decisions/042).
    prerenderPages(),
    // The installable app (docs/decisions/039): the manifest and a Workbox worker that precaches
    // the app shell (hashed assets, index.html as every navigation's fallback) and nothing else:
    // no API answer and no media is ever cached. A new version waits until the user says Reload
    // (src/flows/app-update), which the app registers itself after the page has loaded.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: webAppManifest(import.meta.dirname),
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The pre-rendered pages are never cached: a release must not leave an old one behind.
        globIgnores: ['prerendered/**'],
        navigateFallback: 'index.html',
        // `/` is a pre-rendered page, not the precached shell's directory index.
        directoryIndex: 'no-directory-index',
        // Pages the server renders itself, and its API, media and uploads: never the app shell.
        // The pre-rendered pages come from the network (the server picks their language), and
        // the shell when the network fails (the route below).
        navigateFallbackDenylist: [/^\/api\//, /^\/media\//, /^\/offline\//, /^\/uploads\//, /^\/sandbox\//, /^\/flows(\/|$)/, prerenderedPath, downloadsPath],
        runtimeCaching: [
          {
            // Workbox tests a pattern against the whole same-origin URL.
            urlPattern: new RegExp(`^https?://[^/]+${prerenderedPaths}`),
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: 'index.html' } },
          },
          {
            // /downloads: the precached shell as every deep link gets it, but offline with this
            // device's list drawn in it by public/sw-downloads.js (docs/decisions/050). The cache
            // named here is never written: the shell always comes from the precache fallback.
            urlPattern: ({ request, url }: { request: Request; url: URL }) => request.mode === 'navigate' && /^\/downloads\/?$/.test(url.pathname),
            handler: 'CacheOnly',
            options: {
              cacheName: 'fitstream-downloads-page',
              precacheFallback: { fallbackURL: 'index.html' },
              plugins: [
                {
                  // Reading this device starts with the handling, beside the precache lookup.
                  handlerWillStart: async ({ request }: { request: Request }) => (globalThis as unknown as DownloadsPageWorker).fitstreamDownloadsPage.prepare(request),
                  handlerWillRespond: async ({ request, response }: { request: Request; response: Response }) =>
                    (globalThis as unknown as DownloadsPageWorker).fitstreamDownloadsPage.respond(response, request),
                },
              ],
            },
          },
        ],
        cleanupOutdatedCaches: true,
        // The new-classes push and its click (public/sw-push.js); downloaded classes answered
        // from their caches under /offline/ (public/sw-offline.js, docs/decisions/040).
        // /downloads drawn with its list offline (public/sw-downloads.js, decision 050).
        importScripts: ['/sw-push.js', '/sw-offline.js', '/sw-downloads.js'],
        // The first worker controls the page that installed it, so a class downloaded on that
        // visit plays from its cache at once; a new version still waits for Reload (decision 039).
        clientsClaim: true,
        sourcemap: false,
      },
    }),
  ],
  // The path aliases (@domain/…, @machines/…) are tsconfig.json's, read once for every tool.
  // The shims of useSyncExternalStore that @xstate/react and wouter import (for React 17) are
  // React 19's own hook here: the same functions, less code on every first page.
  resolve: {
    tsconfigPaths: true,
    alias: [
      { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' },
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'use-sync-external-store' },
    ],
  },
  // Source maps stay beside the build for the bundle benchmark and for reading stack traces;
  // 'hidden' leaves no reference to them in the JS, and the server never serves them.
  build: { outDir: 'dist', sourcemap: 'hidden', target: 'es2022' },
  server: {
    port: 5173,
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/uploads': `http://127.0.0.1:${apiPort}`,
      '/sandbox': `http://127.0.0.1:${apiPort}`,
    },
  },
});
