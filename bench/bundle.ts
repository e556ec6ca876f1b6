// Bundle: builds the app and a bare React 19 page with the same Vite config in the same run,
// and compares the compressed bytes each route loads before it is interactive.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, type Manifest } from 'vite';
import { largestContributors } from './bundle-composition';
import { repoRoot } from './server-process';
import { ratioOf, type Row } from './table';

export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

const zero: Sizes = { raw: 0, gzip: 0, brotli: 0 };
const add = (a: Sizes, b: Sizes): Sizes => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli });

/** Sizes as a static host would serve them precompressed: gzip -9 and brotli -11. */
async function sizeOf(file: string): Promise<Sizes> {
  const bytes = await readFile(file);
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

async function sumOf(outDir: string, files: Iterable<string>): Promise<Sizes> {
  let total = zero;
  for (const file of files) total = add(total, await sizeOf(path.join(outDir, file)));
  return total;
}

interface Built {
  outDir: string;
  manifest: Manifest;
}

/** Builds `root/index.html` with the app's own vite.config.ts into a temporary directory. */
async function buildWithAppConfig(root: string, label: string): Promise<Built> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), `fitstream-bundle-${label}-`));
  await build({
    configFile: path.join(repoRoot, 'vite.config.ts'),
    root,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  const manifest = JSON.parse(await readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  return { outDir, manifest };
}

interface Closure {
  js: Set<string>;
  css: Set<string>;
}

/** A chunk and everything it imports statically: what loads before its code runs. */
function staticClosure(manifest: Manifest, keys: string[]): Closure {
  const closure: Closure = { js: new Set(), css: new Set() };
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    if (chunk.file.endsWith('.js')) closure.js.add(chunk.file);
    if (chunk.file.endsWith('.css')) closure.css.add(chunk.file);
    for (const css of chunk.css ?? []) closure.css.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return closure;
}

function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((candidate) => manifest[candidate]?.isEntry);
  if (!key) throw new Error('the build has no entry in its manifest');
  return key;
}

/** The dynamic entries whose source matches `pattern`, by manifest key. */
function dynamicEntries(manifest: Manifest, pattern: RegExp): string[] {
  return Object.keys(manifest).filter((key) => manifest[key]?.isDynamicEntry && pattern.test(manifest[key]?.src ?? key));
}

/** Lazily loaded screens: each flow's screens and static pages (src/flows/<flow>/*-screen.tsx, *-page.tsx). */
const routeChunks = (manifest: Manifest) => dynamicEntries(manifest, /src\/flows\/[^/]+\/[^/]+-(screen|page)\.tsx$/);

/**
 * The app itself (React, the machines, the router: src/app/boot.tsx), which the entry imports
 * at once on an app page, and on a pre-rendered page at the visitor's first move (decision 048):
 * an app page's controls need it before they answer, so every route's figure counts it; the
 * landing's answer without it (decision 071), and its own row counts it apart.
 */
const bootChunks = (manifest: Manifest) => dynamicEntries(manifest, /src\/app\/boot\.tsx$/);

/** A screen's flow actors (src/flows/<flow>/actors.ts), which the router loads with its screen. */
const flowActorsOf = (manifest: Manifest, screenKey: string) => {
  const flow = /src\/flows\/([^/]+)\//.exec(manifest[screenKey]?.src ?? screenKey)?.[1];
  return flow ? dynamicEntries(manifest, new RegExp(`src/flows/${flow}/actors\\.ts$`)) : [];
};

/**
 * The controls of the pre-rendered landing that need the app before they answer: any but a
 * disclosure the entry answers (`data-disclosure`), a submit button of a form the browser sends
 * itself (`data-native-submit`), the language switcher (the entry loads the other language's page)
 * and the FAQ's `<details>` (docs/decisions/071). Links are links. Empty: the landing answers with
 * the entry alone.
 */
async function landingControlsNeedingTheApp(outDir: string): Promise<string[]> {
  const html = await readFile(path.join(outDir, 'prerendered', 'en', 'landing.html'), 'utf8');
  const root = html.slice(html.indexOf('<div id="root"'));
  const tags = (name: string) => [...root.matchAll(new RegExp(`<${name}\\b[^>]*>`, 'g'))].map(([tag]) => tag);
  return [
    ...tags('form').filter((tag) => !tag.includes('data-native-submit')),
    ...tags('button').filter((tag) => !tag.includes('data-disclosure') && !tag.includes('type="submit"')),
    ...tags('select').filter((tag) => !tag.includes('navbar__language')),
    ...tags('input').filter((tag) => /type="(checkbox|radio|button)"/.test(tag)),
  ];
}

/** The pre-rendered pages the bench reads, by path (scripts/prerender.ts writes them). */
const FIRST_PAINT_PAGES = [
  { page: '/', file: 'landing' },
  { page: '/login', file: 'login' },
  { page: '/register', file: 'register' },
];

/**
 * The JS a pre-rendered page runs before its first paint: its inline scripts and any classic
 * script without async or defer (a module script runs after the document is parsed and drawn).
 */
async function jsBeforeFirstPaint(outDir: string, file: string): Promise<Sizes | null> {
  let html: string;
  try {
    html = await readFile(path.join(outDir, 'prerendered', 'en', `${file}.html`), 'utf8');
  } catch {
    return null;
  }
  let total = zero;
  for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/type="module"|\basync\b|\bdefer\b/.test(attributes)) continue;
    const src = /src="\/?([^"]+)"/.exec(attributes)?.[1];
    const bytes = src ? await readFile(path.join(outDir, src)) : Buffer.from(body);
    total = add(total, {
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    });
  }
  return total;
}

