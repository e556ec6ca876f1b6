// The static pages as lazily loadable screens, each its own chunk with a default export
// (./routes.ts declares them; the navbar test renders them).
export const staticPages = {
  dmca: () => import('./dmca-page'),
  eula: () => import('./eula-page'),
  support: () => import('./support-page'),
  terms: () => import('./terms-page'),
  privacy: () => import('./privacy-page'),
  changelog: () => import('./changelog-page'),
  cookies: () => import('./cookies-page'),
} as const;

export type StaticPageName = keyof typeof staticPages;
