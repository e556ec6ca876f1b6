// The public pages pre-rendered at build time (scripts/prerender.ts, docs/decisions/042): for a
// page's path, its HTML in the visitor's language: the stored choice (the `fitstream_language`
// cookie the app writes beside its local storage), else Accept-Language, else English. Each
// answer allows its one inline script by hash and varies on both inputs.
import type { IncomingHttpHeaders } from 'node:http';
import { negotiateLocale } from '@server/i18n';
import type { HeaderSet } from '@server/plugins/external/security';
import type { PriceRange } from '@domain/plans';
import type { AppAsset, AppAssets, PreparedAsset } from './app-assets';
import { pricedPage, type PricedPage } from './priced-pages';

interface PagesManifest {
  pages: Record<string, string>;
  languages: string[];
  languageCookie: string;
  scriptHashes: string[];
  /** The pages drawn again with marked price spans, by path (docs/decisions/063). */
  priced?: Record<string, string>;
}

/**
 * The pre-rendered page for a path and request headers, or undefined when the path has none; a
 * promise while a priced page waits on the plans or its compression (the first request of a range).
 */
export type PageChooser = (pathname: string, headers: IncomingHttpHeaders) => PreparedAsset | undefined | Promise<PreparedAsset | undefined>;

const none: PageChooser = () => undefined;

/** The security headers with the pages' inline scripts allowed by hash. */
function withScriptHashes(security: HeaderSet, hashes: string[]): HeaderSet {
  const policy = security['content-security-policy'];
  if (!policy) return security;
  const allowed = hashes.map((hash) => `'${hash}'`).join(' ');
  return { ...security, 'content-security-policy': policy.replace(/script-src ([^;]*)/, (_, sources: string) => `script-src ${sources} ${allowed}`) };
}

/** The stored language in a `Cookie` header, by a pattern made once for the cookie's name. */
function cookieLanguage(name: string, languages: readonly string[]): (cookieHeader: string | undefined) => string | null {
  const pattern = new RegExp(`(?:^|;\\s*)${name}=([a-z]{2})(?:;|$)`);
  return (cookieHeader) => {
    if (!cookieHeader) return null;
    const found = pattern.exec(cookieHeader)?.[1];
    return found && languages.includes(found) ? found : null;
  };
}

type Prepare = (asset: AppAsset, security: HeaderSet, extra: HeaderSet) => PreparedAsset;

/** `priceRange`: the plans' current range, for the pages that quote it (none: they never do). */
export function prerenderedPages(assets: AppAssets, security: HeaderSet, prepare: Prepare, priceRange?: () => PriceRange | null | Promise<PriceRange | null>): PageChooser {
  const manifestAsset = assets.get('/prerendered/pages.json');
  if (!manifestAsset) return none;
  const manifest = JSON.parse(manifestAsset.body.toString('utf8')) as PagesManifest;
  const headers = withScriptHashes(security, manifest.scriptHashes);
  const extra = { vary: 'Accept-Encoding, Accept-Language, Cookie' };
  const byPath = new Map<string, Map<string, PreparedAsset>>();
  for (const [pathname, name] of Object.entries(manifest.pages)) {
    const languages = new Map<string, PreparedAsset>();
    for (const language of manifest.languages) {
      const asset = assets.get(`/prerendered/${language}/${name}.html`);
      if (asset) languages.set(language, prepare(asset, headers, { ...extra, 'content-language': language }));
    }
    if (languages.size > 0) byPath.set(pathname, languages);
  }
  const priced = new Map<string, PricedPage>();
  for (const [pathname, name] of Object.entries(manifest.priced ?? {})) {
    const drawn = new Map<string, AppAsset>();
    for (const language of manifest.languages) {
      const asset = assets.get(`/prerendered/${language}/${name}.html`);
      if (asset) drawn.set(language, asset);
    }
    const plain = byPath.get(pathname) ?? new Map<string, PreparedAsset>();
    if (priceRange && drawn.size > 0) priced.set(pathname, pricedPage(drawn, plain, priceRange, (asset, language) => prepare(asset, headers, { ...extra, 'content-language': language })));
  }
  const storedLanguage = cookieLanguage(manifest.languageCookie, manifest.languages);
  return (pathname, requestHeaders) => {
    const page = byPath.get(pathname);
    if (!page) return undefined;
    const language = storedLanguage(requestHeaders.cookie) ?? negotiateLocale(requestHeaders['accept-language']);
    const withPrices = priced.get(pathname);
    if (withPrices) return withPrices(language);
    // A page not pre-rendered in this language is left to the app shell (never another language's).
    return page.get(language);
  };
}
