// Build step: the public pages pre-rendered, in English and Spanish, after the client build
// (docs/decisions/042). Each page is the built index.html with the page's markup in #root (for
// main.tsx to hydrate), its <html lang> and <title>, and one small inline script that runs before
// the first paint: a signed-in visitor (a stored session) is sent to /home before the landing is
// drawn, and a stored language other than the page's is written to the cookie the server reads,
// and the page asked for again. The server (server/modules/static) picks the language's file.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createServer, type Plugin } from 'vite';
import { HELD_FORM, HELD_PRESSES, NATIVE_FORM } from '../src/lib/held-input.ts';
import { SIGNED_IN } from '../src/lib/early-controls.ts';
import { LANGUAGE_COOKIE, STORAGE_KEYS } from '../src/lib/storage-keys.ts';
import { PRERENDERED_PAGES, PRICE_SLOT_ATTRIBUTE, PRICED_PAGES } from '../domain/prerendered-pages.ts';
import { withManifestOf } from '../domain/web-app-manifest.ts';
import { DOWNLOADS_MARKS, DOWNLOADS_SLOTS, type DownloadsPages, type DownloadsTemplate } from '../src/sw/downloads-templates.ts';

/** The pages pre-rendered, by path, with the file name each language's copy gets. */
export { PRERENDERED_PAGES };
/** Pages a signed-in visitor never sees (their route's access is "visitor"): they go to /home. */
const VISITOR_ONLY = new Set(['/', '/login', '/register', '/forgot-password']);
export const PRERENDERED_LANGUAGES = ['en', 'es'] as const;
/** The cookie that mirrors the stored language choice (src/lib/persistence.ts writes it too). */
export { LANGUAGE_COOKIE };
export const PRERENDERED_DIR = 'prerendered';

/**
 * Before the first paint. Storage keys are src/lib/persistence.ts's; any failure (storage
 * blocked) leaves the page as it is, and the app decides after hydration as it always did.
 */
export function firstPaintScript(visitorOnly: boolean): string {
  // A form sent before the app has hydrated would go to the server as a plain POST: held instead,
  // for the app to send once hydrated (src/lib/held-input.ts); one whose native submission goes
  // where the app would go (the landing's email entry, a GET to /register) goes at once.
  // A stored session: the visitor's pages send it home; the others are marked, so the navbar hides
  // Sign In and Sign Up until the app (started at once, src/main.tsx) draws the account's menu.
  const session = `var u=r(l)||r(sessionStorage);if(u&&u.user&&typeof u.user.token==='string')`;
  return `(function(){try{var d=document.documentElement,l=localStorage;document.addEventListener('submit',function(e){if(!d.hasAttribute('data-hydrated')&&!e.target.hasAttribute('${NATIVE_FORM}')){e.preventDefault();window.${HELD_FORM}=e.target}},true);var k='${STORAGE_KEYS.session}',r=function(s){try{return JSON.parse(s.getItem(k)||'null')}catch(e){return null}};${session}${
    visitorOnly ? `{d.hidden=true;location.replace('/home');return}` : `d.setAttribute('${SIGNED_IN}','');`
  }var g=JSON.parse(l.getItem('${STORAGE_KEYS.language}')||'null');if((g==='en'||g==='es')&&g!==d.lang){document.cookie='${LANGUAGE_COOKIE}='+g+';path=/;max-age=31536000;samesite=lax';if(document.cookie.indexOf('${LANGUAGE_COOKIE}='+g)>=0){d.hidden=true;location.reload()}}}catch(e){}})()`;
}

export const scriptHash = (script: string) => `sha256-${createHash('sha256').update(script).digest('base64')}`;

/** What a priced page's template is drawn with: the server writes the plans' range over it (decision 063). */
const TEMPLATE_PRICE_RANGE = { min: 0, max: 0, currency: 'EUR' };

interface Renderer {
  renderPage(pathname: string, language: string, options?: { priceRange?: typeof TEMPLATE_PRICE_RANGE }): Promise<{ html: string; title: string } | null>;
  renderDownloadsTemplate(language: string): Promise<DownloadsTemplate>;
}

/**
 * First in the <head> of /downloads as the service worker draws it offline (docs/decisions/050): a
 * button pressed before the app's entry has run (a Delete on the drawn list) is held for it to
 * press again once hydrated (src/lib/held-input.ts); the entry takes the list and ends it (null).
 * A classic script that reads no storage, so the parser does not wait on it (decision 051).
 */
export function downloadsHoldScript(): string {
  return `(function(){var d=document.documentElement;document.addEventListener('click',function(e){var h=window.${HELD_PRESSES};if(h!==null&&!d.hasAttribute('data-hydrated')){(window.${HELD_PRESSES}=h||[]).push(e.target)}},true)})()`;
}

