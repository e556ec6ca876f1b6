// Focus management: after a route change, move focus to the new page's heading (or, for a link
// to a section, the section's) so keyboard and screen-reader users start at the new content
// (errors focus the Banner).
// Lazy screens render their heading a moment later, so wait for it briefly.
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

const WAIT_FOR_HEADING_MS = 3000;

export function useFocusHeadingOnRouteChange(container: () => HTMLElement | null): void {
  const [location] = useLocation();
  // The location focus was last handled for: the first page keeps the browser's own start
  // (and StrictMode's second run of this effect is no navigation).
  const handled = useRef(location);

  useEffect(() => {
    if (handled.current === location) return;
    handled.current = location;
    const root = container();
    if (!root) return;
    // The first h1 that takes focus: while a lazy screen loads, Suspense keeps the previous
    // page mounted but hidden, and a hidden heading cannot take focus, so wait for the new one.
    // A link to a section (`/support#contact`): its heading instead, which scrolls it into view.
    const anchor = window.location.hash.length > 1 ? decodeURIComponent(window.location.hash.slice(1)) : null;
    const headings = () => {
      const section = anchor === null ? null : document.getElementById(anchor);
      return section && root.contains(section) ? section.querySelectorAll<HTMLElement>('h2, h3') : root.querySelectorAll<HTMLElement>('h1');
    };
    const focusHeading = (): boolean => {
      for (const heading of headings()) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus();
        if (document.activeElement === heading) return true;
      }
      return false;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(root, { childList: true, subtree: true });
    const timer = setTimeout(() => observer.disconnect(), WAIT_FOR_HEADING_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [location, container]);
}
