// The navbar's disclosures on a pre-rendered page (src/lib/early-controls.ts, decision 071): the
// entry answers them before the app is up (aria-expanded, Escape, focus leaving), and the hydrated
// navbar takes them over as it finds them: a menu opened before stays open, and React answers the
// next press alone.
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerEarly, LIVE } from '@lib/early-controls';
import { Navbar } from '@components/navbar';
import en from '@locales/en.json';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const navbarOf = (signedIn: boolean) => (
  <IntlProvider locale="en" defaultLocale="en" messages={en}>
    <Navbar signedIn={signedIn} language="en" onLanguageChange={() => {}} onLogout={() => {}} />
  </IntlProvider>
);
const navbar = navbarOf(false);

const roots: Root[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) act(() => root.unmount());
  document.body.innerHTML = '';
});

/**
 * The navbar as the build draws it, answered by the entry: a visitor's, or (`signedIn`) a signed-in
 * account's, with "Your account", as the service worker draws /downloads offline (decision 050).
 */
function prerendered(signedIn = false): { container: HTMLElement; menu: HTMLButtonElement; account: HTMLButtonElement } {
  const container = document.createElement('div');
  container.innerHTML = renderToString(navbarOf(signedIn));
  document.body.append(container);
  answerEarly(container);
  const button = (name: string) => [...container.querySelectorAll('button')].find((element) => element.textContent?.includes(name))!;
  return { container, menu: button('Menu'), account: button('Your account') };
}

const press = (button: HTMLElement) => {
  button.focus();
  button.click();
};
const escape = (from: Element) => from.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));

describe('the navbar before and after the app', () => {
  it('opens and closes its disclosures before the app is up: a press, Escape (focus back on the button), focus leaving', () => {
    const { container, menu, account } = prerendered(true);
    press(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    const home = container.querySelector<HTMLAnchorElement>('a[href="/home"]')!;
    home.focus();
    escape(home);
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(menu);

    // "Your account" inside the open menu: Escape closes it first, then the menu.
    press(menu);
    press(account);
    expect(account.getAttribute('aria-expanded')).toBe('true');
    escape(account);
    expect([menu.getAttribute('aria-expanded'), account.getAttribute('aria-expanded')]).toEqual(['true', 'false']);

    // Focus leaving the navbar closes what is open.
    const outside = document.createElement('button');
    document.body.append(outside);
    outside.focus();
    expect(menu.getAttribute('aria-expanded')).toBe('false');
  });

  it('keeps a menu opened before hydration open, without a hydration error, and leaves it to React after', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { container, menu } = prerendered();
    press(menu);
    await act(async () => {
      roots.push(hydrateRoot(container, navbar));
    });
    expect(container.querySelector('header')?.hasAttribute(LIVE)).toBe(true);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    // React alone answers now: one press, one change.
    act(() => menu.click());
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    act(() => menu.click());
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});
