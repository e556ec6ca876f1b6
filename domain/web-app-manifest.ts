// The installable app's manifest in each language (decision 062): a page links the manifest of its
// own language, so a Spanish page installs an app described in Spanish (`lang: es`). English keeps
// the address every browser already knows. Its texts: ./web-app-manifest-texts.ts.
import { DEFAULT_LOCALE } from './locales.ts'; // with its extension: vite.config.ts reaches this file

/** Where the manifest of `language` is served. */
export const manifestHref = (language: string): string => (language === DEFAULT_LOCALE ? '/manifest.webmanifest' : `/manifest.${language}.webmanifest`);

/** A page's HTML with its manifest link pointing at the manifest of `language`. */
export const withManifestOf = (html: string, language: string): string =>
  html.replace(/<link rel="manifest" href="[^"]*"/, () => `<link rel="manifest" href="${manifestHref(language)}"`);
