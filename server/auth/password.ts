// Password hashing with scrypt (memory-hard, in Node's crypto): the stored form carries its
// parameters and salt, so they can be raised later without breaking older hashes.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** N=2^15, r=8, p=3: OWASP's equal-strength setting at 32 MiB (docs/decisions/002-password-kdf.md). */
export const passwordParams = { N: 2 ** 15, r: 8, p: 3, saltBytes: 16, keyBytes: 32 } as const;

function derive(password: string, salt: Buffer, keyBytes: number, options: ScryptOptions): Promise<Buffer> {
  const maxmem = 128 * (options.N ?? 0) * (options.r ?? 0) * 2 + 1024 * 1024;
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyBytes, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$<salt base64url>$<hash base64url>` */
export async function hashPassword(password: string): Promise<string> {
  const { N, r, p, saltBytes, keyBytes } = passwordParams;
  const salt = randomBytes(saltBytes);
  const key = await derive(password, salt, keyBytes, { N, r, p });
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, for emails that have no account. */
export async function burnPasswordCheck(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(password, await dummyHash);
  return false;
}
