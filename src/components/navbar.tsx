// Navbar: the way around the app, which differs for visitors, signed-in users and subscribers (Activity), with the
// language switcher. On wide screens the places to train sit in the bar and, for a signed-in
// account, its pages (Account, Billing & Subscriptions, Log out) behind "Your account"; a visitor
// has Sign In and Sign Up there instead; on narrower screens all of
// it folds behind a menu button, so the bar is always one row in either language.
// Both menus are disclosures (docs/decisions/049): aria-expanded on their button; Escape closes the open one and gives
// focus back to its button; each closes when focus leaves it (Tab past its end, a click elsewhere).
// On a pre-rendered page the entry answers both before the app is up (docs/decisions/071): their
// styles follow `aria-expanded`, which it toggles; once hydrated, the navbar takes the state it
// finds (a menu opened meanwhile stays open) and marks its header live, and React answers.
// "Install app" shows among the tools only while the browser offers to install (`install`).
// The account menu names the profile training now (picture or initial) and offers "Switch
// profile"; a profile other than the owner's has no Billing, Account or Pricing (not theirs), and
// has Settings (its own) instead.
import { useId, useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Link } from 'wouter';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { DISCLOSURE, LIVE } from '@lib/early-controls';
import { Logo } from './logo';
import { ProfileAvatar } from './profile-avatar';

const messages = defineMessages({
  nav: { id: 'navbar.label', defaultMessage: 'Main' },
  home: { id: 'navbar.home', defaultMessage: 'Home' },
  classes: { id: 'navbar.classes', defaultMessage: 'Classes' },
  programmes: { id: 'navbar.programmes', defaultMessage: 'Programmes' },
  schedule: { id: 'navbar.schedule', defaultMessage: 'Schedule' },
  activity: { id: 'navbar.activity', defaultMessage: 'Activity' },
  downloads: { id: 'navbar.downloads', defaultMessage: 'Downloads' },
  pricing: { id: 'navbar.pricing', defaultMessage: 'Pricing' },
  billing: { id: 'navbar.billing', defaultMessage: 'Billing & Subscriptions' },
  account: { id: 'navbar.account', defaultMessage: 'Account' },
  settings: { id: 'navbar.settings', defaultMessage: 'Settings' },
  logout: { id: 'navbar.logout', defaultMessage: 'Log out' },
  signIn: { id: 'navbar.signIn', defaultMessage: 'Sign In' },
  signUp: { id: 'navbar.signUp', defaultMessage: 'Sign Up' },
  menu: { id: 'navbar.menu', defaultMessage: 'Menu' },
  yourAccount: { id: 'navbar.yourAccount', defaultMessage: 'Your account' },
  language: { id: 'navbar.language', defaultMessage: 'Language' },
  logoHome: { id: 'navbar.logoHome', defaultMessage: 'FitStream home' },
  install: { id: 'navbar.install', defaultMessage: 'Install app' },
  switchProfile: { id: 'navbar.switchProfile', defaultMessage: 'Switch profile' },
  currentProfile: { id: 'navbar.currentProfile', defaultMessage: 'Training as' },
});

export type NavbarLanguage = 'en' | 'es';

export interface NavbarProps {
  signedIn: boolean;
  /** The account subscribes: its links (Activity) are shown. */
  subscriber?: boolean;
  language: NavbarLanguage;
  onLanguageChange: (language: NavbarLanguage) => void;
  onLogout: () => void;
  currentPath?: string;
  /** The profile chosen on this sign-in (null: none yet). */
  profile?: NavbarProfile | null;
  /** The browser offers to install the app: the button, busy while its prompt is open. */
  install?: { busy: boolean; onInstall: () => void };
}

export interface NavbarProfile {
  name: string;
  image: string | null;
  owner: boolean;
}

