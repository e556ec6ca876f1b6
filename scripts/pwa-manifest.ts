// The web app manifest (vite.config.ts hands it to vite-plugin-pwa): names, icons and the
// colours of the design tokens (src/styles/tokens.css), read at build time so they never drift.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ManifestOptions } from 'vite-plugin-pwa';

/** A colour token's value (`--bg: #0b0d12;` → `#0b0d12`). */
export function designColour(css: string, token: string): string {
  const match = new RegExp(`${token}:\\s*(#[0-9a-fA-F]{3,8})\\s*;`).exec(css);
  if (!match?.[1]) throw new Error(`src/styles/tokens.css has no colour ${token}`);
  return match[1];
}

export function webAppManifest(root: string): Partial<ManifestOptions> {
  const tokens = readFileSync(path.join(root, 'src/styles/tokens.css'), 'utf8');
  const page = designColour(tokens, '--bg');
  return {
    name: 'FitStream',
    short_name: 'FitStream',
    description: 'Fitness classes streamed to every screen.',
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    lang: 'en',
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
