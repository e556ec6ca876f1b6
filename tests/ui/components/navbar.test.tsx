// The page frame as a user meets it: the navbar for visitors and signed-in users (and its
// mobile menu), the footer's links and placeholders, and switching language with the lazily
// loaded Spanish catalogue.
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Footer, Navbar } from '@components';
import { AppIntlProvider, type AppLocale } from '@i18n';
import { renderIntl } from '../support/components-render';

describe('Navbar', () => {
  it('offers a visitor Sign In and Sign Up, and no account menu or Log out', () => {
    renderIntl(<Navbar signedIn={false} language="en" onLanguageChange={() => {}} onLogout={() => {}} />);
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/register');
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Your account' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Billing & Subscriptions' })).toBeNull();
    expect(screen.getByRole('link', { name: 'FitStream home' }).getAttribute('href')).toBe('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/home');
    expect(within(nav).getByRole('link', { name: 'Pricing' }).getAttribute('href')).toBe('/pricing');
    // Classes, Programmes and Schedule sit between Home and Pricing.
    const names = within(nav).getAllByRole('link').map((link) => link.textContent);
    expect(names.slice(0, 5)).toEqual(['Home', 'Classes', 'Programmes', 'Schedule', 'Pricing']);
    expect(within(nav).getByRole('link', { name: 'Schedule' }).getAttribute('href')).toBe('/schedule');
    expect(within(nav).getByRole('link', { name: 'Classes' }).getAttribute('href')).toBe('/classes');
    expect(within(nav).getByRole('link', { name: 'Programmes' }).getAttribute('href')).toBe('/programmes');
  });

  it('offers a signed-in user Log out, and marks the current page', async () => {
    const user = userEvent.setup();
    const onLogout = vi.fn();
    renderIntl(<Navbar signedIn language="en" onLanguageChange={() => {}} onLogout={onLogout} currentPath="/pricing" />);
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Pricing' }).getAttribute('aria-current')).toBe('page');
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it('shows Activity only to a signed-in subscriber, and Downloads to a signed-in account', () => {
    const links = (signedIn: boolean, subscriber: boolean) => {
      const { unmount } = renderIntl(<Navbar signedIn={signedIn} subscriber={subscriber} language="en" onLanguageChange={() => {}} onLogout={() => {}} />);
      const nav = screen.getByRole('navigation', { name: 'Main' });
      const names = within(nav).getAllByRole('link').map((link) => link.textContent);
      const activity = within(nav).queryByRole('link', { name: 'Activity' })?.getAttribute('href') ?? null;
      unmount();
      return { names, activity };
    };
    const visitor = links(false, false);
    expect(visitor.activity).toBeNull();
    expect(visitor.names).not.toContain('Downloads');
    const member = links(true, false);
    expect(member.activity).toBeNull();
    // Downloads lists what this device holds, for any signed-in account (and while offline).
    expect(member.names).toContain('Downloads');
    const subscriber = links(true, true);
    expect(subscriber.activity).toBe('/activity');
    expect(subscriber.names.slice(0, 7)).toEqual(['Home', 'Classes', 'Programmes', 'Schedule', 'Activity', 'Downloads', 'Pricing']);
  });

  it('opens and closes the mobile menu with aria-expanded', async () => {
    const user = userEvent.setup();
    renderIntl(<Navbar signedIn={false} language="en" onLanguageChange={() => {}} onLogout={() => {}} />);
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    const controlled = document.getElementById(menu.getAttribute('aria-controls') ?? '');
    expect(controlled?.tagName).toBe('NAV');
    await user.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    // Its panel follows it: the styles show the menu after a button whose aria-expanded is true.
    expect(menu.nextElementSibling).toBe(controlled);
    await user.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('false');
  });

  it('is a disclosure: Escape closes the menu and gives focus back to its button; leaving it closes it', async () => {
    const user = userEvent.setup();
    renderIntl(
      <>
        <Navbar signedIn={false} language="en" onLanguageChange={() => {}} onLogout={() => {}} />
        <button type="button">After the navbar</button>
      </>,
    );
    const menu = screen.getByRole('button', { name: 'Menu' });
    await user.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Home');
    await user.keyboard('{Escape}');
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(menu);
    // Open again, then move focus elsewhere: it left the menu, so the menu closes.
    await user.click(menu);
    await user.click(screen.getByRole('button', { name: 'After the navbar' }));
    expect(menu.getAttribute('aria-expanded')).toBe('false');
  });

  it('keeps the account\'s pages and Log out behind "Your account", a disclosure of its own', async () => {
    const user = userEvent.setup();
    const onLogout = vi.fn();
    renderIntl(<Navbar signedIn language="en" onLanguageChange={() => {}} onLogout={onLogout} />);
    const account = screen.getByRole('button', { name: 'Your account' });
    const panel = document.getElementById(account.getAttribute('aria-controls') ?? '');
    // What it holds: Billing & Subscriptions, Account, Switch profile and Log out, nothing else.
    expect(within(panel!).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/billing', '/account', '/profiles']);
    expect(within(panel!).getByRole('button', { name: 'Log out' })).toBeDefined();
    expect(account.getAttribute('aria-expanded')).toBe('false');
    await user.click(account);
    expect(account.getAttribute('aria-expanded')).toBe('true');
    expect(account.nextElementSibling).toBe(panel);
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Billing & Subscriptions');
    // Escape closes the innermost open disclosure and gives focus back to its button.
    await user.keyboard('{Escape}');
    expect(account.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(account);
    // Following a link in it closes it; so does Log out, which signs out.
    await user.click(account);
    await user.click(within(panel!).getByRole('link', { name: 'Account' }));
    expect(account.getAttribute('aria-expanded')).toBe('false');
    await user.click(account);
    await user.click(within(panel!).getByRole('button', { name: 'Log out' }));
    expect(onLogout).toHaveBeenCalledOnce();
    expect(account.getAttribute('aria-expanded')).toBe('false');
  });

  it('switches the whole app to Spanish, loading its catalogue on demand', async () => {
    const user = userEvent.setup();
    function App() {
      const [language, setLanguage] = useState<AppLocale>('en');
      return (
        <AppIntlProvider locale={language}>
          <Navbar signedIn language={language} onLanguageChange={setLanguage} onLogout={() => {}} />
        </AppIntlProvider>
      );
    }
    render(<App />);
    expect(screen.getByRole('button', { name: 'Log out' })).toBeDefined();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'es');
    expect(await screen.findByRole('button', { name: 'Cerrar sesión' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Facturación y suscripciones' })).toBeDefined();
    expect(document.documentElement.lang).toBe('es');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Idioma' }), 'en');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Log out' })).toBeDefined());
  });
});

