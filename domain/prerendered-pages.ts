// The public pages pre-rendered at build time in each language (docs/decisions/042), by path, with
// the file name each language's copy gets: written by the build (scripts/prerender.ts), answered by
// the server, and never the app shell's to answer in the service worker (src/sw/navigation.ts).
import { routes } from './routes.ts'; // with its extension: vite.config.ts reaches this file (src/app/held-input.ts)

export const PRERENDERED_PAGES: Readonly<Record<string, string>> = {
  [routes.landing.path]: 'landing',
  [routes.login.path]: 'login',
  [routes.register.path]: 'register',
  [routes.forgotPassword.path]: 'forgot-password',
  [routes.terms.path]: 'terms',
  [routes.privacy.path]: 'privacy',
  [routes.dmca.path]: 'dmca',
  [routes.eula.path]: 'eula',
  [routes.support.path]: 'support',
  [routes.changelog.path]: 'changelog',
  [routes.cookies.path]: 'cookies',
};

/**
 * Pages whose copy quotes the plans' price range (docs/decisions/063): the build draws each once
 * more with its amounts in marked spans, under this file name; the server writes the current range
 * into the spans and, for the app to hydrate with, on #root.
 */
export const PRICED_PAGES: Readonly<Record<string, string>> = { [routes.landing.path]: 'landing-priced' };
/** The attribute of a span holding the range's `min` or `max`. */
export const PRICE_SLOT_ATTRIBUTE = 'data-price';
/** The attribute of #root holding the range the page was drawn with (JSON of `PriceRange`). */
export const PRICE_RANGE_ATTRIBUTE = 'data-price-range';

/** The pre-rendered pages' paths (with any query) as one pattern's source, anchored at its end. */
export const prerenderedPathsPattern = `(${Object.keys(PRERENDERED_PAGES).map((page) => page.replace(/[/-]/g, '\\$&')).join('|')})(\\?.*)?$`;
