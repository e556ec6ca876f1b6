// `npx tsx scripts/pwa-icons.ts`: draws the app's install icons (public/icons/*.png, committed)
// from the FitStream mark (the drawing of public/favicon.svg) with Chromium, once. "any" icons
// keep the rounded tile; the maskable one fills the square with the page colour and keeps the
// mark inside the central safe circle (radius 40 %), which every launcher's mask leaves visible.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { designColour } from './pwa-manifest';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'public/icons');
const tokens = readFileSync(path.join(root, 'src/styles/tokens.css'), 'utf8');
const background = designColour(tokens, '--bg');
const accent = designColour(tokens, '--accent');
const mark = `<path d="M9 8h14v4h-9v3h8v4h-8v5H9z" fill="${accent}"/>`;

/** The rounded tile of the favicon, edge to edge. */
const tile = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${background}"/>${mark}</svg>`;
/** A full square; the mark (16 × 16 of 32) scaled to 0.8 stays within the 40 % safe circle. */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${background}"/><g transform="translate(16 16) scale(0.8) translate(-16 -16)">${mark}</g></svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, svg: tile },
  { file: 'icon-512.png', size: 512, svg: tile },
  { file: 'icon-maskable-512.png', size: 512, svg: maskable },
  { file: 'apple-touch-icon.png', size: 180, svg: maskable },
];

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  mkdirSync(outDir, { recursive: true });
  for (const { file, size, svg } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`);
    await page.screenshot({ path: path.join(outDir, file), omitBackground: true });
    await page.close();
    console.log(`public/icons/${file} (${size} × ${size})`);
  }
} finally {
  await browser.close();
}
