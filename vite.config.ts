// Builds the single-page app and its service worker; in development it proxies the API to the
// server on PORT.
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { precompiledMessages } from './scripts/precompiled-messages.ts';
import { languageManifests, webAppManifest } from './scripts/pwa-manifest.ts';
import { prerenderPages } from './scripts/prerender.ts';
import type { DownloadsPages } from './src/sw/downloads-templates.ts';

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

/**
 * The build's templates of /downloads (scripts/prerender.ts, made once the app is built) as a
 * module of the worker's build, which comes after: `virtual:fitstream/downloads-pages`; and the
 * path aliases, which that build does not take from this config.
 */
function downloadsPagesModule(downloadsPages: () => Promise<DownloadsPages | null>): Plugin {
  const id = 'virtual:fitstream/downloads-pages';
  return {
    name: 'fitstream:downloads-pages',
    // The worker's build is Vite's own, apart from this config: the same path aliases for it.
    config: () => ({ resolve: { tsconfigPaths: true } }),
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load: async (resolved) => (resolved === `\0${id}` ? `export default ${JSON.stringify(await downloadsPages())};` : null),
  };
}

const prerender = prerenderPages();

export default defineConfig({
  // Messages are parsed here, not in the browser (scripts/precompiled-messages.ts).
  plugins: [
    precompiledMessages(),
    react(),
    frameworkChunk(),
    // The public pages as HTML in English and Spanish, after the client build (docs/decisions/042).
    prerender,
    // The installable app (docs/decisions/039): the manifest and the service worker, built from
    // src/sw (TypeScript, importing the app's own modules) with the list of files to precache put
    // in it: the app shell (hashed assets, index.html as every navigation's fallback) and nothing
    // else. A new version waits until the user says Reload (src/flows/app-update), which the app
    // registers itself after the page has loaded.
    languageManifests(import.meta.dirname),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: webAppManifest(import.meta.dirname),
      strategies: 'injectManifest',
      // From this folder whatever the root (the bundle benchmark builds its bare pages with this config).
      srcDir: path.join(import.meta.dirname, 'src/sw'),
      filename: 'sw.ts',
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The pre-rendered pages are never cached: a release must not leave an old one behind.
        globIgnores: ['prerendered/**'],
        // A classic script, as the app registers it.
        rollupFormat: 'iife',
        sourcemap: false,
        buildPlugins: { vite: [downloadsPagesModule(prerender.downloadsPages)] },
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
