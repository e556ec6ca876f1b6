// The route table (hrefs, who may open each page, where a guard sends the user), a remembered
// origin (only an in-app page, never another site or a visitor page), and the device id.
import { describe, expect, it } from 'vitest';
import { deviceIdFromUuid, isDeviceId } from '@domain/device-id';
import { guardNavigation } from '@domain/navigation';
import { routes, safeOrigin } from '@domain/routes';

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
    expect(guardNavigation('signedIn', false)).toEqual({ type: 'navigate', to: '/login', replace: true, keepOrigin: true });
    expect(guardNavigation('visitor', true)).toEqual({ type: 'navigate', to: '/home', replace: true });
    expect(guardNavigation('signedIn', true)).toBeNull();
    expect(guardNavigation('visitor', false)).toBeNull();
    expect(guardNavigation('public', true)).toBeNull();
    expect(guardNavigation('public', false)).toBeNull();
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
