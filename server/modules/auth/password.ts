// Password hashing with scrypt (memory-hard, in Node's crypto): the stored form carries its
// parameters and salt, so they can be raised later without breaking older hashes. At most one
// hash per core runs at a time; the others wait in order (a burst of sign-ups, sign-ins or
// password changes then costs 32 MiB per core, not per waiting request).
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';

/** N=2^15, r=8, p=3: OWASP's equal-strength setting at 32 MiB (docs/decisions/002-password-kdf.md). */
export const passwordParams = { N: 2 ** 15, r: 8, p: 3, saltBytes: 16, keyBytes: 32 } as const;

/**
 * How many hashes may run at once: one per core (more only share the same cores, each holding
 * its 32 MiB), at most 3 so libuv's thread pool (4 threads) always has one left for files,
 * compression and DNS.
 */
export const passwordHashConcurrency = Math.max(1, Math.min(availableParallelism(), 3));

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when fewer than `passwordHashConcurrency` hashes are running; first come, first served. */
async function inHashQueue<T>(work: () => Promise<T>): Promise<T> {
  if (running >= passwordHashConcurrency) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next waiter (running stays the same), or is freed.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** Hashes running and waiting now (for tests and diagnostics). */
export function passwordHashQueue(): { running: number; waiting: number } {
  return { running, waiting: waiting.length };
}

function derive(password: string, salt: Buffer, keyBytes: number, options: ScryptOptions): Promise<Buffer> {
  const maxmem = 128 * (options.N ?? 0) * (options.r ?? 0) * 2 + 1024 * 1024;
  return inHashQueue(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize('NFC'), salt, keyBytes, { ...options, maxmem }, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
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
