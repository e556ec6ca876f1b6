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
};

/** The pre-rendered pages' paths (with any query) as one pattern's source, anchored at its end. */
export const prerenderedPathsPattern = `(${Object.keys(PRERENDERED_PAGES).map((page) => page.replace(/[/-]/g, '\\$&')).join('|')})(\\?.*)?$`;