/**
 * Before the first paint of /downloads as the service worker draws it offline (docs/decisions/050):
 * drawn for a signed-in visitor in the worker's language, so without a stored session, or with a
 * stored language other than the page's, the page is hidden and src/main.tsx empties it for the
 * app to draw instead (no reload: a worker without the cookie would draw the same page again).
 * The worker puts it in a render-blocking module script (`<script type="module" blocking="render">`):
 * it runs once the document is parsed, before the entry and before anything is drawn. As a classic
 * script in <head>, its first read of localStorage (a round trip to the browser process) held the
 * parser before the list: 20–210 ms on the loaded 2-core machine (traces in decision 050).
 */
export function downloadsPaintScript(): string {
  return `(function(){try{var d=document.documentElement,l=localStorage,k='${STORAGE_KEYS.session}',r=function(s){try{return JSON.parse(s.getItem(k)||'null')}catch(e){return null}};var u=r(l)||r(sessionStorage),g=JSON.parse(l.getItem('${STORAGE_KEYS.language}')||'null');if(!(u&&u.user&&typeof u.user.token==='string')||((g==='en'||g==='es')&&g!==d.lang)){d.hidden=true;d.setAttribute('data-redraw','')}}catch(e){}})()`;
}

/**
 * The hashes of the templates' style attributes (a poster's colour, `--poster-colour:…`): parsed
 * from HTML, a style attribute needs the CSP's permission ('unsafe-hashes' and its hash), which
 * React's own styles, set through the DOM, never do. Only these exact values are allowed.
 */
export function styleAttributeHashes(templates: DownloadsTemplate[]): string[] {
  const values = new Set<string>();
  for (const template of templates) {
    const markup = [template.root, template.storage, ...Object.values(template.rows)].join('');
    for (const [, value] of markup.matchAll(/ style="([^"]*)"/g)) values.add(value!.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
  }
  return [...values].map(scriptHash);
}

/** What the worker's build is handed for /downloads: each language's template, its scripts and their hashes, the stylesheet. */
export function downloadsPagesOf(pages: Record<string, DownloadsTemplate>, stylesheet: DownloadsPages['stylesheet']): DownloadsPages {
  const script = downloadsPaintScript();
  const holdScript = downloadsHoldScript();
  return {
    pages,
    slots: DOWNLOADS_SLOTS,
    marks: DOWNLOADS_MARKS,
    holdScript,
    holdScriptHash: scriptHash(holdScript),
    script,
    scriptHash: scriptHash(script),
    styleHashes: styleAttributeHashes(Object.values(pages)),
    stylesheet,
  };
}

/**
 * The shell's stylesheet, for the worker to put in the page it draws offline in place of the
 * `<link>` (docs/decisions/050): with a stylesheet still loading, Chromium stops parsing at the end
 * of <head> and parses <body>, where the list is, only once it has arrived and a first, empty frame
 * has been drawn. Its `href` (a hashed file name: the same bytes wherever it is read) and the hash
 * the CSP allows it by; null (the link stays) when the shell has none, or more than one, or it could
 * not be moved into the page as it is (a relative `url()` would then resolve against the page, a
 * `</style` would end the element).
 */