interface NavLink {
  href: string;
  label: MessageDescriptor;
  /**
   * Shown to a signed-in subscriber only, or to any signed-in account; 'owner': not to another
   * profile than the owner's; 'member': only to another profile than the owner's.
   */
  who?: 'subscribers' | 'signedIn' | 'owner' | 'member';
}

const LINKS: readonly NavLink[] = [
  { href: '/home', label: messages.home },
  { href: '/classes', label: messages.classes },
  { href: '/programmes', label: messages.programmes },
  { href: '/schedule', label: messages.schedule },
  { href: '/activity', label: messages.activity, who: 'subscribers' },
  { href: '/downloads', label: messages.downloads, who: 'signedIn' },
  { href: '/pricing', label: messages.pricing, who: 'owner' },
];

const ACCOUNT_LINKS: readonly NavLink[] = [
  { href: '/billing', label: messages.billing, who: 'owner' },
  { href: '/account', label: messages.account, who: 'owner' },
  { href: '/settings', label: messages.settings, who: 'member' },
  { href: '/profiles', label: messages.switchProfile, who: 'signedIn' },
];

export function Navbar({ signedIn, subscriber = false, language, onLanguageChange, onLogout, currentPath, profile: given = null, install }: NavbarProps) {
  const intl = useIntl();
  // The profile is drawn once the navbar is on the page: a pre-rendered page knows nobody's, and
  // hydrating it with one would not match its markup.
  const [drawn, setDrawn] = useState(false);
  const profile = drawn ? given : null;
  const [open, setOpen] = useState(false);
  const [accountOpen, setAccountOpen] = useState(false);
  const menuId = useId();
  const accountId = useId();
  const languageId = useId();
  const close = () => {
    setOpen(false);
    setAccountOpen(false);
  };
  const header = useRef<HTMLElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const accountButton = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    const openBefore = (element: HTMLButtonElement | null) => element?.getAttribute('aria-expanded') === 'true';
    if (openBefore(button.current)) setOpen(true);
    if (openBefore(accountButton.current)) setAccountOpen(true);
    header.current?.setAttribute(LIVE, '');
    setDrawn(true);
  }, []);
  // Opened before hydration, a button's aria-expanded is not the server's: the effect above takes it.
  const disclosure = { [DISCLOSURE]: '', suppressHydrationWarning: true };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || !(open || accountOpen)) return;
    event.preventDefault();
    // The innermost open disclosure closes first: the account's, then the whole menu.
    if (accountOpen) {
      setAccountOpen(false);
      accountButton.current?.focus();
    } else {
      setOpen(false);
      button.current?.focus();
    }
  };
  const leaves = (event: FocusEvent<HTMLElement>) => !event.currentTarget.contains(event.relatedTarget as Node | null);
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if ((open || accountOpen) && leaves(event)) close();
  };
  const onAccountBlur = (event: FocusEvent<HTMLElement>) => {
    if (accountOpen && leaves(event)) setAccountOpen(false);
  };
  const shown = (link: NavLink) => {
    if (link.who === 'subscribers') return signedIn && subscriber;
    if (link.who === 'signedIn') return signedIn;
    // Billing, the account and plans are the owner's: hidden only once another profile is known.
    if (link.who === 'owner') return !(signedIn && profile && !profile.owner);
    // Its own settings (the owner's are on the account page).
    if (link.who === 'member') return Boolean(signedIn && profile && !profile.owner);
    return true;
  };
  const item = (link: NavLink) => (
    <li key={link.href}>
      <Link href={link.href} className="navbar__link" aria-current={currentPath === link.href ? 'page' : undefined} onClick={close}>
        {intl.formatMessage(link.label)}
      </Link>
    </li>
  );
  return (
    <header ref={header} className="navbar" onKeyDown={onKeyDown} onBlur={onBlur}>
      <div className="navbar__inner">
        <Link href="/" className="navbar__logo" aria-label={intl.formatMessage(messages.logoHome)}>
          <Logo />
        </Link>
        <button
          ref={button}
          type="button"
          className="navbar__menu-button"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((isOpen) => !isOpen)}
          {...disclosure}
        >
          {/* Both drawn; the styles show the one for aria-expanded. */}
          <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false" stroke="currentColor" strokeWidth="2">
            <path className="navbar__icon-open" d="M5 5l14 14M19 5L5 19" />
            <path className="navbar__icon-closed" d="M3 6h18M3 12h18M3 18h18" />
          </svg>
          <span className="visually-hidden">{intl.formatMessage(messages.menu)}</span>
        </button>
        <nav id={menuId} className="navbar__menu" aria-label={intl.formatMessage(messages.nav)}>
          <ul className="navbar__links">{LINKS.filter(shown).map(item)}</ul>
          {/* A visitor has no account to open: Sign In and Sign Up stand in its place. */}
          {signedIn ? (
            <div className="navbar__account" onBlur={onAccountBlur}>
              <button
                ref={accountButton}
                type="button"
                className="navbar__account-button"
                aria-expanded={accountOpen}
                aria-controls={accountId}
                onClick={() => setAccountOpen((isOpen) => !isOpen)}
                {...disclosure}
              >
                {/* Its place is kept until the profile is drawn, so nothing moves when it is (a drawn page taken over). */}
                {profile ? <ProfileAvatar name={profile.name} image={profile.image} /> : <span className="profile-avatar profile-avatar--sm" aria-hidden="true" />}
                {intl.formatMessage(messages.yourAccount)}
                <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false" stroke="currentColor" strokeWidth="2" fill="none">
                  <path className="navbar__icon-open" d="M6 15l6-6 6 6" />
                  <path className="navbar__icon-closed" d="M6 9l6 6 6-6" />
                </svg>
              </button>
              <div id={accountId} className="navbar__account-menu">
                {profile ? (
                  <p className="navbar__profile">
                    <ProfileAvatar name={profile.name} image={profile.image} />
                    <span className="visually-hidden">{intl.formatMessage(messages.currentProfile)}</span> <span>{profile.name}</span>
                  </p>
                ) : null}
                <ul className="navbar__links">{ACCOUNT_LINKS.filter(shown).map(item)}</ul>
                <button
                  type="button"
                  className="btn btn--ghost"
                  onClick={() => {
                    close();
                    onLogout();
                  }}
                >
                  {intl.formatMessage(messages.logout)}
                </button>
              </div>
            </div>
          ) : null}
          <div className="navbar__tools">
            {install ? (
              <button
                type="button"
                className="navbar__install"
                disabled={install.busy}
                onClick={install.onInstall}
                title={intl.formatMessage(messages.install)}
              >
                <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false" stroke="currentColor" strokeWidth="2" fill="none">
                  <path d="M12 3v12M7 10l5 5 5-5M5 21h14" />
                </svg>
                {/* In the one-row bar only the icon shows (the bar has no room for the words in Spanish). */}
                <span className="navbar__install-label">{intl.formatMessage(messages.install)}</span>
              </button>
            ) : null}
            <label className="visually-hidden" htmlFor={languageId}>
              {intl.formatMessage(messages.language)}
            </label>
            {/* Language names are autonyms (each in its own language), so they are not messages. */}
            <select
              id={languageId}
              className="navbar__language"
              value={language}
              onChange={(event) => onLanguageChange(event.target.value as NavbarLanguage)}
            >
              <option value="en" lang="en">English</option>
              <option value="es" lang="es">Español</option>
            </select>
            {signedIn ? null : (
              <>
                <Link href="/login" className="btn btn--ghost navbar__visitor" onClick={close}>
                  {intl.formatMessage(messages.signIn)}
                </Link>
                <Link href="/register" className="btn btn--primary navbar__visitor" onClick={close}>
                  {intl.formatMessage(messages.signUp)}
                </Link>
              </>
            )}
          </div>
        </nav>
      </div>
    </header>
  );
}
