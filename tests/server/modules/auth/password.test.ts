// Password hashing: what is stored, that the right password and only it verifies, and that
// hashes made with earlier parameters keep verifying after the parameters are raised.
import { describe, expect, it } from 'vitest';
import { hashPassword, passwordHashConcurrency, passwordHashQueue, passwordParams, verifyPassword } from '@server/modules/auth/password';

describe('password hashing', () => {
  it("stores scrypt with OWASP's equal-strength parameters and a fresh salt, never the password", async () => {
    const [a, b] = await Promise.all([hashPassword('Str0ng!Pass'), hashPassword('Str0ng!Pass')]);
    expect(a.split('$').slice(0, 4)).toEqual(['scrypt', String(2 ** 15), '8', '3']);
    expect(passwordParams).toMatchObject({ N: 2 ** 15, r: 8, p: 3 });
    expect(a).not.toBe(b);
    expect(a).not.toContain('Str0ng!Pass');
  });

  it('verifies the right password only', async () => {
    const stored = await hashPassword('Str0ng!Pass');
    expect(await verifyPassword('Str0ng!Pass', stored)).toBe(true);
    expect(await verifyPassword('Str0ng!pass', stored)).toBe(false);
    expect(await verifyPassword('Str0ng!Pass', 'not-a-hash')).toBe(false);
  });

  it('still verifies a hash stored with the earlier p=1', async () => {
    const { scryptSync, randomBytes } = await import('node:crypto');
    const salt = randomBytes(16);
    const key = scryptSync('Str0ng!Pass', salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    const stored = ['scrypt', 2 ** 15, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
    expect(await verifyPassword('Str0ng!Pass', stored)).toBe(true);
  });

  it('runs at most one hash per core (at most 3) at once; the rest wait their turn and all finish', async () => {
    expect(passwordHashConcurrency).toBeGreaterThanOrEqual(1);
    expect(passwordHashConcurrency).toBeLessThanOrEqual(3);
    const count = passwordHashConcurrency + 3;
    const hashes = Array.from({ length: count }, (_, index) => hashPassword(`Str0ng!Pass${index}`));
    // Every call reaches the queue before its first await.
    expect(passwordHashQueue()).toEqual({ running: passwordHashConcurrency, waiting: 3 });
    const stored = await Promise.all(hashes);
    expect(passwordHashQueue()).toEqual({ running: 0, waiting: 0 });
    const checks = await Promise.all(stored.map((hash, index) => verifyPassword(`Str0ng!Pass${index}`, hash)));
    expect(checks).toEqual(stored.map(() => true));
  });

  it('frees its place in the queue when a hash fails', async () => {
    // A stored hash with parameters scrypt refuses (N not a power of two).
    const bad = ['scrypt', 1000, 8, 1, 'c2FsdA', 'aGFzaA'].join('$');
    await expect(verifyPassword('Str0ng!Pass', bad)).rejects.toThrow();
    expect(passwordHashQueue()).toEqual({ running: 0, waiting: 0 });
    expect(await verifyPassword('Str0ng!Pass', await hashPassword('Str0ng!Pass'))).toBe(true);
  });
});
