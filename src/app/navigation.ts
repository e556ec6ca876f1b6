// The one place that performs the navigation machines decide (DESIGN.md): in-app paths via
// wouter (replacing history when asked, remembering the origin when asked), other sites via
// a full page load. Each navigation object is performed once.
import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { Navigation } from '../domain/navigation';
import { useAppActors } from './actors';

export function useNavigationOutput(navigation: Navigation | null | undefined, onPerformed?: () => void): void {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const { leave } = useAppActors();
  const performed = useRef<Navigation | null>(null);
  const here = search ? `${location}?${search}` : location;

  useEffect(() => {
    if (!navigation || performed.current === navigation) return;
    performed.current = navigation;
    if ('external' in navigation) {
      leave(navigation.external);
    } else {
      navigate(navigation.to, {
        replace: navigation.replace,
        ...(navigation.keepOrigin ? { state: { origin: here } } : {}),
      });
    }
    onPerformed?.();
  }, [navigation, navigate, leave, here, onPerformed]);
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
