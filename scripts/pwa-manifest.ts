// The web app manifest (vite.config.ts hands the English one to vite-plugin-pwa; the other
// languages' are emitted beside it, decision 062): names, icons and the colours of the design
// tokens (src/styles/tokens.css), the description from locales/, read at build time so they never drift.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import type { ManifestOptions } from 'vite-plugin-pwa';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES, type AppLocale } from '../domain/locales.ts';
import { manifestHref } from '../domain/web-app-manifest.ts';
import { manifestMessages } from '../domain/web-app-manifest-texts.ts';

/** A colour token's value (`--bg: #0b0d12;` → `#0b0d12`). */
export function designColour(css: string, token: string): string {
  const match = new RegExp(`${token}:\\s*(#[0-9a-fA-F]{3,8})\\s*;`).exec(css);
  if (!match?.[1]) throw new Error(`src/styles/tokens.css has no colour ${token}`);
  return match[1];
}

/** A message of locales/<language>.json (the English default where it has none). */
function message(root: string, language: AppLocale, descriptor: { id: string; defaultMessage: string }): string {
  const catalogue = JSON.parse(readFileSync(path.join(root, 'locales', `${language}.json`), 'utf8')) as Record<string, string>;
  return catalogue[descriptor.id] ?? descriptor.defaultMessage;
}

export function webAppManifest(root: string, language: AppLocale = DEFAULT_LOCALE): Partial<ManifestOptions> {
  const tokens = readFileSync(path.join(root, 'src/styles/tokens.css'), 'utf8');
  const page = designColour(tokens, '--bg');
  return {
    name: 'FitStream',
    short_name: 'FitStream',
    description: message(root, language, manifestMessages.description),
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    lang: language,
    dir: 'ltr',
    theme_color: page,
    background_color: page,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/**
 * The manifests of the languages other than English (`/manifest.es.webmanifest`), emitted with the
 * client build, so the worker's build (which precaches every manifest) finds them.
 */
export function languageManifests(root: string): Plugin {
  return {
    name: 'fitstream-language-manifests',
    apply: 'build',
    generateBundle() {
      for (const language of SUPPORTED_LOCALES.filter((locale) => locale !== DEFAULT_LOCALE)) {
        const manifest = webAppManifest(root, language);
        this.emitFile({ type: 'asset', fileName: manifestHref(language).slice(1), source: `${JSON.stringify(manifest)}\n` });
      }
    },
  };
}
