// The one place that performs the navigation machines decide (they emit `navigate` events,
// domain/navigation.ts): in-app paths via wouter (replacing history when asked, keeping the
// current location as the origin when asked), other sites via a full page load.
import { useCallback, useEffect, useLayoutEffect } from 'react';
import type { Subscription } from 'xstate';
import { useLocation } from 'wouter';
import type { Navigation, StartedTrial } from '@domain/navigation';
import { safeOrigin } from '@domain/routes';
import { useAppActors } from '@lib/app-actors';

export function usePerformNavigation(): (navigation: Navigation) => void {
  const [, navigate] = useLocation();
  const { leave } = useAppActors();
  return useCallback(
    (navigation: Navigation) => {
      if ('external' in navigation) {
        leave(navigation.external);
        return;
      }
      const here = window.location.pathname + window.location.search;
      const state = {
        ...(navigation.keepOrigin ? { origin: here } : {}),
        ...(navigation.fromCheckout ? { fromCheckout: true } : {}),
        ...(navigation.trial ? { trial: navigation.trial } : {}),
      };
      navigate(navigation.to, { replace: navigation.replace, ...(Object.keys(state).length ? { state } : {}) });
    },
    [navigate, leave],
  );
}

interface NavigatingActor {
  on(type: 'navigate', handler: (navigation: Navigation) => void): Subscription;
}

/**
 * Performs every navigation `actor` emits. A layout effect, so the listener is in place before
 * the actor starts (useMachine starts it in a passive effect): a machine may navigate at once.
 */
export function useNavigationOf(actor: NavigatingActor): void {
  const perform = usePerformNavigation();
  useLayoutEffect(() => {
    const subscription = actor.on('navigate', perform);
    return () => subscription.unsubscribe();
  }, [actor, perform]);
}

/** Where a `keepOrigin` navigation found the user (kept in history state), if anywhere. */
export function rememberedOrigin(): string | null {
  // None while a page is pre-rendered (no browser): as on a first visit.
  if (typeof window === 'undefined') return null;
  const state = window.history.state as { origin?: unknown } | null;
  return safeOrigin(state?.origin);
}

/** Whether this history entry was reached from the checkout return (see `toCheckoutResult`). */
export function arrivedFromCheckout(): boolean {
  const state = window.history.state as { fromCheckout?: unknown } | null;
  return state?.fromCheckout === true;
}

/** The trial the checkout return said it started (kept in history state, so a reload keeps it). */
export function startedTrial(): StartedTrial | null {
  const trial = (window.history.state as { trial?: Partial<StartedTrial> } | null)?.trial;
  if (!trial || typeof trial.amount !== 'number' || typeof trial.currency !== 'string' || typeof trial.firstChargeAt !== 'string') return null;
  return { plan: String(trial.plan ?? ''), amount: trial.amount, currency: trial.currency, firstChargeAt: trial.firstChargeAt };
}

/** Scrolls to the top whenever `signal` changes (machines bump a counter on a new banner). */
export function useScrollToTopOn(signal: number): void {
  useEffect(() => {
    if (signal > 0 && typeof window.scrollTo === 'function') {
      try {
        window.scrollTo({ top: 0, behavior: 'smooth' });
      } catch {
        // jsdom and old browsers: scrolling is a nicety
      }
    }
  }, [signal]);
}
