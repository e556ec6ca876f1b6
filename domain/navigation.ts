// Where a machine wants the browser to go. Machines decide it and emit it as an event
// (`emit(goTo(...))`, typed `emitted: Navigation`); src/lib/navigation.ts performs every such
// event in one place. The route guards decide with the same rules (`guardNavigation`).
import { routes, type Access } from './routes';
import type { ProfileStanding } from './session-user';

/** A trial just started by a checkout: the first charge, which /success says instead of "paid". */
export interface StartedTrial {
  plan: string;
  amount: number;
  currency: string;
  firstChargeAt: string;
}

export type Navigation =
  /**
   * An in-app path. `keepOrigin` asks the app to remember the current location (for /login);
   * `fromCheckout` marks an arrival from the checkout return, with the trial it started if any.
   */
  | { type: 'navigate'; to: string; replace: boolean; keepOrigin?: boolean; fromCheckout?: true; trial?: StartedTrial }
  /** Leave the app (the payment provider's hosted pages). */
  | { type: 'navigate'; external: string };

export const goTo = (to: string, replace = true): Navigation => ({ type: 'navigate', to, replace });
export const leaveFor = (url: string): Navigation => ({ type: 'navigate', external: url });

/** To /login, remembering where the user was so that signing in brings them back. */
export const toSignIn = (replace: boolean): Navigation => ({ type: 'navigate', to: routes.login.path, replace, keepOrigin: true });

/**
 * To /success or /cancel from the checkout return (/users): the app marks the arrival in
 * history state, and those pages opened any other way send the user on (checkoutResultGuard).
 */
export const toCheckoutResult = (to: string, trial?: StartedTrial | null): Navigation => ({
  type: 'navigate',
  to,
  replace: true,
  fromCheckout: true,
  ...(trial ? { trial } : {}),
});

/** Where /success or /cancel send a user who did not arrive from a checkout return; null: stay. */
export function checkoutResultGuard(route: 'success' | 'cancel', fromCheckout: boolean): Navigation | null {
  if (fromCheckout) return null;
  return goTo(route === 'success' ? routes.billing.path : routes.pricing.path);
}

/** To the profile picker, remembering where the user was so that choosing a profile brings them back. */
export const toProfilePicker = (): Navigation => ({ type: 'navigate', to: routes.profiles.path, replace: true, keepOrigin: true });

/** Who is looking: a visitor (null), or a signed-in user and their profile's standing on this sign-in. */
export type Viewer = ProfileStanding | null;

/** Where a route's guard sends the user, or null when they may stay. */
export function guardNavigation(access: Access, viewer: Viewer): Navigation | null {
  switch (access) {
    case 'public':
      return null;
    case 'visitor':
      return viewer === null ? null : goTo(routes.home.path);
    case 'signedInAnyProfile':
      return viewer === null ? toSignIn(true) : null;
    case 'signedIn':
    case 'owner':
    case 'member':
      if (viewer === null) return toSignIn(true);
      if (viewer === 'none') return toProfilePicker();
      // Another profile than the owner's: billing and the account are not theirs to open.
      if (access === 'owner' && viewer === 'member') return goTo(routes.home.path);
      // The owner's own settings are on the account page, with everything else of the account's.
      return access === 'member' && viewer === 'owner' ? goTo(routes.account.path) : null;
  }
}
