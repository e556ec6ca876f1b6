// The route table (hrefs, who may open each page, where a guard sends the user), a remembered
// origin (only an in-app page, never another site or a visitor page), and the device id. With
// household profiles: no profile chosen → /profiles; the owner's pages → /home for another profile.
import { describe, expect, it } from 'vitest';
import { deviceIdFromUuid, isDeviceId } from '@domain/device-id';
import { guardNavigation } from '@domain/navigation';
import { routes, safeOrigin } from '@domain/routes';
import { standingOf } from '@domain/session-user';

describe('route table', () => {
  it('builds hrefs with encoded queries', () => {
    expect(routes.register.href({ email: 'a+b@example.com' })).toBe('/register?email=a%2Bb%40example.com');
    expect(routes.register.href()).toBe('/register');
    expect(routes.users.href({ session_id: 'cs_1' })).toBe('/users?session_id=cs_1');
    expect(routes.classes.href()).toBe('/classes');
    expect(routes.classes.href('level=beginner')).toBe('/classes?level=beginner');
    expect(routes.classDetail.href('a b/c')).toBe('/classes/a%20b%2Fc');
    expect(routes.watch.href('yin-yoga')).toBe('/watch/yin-yoga');
    expect(routes.watch.href('yoga flow/1')).toBe('/watch/yoga%20flow%2F1');
  });

  it('has one path per route', () => {
    const paths = Object.values(routes).map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('sends a visitor on a signed-in page to /login remembering the page, a signed-in user on a visitor page to /home', () => {
    expect(guardNavigation('signedIn', null)).toEqual({ type: 'navigate', to: '/login', replace: true, keepOrigin: true });
    expect(guardNavigation('owner', null)).toEqual({ type: 'navigate', to: '/login', replace: true, keepOrigin: true });
    expect(guardNavigation('signedInAnyProfile', null)).toEqual({ type: 'navigate', to: '/login', replace: true, keepOrigin: true });
    for (const viewer of ['none', 'member', 'owner'] as const) {
      expect(guardNavigation('visitor', viewer)).toEqual({ type: 'navigate', to: '/home', replace: true });
      expect(guardNavigation('public', viewer)).toBeNull();
    }
    expect(guardNavigation('signedIn', 'owner')).toBeNull();
    expect(guardNavigation('visitor', null)).toBeNull();
    expect(guardNavigation('public', null)).toBeNull();
  });

  it('sends a signed-in user with no profile chosen to /profiles remembering the page; the picker opens with none', () => {
    const toPicker = { type: 'navigate', to: '/profiles', replace: true, keepOrigin: true };
    expect(guardNavigation('signedIn', 'none')).toEqual(toPicker);
    expect(guardNavigation('owner', 'none')).toEqual(toPicker);
    expect(guardNavigation('signedInAnyProfile', 'none')).toBeNull();
    expect(guardNavigation('signedInAnyProfile', 'member')).toBeNull();
    expect(guardNavigation('signedInAnyProfile', 'owner')).toBeNull();
  });

  it("opens billing and the account to the owner's profile only: another profile goes to /home, replacing history", () => {
    expect(guardNavigation('owner', 'owner')).toBeNull();
    expect(guardNavigation('owner', 'member')).toEqual({ type: 'navigate', to: '/home', replace: true });
    expect(guardNavigation('signedIn', 'member')).toBeNull();
  });

  it("opens /settings to another profile than the owner's; the owner goes to /account, where their settings are", () => {
    expect(routes.settings).toMatchObject({ path: '/settings', access: 'member' });
    expect(guardNavigation('member', 'member')).toBeNull();
    expect(guardNavigation('member', 'owner')).toEqual({ type: 'navigate', to: '/account', replace: true });
    expect(guardNavigation('member', 'none')).toEqual({ type: 'navigate', to: '/profiles', replace: true, keepOrigin: true });
    expect(guardNavigation('member', null)).toEqual({ type: 'navigate', to: '/login', replace: true, keepOrigin: true });
  });

  it("names the owner's pages, and the picker as the one page open before a profile is chosen", () => {
    const ownerOnly = Object.values(routes).filter((route) => route.access === 'owner').map((route) => route.path).sort();
    expect(ownerOnly).toEqual(['/account', '/billing', '/billing/history', '/billing/plan', '/cancel', '/details', '/pricing', '/success', '/users']);
    expect(Object.values(routes).filter((route) => route.access === 'signedInAnyProfile').map((route) => route.path)).toEqual(['/profiles']);
    expect(routes.profiles.href()).toBe('/profiles');
  });

  it("tells a profile's standing from the session user", () => {
    const profile = { id: 'p', name: 'Ana', image: null, language: 'en' as const, owner: true, locked: false };
    expect(standingOf({ profile: null })).toBe('none');
    expect(standingOf({ profile })).toBe('owner');
    expect(standingOf({ profile: { ...profile, owner: false } })).toBe('member');
  });

  it('accepts only in-app, non-visitor origins', () => {
    expect(safeOrigin('/billing')).toBe('/billing');
    expect(safeOrigin('/users?session_id=cs_1')).toBe('/users?session_id=cs_1');
    expect(safeOrigin('//evil.example')).toBeNull();
    expect(safeOrigin('https://evil.example')).toBeNull();
    expect(safeOrigin('/login')).toBeNull();
    expect(safeOrigin('/?nftoken=x')).toBeNull();
    expect(safeOrigin(undefined)).toBeNull();
  });
});

describe('device id', () => {
  it('is 9 to 20 characters derived from a UUID', () => {
    const id = deviceIdFromUuid('0f8fad5b-d9cb-469f-a165-70867728950e');
    expect(id).toBe('0f8fad5bd9cb469f');
    expect(isDeviceId(id)).toBe(true);
    expect(isDeviceId('short')).toBe(false);
  });
});