describe('Footer', () => {
  it('links the legal pages, help and contact (the support page) and cookies and storage', () => {
    renderIntl(<Footer year={2025} />);
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(expect.arrayContaining(['/terms', '/privacy', '/support', '/eula', '/dmca']));
    expect(screen.getByRole('link', { name: 'Help Centre' }).getAttribute('href')).toBe('/support');
    expect(screen.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('/support#contact');
    expect(screen.getByRole('link', { name: 'Cookies and storage' }).getAttribute('href')).toBe('/cookies');
    expect(screen.queryByText(/coming soon/i)).toBeNull();
    expect(screen.getByText('© 2025 FitStream. All rights reserved.')).toBeDefined();
  });
  it("names the profile training now in the account menu, with its initial, and offers Switch profile", () => {
    renderIntl(<Navbar signedIn language="en" onLanguageChange={() => {}} onLogout={() => {}} profile={{ name: 'Ana', image: null, owner: true }} />);
    const account = screen.getByRole('button', { name: 'Your account' });
    const panel = document.getElementById(account.getAttribute('aria-controls') ?? '')!;
    expect(within(panel).getByText('Ana')).toBeDefined();
    expect(within(panel).getByText('Training as')).toBeDefined();
    expect(account.textContent).toContain('A');
    expect(within(panel).getByRole('link', { name: 'Switch profile' }).getAttribute('href')).toBe('/profiles');
    expect(within(panel).getByRole('link', { name: 'Billing & Subscriptions' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Pricing' })).toBeDefined();
    // The owner's settings are on the account page: no Settings of its own.
    expect(within(panel).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/billing', '/account', '/profiles']);
  });

  it("hides Billing, Account and Pricing from a profile other than the owner's, offers its Settings; shows its picture", () => {
    renderIntl(<Navbar signedIn language="en" onLanguageChange={() => {}} onLogout={() => {}} profile={{ name: 'Leo', image: 'leo.png', owner: false }} />);
    const account = screen.getByRole('button', { name: 'Your account' });
    const panel = document.getElementById(account.getAttribute('aria-controls') ?? '')!;
    expect(within(panel).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/settings', '/profiles']);
    expect(within(panel).getByRole('link', { name: 'Settings' })).toBeDefined();
    expect(screen.queryByRole('link', { name: 'Pricing' })).toBeNull();
    expect(panel.querySelector('img')?.getAttribute('src')).toBe('/uploads/leo.png');
    expect(within(panel).getByText('Leo')).toBeDefined();
  });
});
