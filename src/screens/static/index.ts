// Lazily loadable static pages for the router: `const Terms = lazy(staticPages.terms)`.
// Each page is its own chunk with a default export.
export const staticPages = {
  dmca: () => import('./dmca-page'),
  eula: () => import('./eula-page'),
  support: () => import('./support-page'),
  terms: () => import('./terms-page'),
  privacy: () => import('./privacy-page'),
  changelog: () => import('./changelog-page'),
} as const;

export type StaticPageName = keyof typeof staticPages;
