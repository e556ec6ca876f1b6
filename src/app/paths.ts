// The route table: every path of the app once, with a function for its href. The router,
// the guards and the screens build links from here (machines use src/domain/navigation.ts,
// which must agree: tests/machines/app-paths.test.ts checks it).
export const paths = {
  landing: { path: '/', href: (query?: { nftoken?: string; device_id?: string }) => withQuery('/', query) },
  login: { path: '/login', href: () => '/login' },
  register: { path: '/register', href: (query?: { email?: string }) => withQuery('/register', query) },
  details: { path: '/details', href: () => '/details' },
  home: { path: '/home', href: () => '/home' },
  pricing: { path: '/pricing', href: () => '/pricing' },
  users: { path: '/users', href: (query?: { session_id?: string }) => withQuery('/users', query) },
  success: { path: '/success', href: () => '/success' },
  cancel: { path: '/cancel', href: () => '/cancel' },
  billing: { path: '/billing', href: () => '/billing' },
  terms: { path: '/terms', href: () => '/terms' },
  privacy: { path: '/privacy', href: () => '/privacy' },
  dmca: { path: '/dmca', href: () => '/dmca' },
  eula: { path: '/eula', href: () => '/eula' },
  support: { path: '/support', href: () => '/support' },
  changelog: { path: '/changelog', href: () => '/changelog' },
} as const;

export type PathName = keyof typeof paths;

/** Visitors only: a signed-in user is sent on to /home. */
export const visitorOnly: readonly PathName[] = ['landing', 'login', 'register'];
/** Anyone (decisions.md: legal and information pages are public). */
export const publicPages: readonly PathName[] = ['terms', 'privacy', 'dmca', 'eula', 'support', 'changelog'];
/** Signed-in users only: visitors go to /login, the origin remembered. */
export const protectedPages: readonly PathName[] = ['details', 'home', 'pricing', 'users', 'success', 'cancel', 'billing'];

function withQuery(path: string, query?: Record<string, string | undefined>): string {
  const entries = Object.entries(query ?? {}).filter((entry): entry is [string, string] => Boolean(entry[1]));
  return entries.length ? `${path}?${new URLSearchParams(entries).toString()}` : path;
}

/** An origin worth returning to: an in-app path (never another site, never a visitor page). */
export function safeOrigin(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return null;
  const pathname = value.split(/[?#]/)[0];
  return visitorOnly.some((name) => paths[name].path === pathname) ? null : value;
}