export function inlinableStylesheet(index: string, readAsset: (href: string) => string | null): { href: string; hash: string } | null {
  const links = [...index.matchAll(/<link rel="stylesheet"[^>]* href="([^"]+)"[^>]*>/g)];
  if (links.length !== 1) return null;
  const href = links[0]![1]!;
  const css = href.startsWith('/assets/') ? readAsset(href) : null;
  if (css === null || css.includes('\r') || /<\/style/i.test(css) || /url\(\s*['"]?(?!data:|https?:|\/)/i.test(css) || css.startsWith('\uFEFF')) return null;
  return { href, hash: scriptHash(css) };
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** index.html with the page in it. */
export function pageDocument(index: string, page: { html: string; title: string }, language: string, script: string, pathname: string): string {
  // The manifest of the page's language (decision 062).
  const withLang = withManifestOf(index.replace(/<html lang="[^"]*"/, `<html lang="${language}"`), language);
  const withTitle = withLang.replace(/<title>[^<]*<\/title>/, `<title>${escapeText(page.title)}</title>`);
  // First in <head>: nothing is drawn before it has run.
  const withScript = withTitle.replace(/<head>/, `<head>\n    <script>${script}</script>`);
  const root = '<div id="root"></div>';
  if (!withScript.includes(root)) throw new Error('prerender: the built index.html has no empty #root');
  // Without JavaScript a form must not put its fields (a password) in a URL: POST, which the server
  // refuses; unless it says where it goes itself (the landing's email entry: a GET to /register).
  const html = page.html.replace(/<form (?![^>]*\bmethod=)/g, '<form method="post" ');
  return withScript.replace(root, `<div id="root" data-prerendered="${pathname}">${html}</div>`);
}

/**
 * The build step, and the templates of /downloads it makes for the service worker's build
 * (`downloadsPages`: null when the build makes none, as the benchmarks' builds).
 */
export function prerenderPages(): Plugin & { downloadsPages: () => Promise<DownloadsPages | null> } {
  let made!: (pages: DownloadsPages | null) => void;
  let failed!: (error: unknown) => void;
  const downloadsPages = new Promise<DownloadsPages | null>((resolve, reject) => {
    made = resolve;
    failed = reject;
  });
  // Never left unhandled when no worker is built.
  downloadsPages.catch(() => {});
  let root = '';
  let outDir = '';
  let configFile: string | false | undefined;
  return {
    name: 'fitstream-prerender',
    apply: 'build',
    downloadsPages: () => downloadsPages,
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      configFile = config.configFile;
    },
    // Before the service worker's build (vite-plugin-pwa's, at the same step), which takes the templates.
    closeBundle: {
      order: 'pre',
      sequential: true,
      async handler() {
        try {
          made(await prerender(this));
        } catch (error) {
          failed(error);
          throw error;
        }
      },
    },
  };

  /** Writes the pages; returns the templates of /downloads. */
  async function prerender(context: { warn(message: string): void }): Promise<DownloadsPages | null> {
    // The benchmarks build other pages (bench/bare-react) with this config: only the app's.
    const entry = path.join(root, 'src', 'prerender.tsx');
    if (!existsSync(entry) || !existsSync(path.join(outDir, 'index.html'))) return null;
    const index = await readFile(path.join(outDir, 'index.html'), 'utf8');
    const server = await createServer({
      configFile,
      root,
      logLevel: 'warn',
      appType: 'custom',
      server: { middlewareMode: true, hmr: false, ws: false, watch: null },
      optimizeDeps: { noDiscovery: true, include: [] },
    });
    try {
      const renderer = (await server.ssrLoadModule(entry)) as Renderer;
      const hashes = new Set<string>();
      for (const language of PRERENDERED_LANGUAGES) {
        await mkdir(path.join(outDir, PRERENDERED_DIR, language), { recursive: true });
        for (const [pathname, name] of Object.entries(PRERENDERED_PAGES)) {
          const script = firstPaintScript(VISITOR_ONLY.has(pathname));
          hashes.add(scriptHash(script));
          const page = await renderer.renderPage(pathname, language);
          if (!page) {
            // Something on it keeps suspending: the app shell serves it, as before (a partial page would flash).
            context.warn(`prerender: ${pathname} (${language}) did not settle; served by the app shell`);
            continue;
          }
          await writeFile(path.join(outDir, PRERENDERED_DIR, language, `${name}.html`), pageDocument(index, page, language, script, pathname));
          const pricedName = PRICED_PAGES[pathname];
          if (!pricedName) continue;
          // The same page quoting a range, for the server to fill with the plans' (decision 063).
          const priced = await renderer.renderPage(pathname, language, { priceRange: TEMPLATE_PRICE_RANGE });
          if (!priced || !priced.html.includes(`${PRICE_SLOT_ATTRIBUTE}="max"`)) throw new Error(`prerender: ${pathname} (${language}) drawn with a range quotes none`);
          await writeFile(path.join(outDir, PRERENDERED_DIR, language, `${pricedName}.html`), pageDocument(index, priced, language, script, pathname));
        }
      }
      const manifest = { pages: PRERENDERED_PAGES, priced: PRICED_PAGES, languages: PRERENDERED_LANGUAGES, languageCookie: LANGUAGE_COOKIE, scriptHashes: [...hashes] };
      await writeFile(path.join(outDir, PRERENDERED_DIR, 'pages.json'), `${JSON.stringify(manifest, null, 2)}\n`);
      // /downloads for the service worker to draw offline, in each language (decision 050).
      const downloadsPages: Record<string, DownloadsTemplate> = {};
      for (const language of PRERENDERED_LANGUAGES) downloadsPages[language] = await renderer.renderDownloadsTemplate(language);
      const stylesheet = inlinableStylesheet(index, (href) => {
        const file = path.join(outDir, href);
        return existsSync(file) ? readFileSync(file, 'utf8') : null;
      });
      if (!stylesheet) context.warn('prerender: the shell’s stylesheet cannot be put in the offline /downloads page; it stays a link');
      return downloadsPagesOf(downloadsPages, stylesheet);
    } finally {
      await server.close();
    }
  }
}
