// Where a machine wants the browser to go. Machines only describe it; one hook in src/app
// performs it (DESIGN.md: navigation is a machine output).
export type Navigation =
  /** An in-app path. `keepOrigin` asks the navigator to remember the current location. */
  | { to: string; replace: boolean; keepOrigin?: boolean }
  /** Leave the app (the payment provider's hosted checkout). */
  | { external: string };

export const goTo = (to: string, replace = true): Navigation => ({ to, replace });
export const leaveFor = (url: string): Navigation => ({ external: url });

/** App paths the machines need; src/app/paths.ts is the full table and must agree. */
export const flowPaths = {
  landing: '/',
  login: '/login',
  register: '/register',
  details: '/details',
  home: '/home',
  pricing: '/pricing',
  success: '/success',
  cancel: '/cancel',
} as const;
