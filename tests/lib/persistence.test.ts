// What the browser keeps: the user where remember-me says, the language, the device id
// (created once, reused); purging removes the user from both storages.
import { describe, expect, it } from 'vitest';
import { createPersistence, memoryStorage, STORAGE_KEYS } from '@lib/persistence';

const user = { email: 'ana@example.com', token: 'jwt', profile: null };

describe('persistence', () => {
  it('keeps the user in localStorage with remember me, sessionStorage without, and purges both', () => {
    const local = memoryStorage();
    const session = memoryStorage();
    const persistence = createPersistence({ local, session });
    persistence.writeSession({ user, remember: true });
    expect(local.getItem(STORAGE_KEYS.session)).not.toBeNull();
    expect(persistence.readSession()).toEqual({ user, remember: true });
    persistence.writeSession({ user, remember: false });
    expect(local.getItem(STORAGE_KEYS.session)).toBeNull();
    expect(persistence.readSession()).toEqual({ user, remember: false });
    persistence.purgeSession();
    expect(persistence.readSession()).toBeNull();
  });

  it('keeps the profile chosen on this sign-in with the user; a session kept before profiles has none', () => {
    const local = memoryStorage();
    const persistence = createPersistence({ local, session: memoryStorage() });
    const profile = { id: 'p-1', name: 'Ana', image: null, language: 'es' as const, owner: true, locked: false };
    persistence.writeSession({ user: { ...user, profile }, remember: true });
    expect(persistence.readSession()?.user.profile).toEqual(profile);
    local.setItem(STORAGE_KEYS.session, JSON.stringify({ user: { email: 'ana@example.com', token: 'jwt' } }));
    expect(persistence.readSession()?.user.profile).toBeNull();
  });

  it('remembers per account the profile last chosen on this device', () => {
    const local = memoryStorage();
    const persistence = createPersistence({ local, session: memoryStorage() });
    expect(persistence.readChosenProfile('acc-1')).toBeNull();
    persistence.writeChosenProfile('acc-1', 'p-2');
    expect(local.getItem('fitstream.profile.acc-1')).toBe(JSON.stringify('p-2'));
    expect(persistence.readChosenProfile('acc-1')).toBe('p-2');
    expect(persistence.readChosenProfile('acc-2')).toBeNull();
  });

  it('ignores garbage in storage', () => {
    const local = memoryStorage();
    local.setItem(STORAGE_KEYS.session, '{not json');
    expect(createPersistence({ local, session: memoryStorage() }).readSession()).toBeNull();
  });

  it('creates the device id once and reuses it', () => {
    const local = memoryStorage();
    let calls = 0;
    const uuid = () => {
      calls += 1;
      return '0f8fad5b-d9cb-469f-a165-70867728950e';
    };
    const first = createPersistence({ local, session: memoryStorage() }, uuid).deviceId();
    const second = createPersistence({ local, session: memoryStorage() }, uuid).deviceId();
    expect(first).toBe('0f8fad5bd9cb469f');
    expect(second).toBe(first);
    expect(calls).toBe(1);
    expect(local.getItem('device_id')).toBe(first);
  });

  it('remembers the language', () => {
    const persistence = createPersistence({ local: memoryStorage(), session: memoryStorage() });
    expect(persistence.readLanguage()).toBeNull();
    persistence.writeLanguage('es');
    expect(persistence.readLanguage()).toBe('es');
  });

  it('mirrors the language in the cookie the server picks pre-rendered pages by (decision 042)', () => {
    const jar = { cookie: '' };
    createPersistence({ local: memoryStorage(), session: memoryStorage(), cookies: jar }).writeLanguage('es');
    expect(jar.cookie).toMatch(/^fitstream_language=es; path=\/; max-age=\d+; samesite=lax$/);
  });
});
