// The route table and the paths machines navigate to must agree, and a remembered origin
// must be an in-app page (never another site, never a visitor page).
import { describe, expect, it } from 'vitest';
import { flowPaths } from '../../src/domain/navigation';
import { paths, protectedPages, publicPages, safeOrigin, visitorOnly } from '../../src/app/paths';
import { deviceIdFromUuid, isDeviceId } from '../../src/domain/device-id';

describe('route table', () => {
  it('knows every path a machine navigates to', () => {
    const known = new Set(Object.values(paths).map((entry) => entry.path));
    for (const path of Object.values(flowPaths)) expect(known.has(path), path).toBe(true);
  });

  it('guards every route exactly once', () => {
    const guarded = [...visitorOnly, ...publicPages, ...protectedPages].sort();
    expect(guarded).toEqual(Object.keys(paths).sort());
  });

  it('builds hrefs with encoded queries', () => {
    expect(paths.register.href({ email: 'a+b@example.com' })).toBe('/register?email=a%2Bb%40example.com');
    expect(paths.register.href()).toBe('/register');
    expect(paths.users.href({ session_id: 'cs_1' })).toBe('/users?session_id=cs_1');
  });

  it('accepts only in-app, non-visitor origins', () => {
    expect(safeOrigin('/billing')).toBe('/billing');
    expect(safeOrigin('/users?session_id=cs_1')).toBe('/users?session_id=cs_1');
    expect(safeOrigin('//evil.example')).toBeNull();
    expect(safeOrigin('https://evil.example')).toBeNull();
    expect(safeOrigin('/login')).toBeNull();
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
