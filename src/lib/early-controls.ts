// What a pre-rendered page answers before the app is up (docs/decisions/071), so that none of the
// landing's controls waits for React, XState, react-intl and wouter: the navbar's disclosures
// (the menu button, "Your account"), the language switcher (the other language's pre-rendered
// page), the address a link gives /register (`?email=`) and the country it suggests. The FAQ is
// made of `<details>` and the landing's email entry is a real GET form (src/components), links are
// links: the browser answers those by itself. Once React has hydrated the navbar it marks its header `data-live`
// (src/components/navbar.tsx), reads the disclosures' state from the DOM, and answers from then on.
// This runs in the entry: only the storage keys and the country suggestion are imported.
import { suggestedCountry } from '../../domain/countries.ts';
import { languageCookie, STORAGE_KEYS } from './storage-keys.ts'; // with its extension: see held-input.ts

/** A disclosure button the page answers before the app: it toggles its `aria-expanded`, which the styles follow. */
export const DISCLOSURE = 'data-disclosure';
/** Set by the hydrated navbar on its header: React answers its controls. */
export const LIVE = 'data-live';
/** Set on <html> before the first paint of a page a stored session opens (scripts/prerender.ts): the app starts at once. */
export const SIGNED_IN = 'data-signed-in';

const live = (element: Element) => element.closest(`[${LIVE}]`) !== null;
const isOpen = (button: Element) => button.getAttribute('aria-expanded') === 'true';
const setOpen = (button: Element, open: boolean) => button.setAttribute('aria-expanded', String(open));

/** The disclosure buttons of `scope` that are open, outermost first (the menu holds "Your account"). */
const openIn = (scope: Element) => [...scope.querySelectorAll(`button[${DISCLOSURE}]`)].filter(isOpen);

/** Where a disclosure's focus may go without closing it: its button's parent holds the button and its panel. */
const scopeOf = (button: Element) => button.parentElement ?? button;

function signedIn(): boolean {
  const stored = (storage: Storage) => (JSON.parse(storage.getItem(STORAGE_KEYS.session) ?? 'null') as { user?: { token?: unknown } } | null)?.user?.token;
  return typeof stored(localStorage) === 'string' || typeof stored(sessionStorage) === 'string';
}

/**
 * The other language's page, before the app is up: the choice stored where the app and the
 * server read it, and the page asked for again (the server answers it in that language). A
 * signed-in visitor's choice is also the account's, which only the app can save, and a browser
 * that keeps no storage or cookie could not carry it: both are left to the app (held until it is
 * up, src/lib/held-input.ts).
 */
function switchLanguage(language: string): boolean {
  try {
    if (signedIn()) return false;
    localStorage.setItem(STORAGE_KEYS.language, JSON.stringify(language));
    document.cookie = languageCookie(language);
    if (!document.cookie.includes(`=${language}`)) return false;
  } catch {
    return false;
  }
  document.documentElement.hidden = true;
  window.location.reload();
  return true;
}

/** Answers the controls of `root` (a pre-rendered page) that React has not yet taken over. */
export function answerEarly(root: HTMLElement): void {
  root.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest(`button[${DISCLOSURE}]`) : null;
    if (!button || live(button)) return;
    setOpen(button, !isOpen(button));
    // Answered: React, hydrating meanwhile, must not toggle it back.
    event.stopImmediatePropagation();
  });
  // Escape closes the innermost open disclosure and gives focus back to its button.
  root.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !(event.target instanceof Element) || live(event.target)) return;
    const innermost = openIn(root)
      .filter((button) => scopeOf(button).contains(event.target as Node))
      .at(-1);
    if (!innermost) return;
    event.preventDefault();
    setOpen(innermost, false);
    (innermost as HTMLElement).focus();
  });
  // Focus leaving a disclosure (Tab past its end, a click elsewhere) closes it.
  root.addEventListener('focusout', (event) => {
    if (!(event.target instanceof Element) || live(event.target)) return;
    const next = event.relatedTarget instanceof Node ? event.relatedTarget : null;
    for (const button of openIn(root)) if (scopeOf(button).contains(event.target) && !(next && scopeOf(button).contains(next))) setOpen(button, false);
  });
  root.addEventListener('change', (event) => {
    const select = event.target;
    if (select instanceof HTMLSelectElement && select.classList.contains('navbar__language') && !live(select) && switchLanguage(select.value)) event.stopImmediatePropagation();
  });
  // The address a link gives the sign-up form (the landing's email entry), shown before the app draws it.
  const email = new URLSearchParams(window.location.search).get('email');
  const field = root.getAttribute('data-prerendered') === '/register' ? root.querySelector<HTMLInputElement>('input[name="email"]') : null;
  if (email && field && !field.value) field.value = email;
  // The country this browser's languages suggest (what its Accept-Language says too), selected
  // before the app starts with the same suggestion: the build drew the default.
  const country = root.getAttribute('data-prerendered') === '/register' ? root.querySelector<HTMLSelectElement>('select[autocomplete="country"]') : null;
  if (country) country.value = suggestedCountry(navigator.languages);
}