async function allAssets(outDir: string): Promise<{ js: string[]; css: string[] }> {
  const files = (await readdir(outDir, { recursive: true })).map(String);
  return { js: files.filter((file) => file.endsWith('.js')), css: files.filter((file) => file.endsWith('.css')) };
}

export interface BundleResult {
  rows: Row[];
  /** The app's build, which the production server hosts for the other benchmarks. */
  distDir: string;
  cleanup(): Promise<void>;
}

export async function measureBundle(): Promise<BundleResult> {
  const app = await buildWithAppConfig(repoRoot, 'app');
  const bare = await buildWithAppConfig(path.join(repoRoot, 'bench', 'bare-react'), 'bare');
  const stack = await buildWithAppConfig(path.join(repoRoot, 'bench', 'bare-stack'), 'stack');
  try {
    const appEntry = entryKey(app.manifest);
    const bareInitial = staticClosure(bare.manifest, [entryKey(bare.manifest)]);
    const bareJs = await sumOf(bare.outDir, bareInitial.js);
    const bareCss = await sumOf(bare.outDir, bareInitial.css);
    const stackJs = await sumOf(stack.outDir, staticClosure(stack.manifest, [entryKey(stack.manifest)]).js);

    const routes = routeChunks(app.manifest);
    const boot = bootChunks(app.manifest);
    const landingKey = routes.find((key) => /landing/i.test(key));
    // The app the landing loads at the visitor's first move, whatever chunk it is in: the entry,
    // the app it starts, the landing's screen and its actors (the API client loads beside them).
    // It hydrates the page and takes over its controls (SPA navigation, the machines).
    const appKeys = [appEntry, ...boot, ...(landingKey ? [landingKey, ...flowActorsOf(app.manifest, landingKey)] : [])];
    const withApp = staticClosure(app.manifest, appKeys);
    const withAppJs = await sumOf(app.outDir, withApp.js);
    const landingCss = await sumOf(app.outDir, withApp.css);
    const withAppMadeOf = await largestContributors(app.outDir, repoRoot, withApp.js);
    // What runs before the landing answers a press: the entry alone, when every control of the
    // pre-rendered page answers without the app (decision 071); the app too, if one does not.
    const needingTheApp = await landingControlsNeedingTheApp(app.outDir);
    const landingKeys = needingTheApp.length > 0 ? appKeys : [appEntry];
    const landingJs = await sumOf(app.outDir, staticClosure(app.manifest, landingKeys).js);
    const landingNote =
      needingTheApp.length > 0
        ? `${landingKeys.join(' + ')}: controls that need the app: ${needingTheApp.join(' ')}`
        : `${appEntry} alone: the landing's controls answer without the app, which loads at the first move (docs/decisions/048, 071)`;

    // Every route: the entry, the app, its screen and its actors, with their static imports.
    const perRoute: { route: string; js: Sizes }[] = [];
    for (const key of routes.length > 0 ? routes : [appEntry]) {
      const closure = staticClosure(app.manifest, [appEntry, ...boot, key, ...flowActorsOf(app.manifest, key)]);
      perRoute.push({ route: key, js: await sumOf(app.outDir, closure.js) });
    }
    perRoute.sort((a, b) => b.js.gzip - a.js.gzip);
    const worst = perRoute[0];
    const over = perRoute.filter((route) => route.js.gzip > 2.2 * bareJs.gzip);

    const appAll = await allAssets(app.outDir);
    const bareAll = await allAssets(bare.outDir);
    const appTotal = add(await sumOf(app.outDir, appAll.js), await sumOf(app.outDir, appAll.css));
    const bareTotal = add(await sumOf(bare.outDir, bareAll.js), await sumOf(bare.outDir, bareAll.css));

    const group = 'bundle';
    const kB = (bytes: number) => Math.round(bytes / 100) / 10;
    const pair = (figure: string, value: number, baseline: number, limit?: number, note?: string): Row => ({
      group,
      figure,
      value: kB(value),
      unit: 'kB',
      baseline: kB(baseline),
      ratio: ratioOf(value, baseline),
      ...(limit === undefined ? {} : { budget: { kind: 'max' as const, limit, of: 'ratio' as const } }),
      ...(note ? { note } : {}),
    });
    const rows: Row[] = [
      pair('landing `/` initial JS (before it answers a press), gzip', landingJs.gzip, bareJs.gzip, 1.3, landingNote),
      pair('landing `/` initial JS (before it answers a press), brotli', landingJs.brotli, bareJs.brotli, 1.3),
      pair(
        'landing `/` app loaded at the first move (hydration, then SPA navigation), gzip',
        withAppJs.gzip,
        bareJs.gzip,
        undefined,
        `${appKeys.join(' + ')}: not needed before a press is answered, loaded while the visitor reads; largest: ${withAppMadeOf}`,
      ),
      pair('the stack alone: React + an XState actor + react-intl + wouter, initial JS, gzip', stackJs.gzip, bareJs.gzip, undefined, 'bench/bare-stack: the floor of the chosen libraries on a first page'),
      pair('landing `/` app loaded at the first move, gzip, against the stack alone', withAppJs.gzip, stackJs.gzip, undefined, "FitStream's own code on the landing"),
      pair('landing `/` initial CSS, gzip', landingCss.gzip, bareCss.gzip),
      pair('landing `/` initial CSS, brotli', landingCss.brotli, bareCss.brotli),
      pair(`largest route initial JS, gzip (${worst?.route ?? 'entry'})`, worst?.js.gzip ?? 0, bareJs.gzip, 2.2, `${perRoute.length} routes`),
      { group, figure: 'routes whose initial JS (gzip) is over 2.2 × bare React', value: over.length, unit: '', budget: { kind: 'equal', limit: 0, of: 'value' }, ...(over.length ? { note: over.map((route) => route.route).join(', ') } : {}) },
      pair('whole app JS + CSS, gzip', appTotal.gzip, bareTotal.gzip),
      pair('whole app JS + CSS, brotli', appTotal.brotli, bareTotal.brotli),
      pair('landing `/` initial JS, uncompressed (what the browser parses)', landingJs.raw, bareJs.raw),
      pair('landing `/` app loaded at the first move, uncompressed', withAppJs.raw, bareJs.raw),
    ];
    for (const { page, file } of FIRST_PAINT_PAGES) {
      const before = await jsBeforeFirstPaint(app.outDir, file);
      rows.push({
        group,
        figure: `\`${page}\` JS before first paint (pre-rendered, gzip)`,
        value: before ? before.gzip : null,
        unit: 'B',
        budget: { kind: 'max', limit: 1024, of: 'value' },
        note: before ? `${before.raw} B raw: the inline before-paint script (docs/decisions/042); the app's module script runs after the first paint` : 'no pre-rendered page in the build',
      });
    }
    return {
      rows,
      distDir: app.outDir,
      cleanup: async () => {
        await rm(app.outDir, { recursive: true, force: true });
      },
    };
  } finally {
    await rm(bare.outDir, { recursive: true, force: true });
    await rm(stack.outDir, { recursive: true, force: true });
  }
}
