// The route table: every path of the app once, who may open it, and how to link to it: a new
// route's one line here. Machines navigate to these paths, the server's email links use them,
// one flow declares each route's title and screen (src/flows/<flow>/routes.ts), the router
// mounts it and guards it by `access`, and links build their hrefs here.
export type Access =
  /** Visitors only: a signed-in user is sent on to /home. */
  | 'visitor'
  /**
   * Signed-in users on a chosen profile: a visitor goes to /login, and comes back after signing in;
   * with no profile chosen yet, to /profiles, and comes back after choosing.
   */
  | 'signedIn'
  /** As 'signedIn', and only the owner's profile (billing, the account): another profile goes to /home. */
  | 'owner'
  /**
   * As 'signedIn', for a profile other than the owner's (its own settings): the owner's profile
   * goes to /account, which has all of them.
   */
  | 'member'
  /** Signed-in users, a profile chosen or not: the profile picker itself. */
  | 'signedInAnyProfile'
  /** Anyone: the legal and information pages. */
  | 'public';

function withQuery(path: string, query?: Record<string, string | undefined>): string {
  const entries = Object.entries(query ?? {}).filter((entry): entry is [string, string] => Boolean(entry[1]));
  return entries.length ? `${path}?${new URLSearchParams(entries).toString()}` : path;
}

export const routes = {
  landing: { path: '/', access: 'visitor', href: (query?: { nftoken?: string; device_id?: string }) => withQuery('/', query) },
  login: { path: '/login', access: 'visitor', href: () => '/login' },
  register: { path: '/register', access: 'visitor', href: (query?: { email?: string }) => withQuery('/register', query) },
  forgotPassword: { path: '/forgot-password', access: 'visitor', href: () => '/forgot-password' },
  // Public: a link from the email works whoever is signed in on this browser.
  resetPassword: { path: '/reset-password', access: 'public', href: (query?: { token?: string }) => withQuery('/reset-password', query) },
  details: { path: '/details', access: 'owner', href: () => '/details' },
  // "Who's training?": choose (or switch) the profile of this sign-in.
  profiles: { path: '/profiles', access: 'signedInAnyProfile', href: () => '/profiles' },
  home: { path: '/home', access: 'signedIn', href: () => '/home' },
  classes: { path: '/classes', access: 'signedIn', href: (query?: string) => (query ? `/classes?${query}` : '/classes') },
  classDetail: { path: '/classes/:id', access: 'signedIn', href: (id: string) => `/classes/${encodeURIComponent(id)}` },
  schedule: { path: '/schedule', access: 'signedIn', href: () => '/schedule' },
  watch: { path: '/watch/:id', access: 'signedIn', href: (id: string) => `/watch/${encodeURIComponent(id)}` },
  // What is downloaded on this device; works offline.
  downloads: { path: '/downloads', access: 'signedIn', href: () => '/downloads' },
  activity: { path: '/activity', access: 'signedIn', href: () => '/activity' },
  programmes: { path: '/programmes', access: 'signedIn', href: () => '/programmes' },
  programmeDetail: { path: '/programmes/:id', access: 'signedIn', href: (id: string) => `/programmes/${encodeURIComponent(id)}` },
  pricing: { path: '/pricing', access: 'owner', href: () => '/pricing' },
  users: { path: '/users', access: 'owner', href: (query?: { session_id?: string }) => withQuery('/users', query) },
  success: { path: '/success', access: 'owner', href: () => '/success' },
  cancel: { path: '/cancel', access: 'owner', href: () => '/cancel' },
  // `tab=history&invoice=<id>`: Payment History at that invoice (a receipt's link).
  billing: { path: '/billing', access: 'owner', href: (query?: { tab?: 'history'; invoice?: string }) => withQuery('/billing', query) },
  account: { path: '/account', access: 'owner', href: () => '/account' },
  // A profile's own settings (language, notifications, schedule, data saver); the owner's are on /account.
  settings: { path: '/settings', access: 'member', href: () => '/settings' },
  planChange: { path: '/billing/plan', access: 'owner', href: () => '/billing/plan' },
  // Only for receipts sent before Payment History became a tab of /billing: sent on to it.
  oldPaymentHistory: { path: '/billing/history', access: 'owner', href: (query?: { invoice?: string }) => withQuery('/billing/history', query) },
  terms: { path: '/terms', access: 'public', href: () => '/terms' },
  privacy: { path: '/privacy', access: 'public', href: () => '/privacy' },
  dmca: { path: '/dmca', access: 'public', href: () => '/dmca' },
  eula: { path: '/eula', access: 'public', href: () => '/eula' },
  // `contact`: at its "How to reach us" section (the footer's "Contact Us").
  support: { path: '/support', access: 'public', href: (section?: 'contact') => (section ? `/support#${section}` : '/support') },
  changelog: { path: '/changelog', access: 'public', href: () => '/changelog' },
  cookies: { path: '/cookies', access: 'public', href: () => '/cookies' },
} as const satisfies Record<string, { path: `/${string}`; access: Access; href: (...args: never[]) => string }>;

export type RouteName = keyof typeof routes;

/** An origin worth returning to: an in-app path (never another site, never a visitor page). */
export function safeOrigin(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return null;
  const pathname = value.split(/[?#]/)[0];
  return Object.values(routes).some((route) => route.access === 'visitor' && route.path === pathname) ? null : value;
}
