// Access tokens (HS256 JWTs: sub = account, sid = session, pid = the profile chosen on it or
// null, own = whether that is the owner's profile) and the random tokens stored only as
// SHA-256 hashes (refresh cookies, sign-in links).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { decodeJwt, jwtVerify, SignJWT } from 'jose';
import type { Config } from '@server/config';

export interface AccessClaims {
  userId: string;
  email: string;
  sessionId: string;
  /** The profile chosen on this sign-in (decision 064), null before one is. */
  profileId: string | null;
  /** Whether that profile is the account owner's. */
  ownerProfile: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs in the database: anything else must not reach a query (it would fail there). */
function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

const keys = new Map<string, Uint8Array>();
function key(secret: string): Uint8Array {
  let found = keys.get(secret);
  if (!found) {
    found = new TextEncoder().encode(secret);
    keys.set(secret, found);
  }
  return found;
}

export function signAccessToken(config: Pick<Config, 'jwtSecret' | 'accessTokenTtlSeconds'>, claims: AccessClaims): Promise<string> {
  return new SignJWT({ sid: claims.sessionId, email: claims.email, pid: claims.profileId, own: claims.ownerProfile })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + config.accessTokenTtlSeconds)
    .sign(key(config.jwtSecret));
}

/**
 * Tokens whose signature was checked, with their claims and expiry: a client sends the same
 * token for up to 15 minutes, so each is verified once (decision 018). Bounded; the oldest
 * entries go first. Keyed by the whole token, so a changed byte is a new, unverified token.
 * Only the signature and expiry are kept here: whether the token's session is still open is
 * asked on every request (revocations.ts), so a sign-out ends a kept token at once.
 */
const VERIFIED_MAX = 20_000;
const verified = new Map<string, { claims: AccessClaims; expiresAtMs: number; secret: string }>();

/**
 * The claims of a token verified before, from memory and synchronously: `undefined` when this
 * token was not verified yet (or under another secret), `null` once it has expired.
 */
export function knownAccessToken(config: Pick<Config, 'jwtSecret'>, token: string): AccessClaims | null | undefined {
  const known = verified.get(token);
  if (!known || known.secret !== config.jwtSecret) return undefined;
  if (Date.now() < known.expiresAtMs) return known.claims;
  verified.delete(token);
  return null;
}

/** `verifyAccessToken` for signed-in requests: from memory when this exact token was verified before. */
export async function verifyAccessTokenCached(config: Pick<Config, 'jwtSecret'>, token: string): Promise<AccessClaims | null> {
  const known = knownAccessToken(config, token);
  if (known !== undefined) return known;
  const claims = await verifyAccessToken(config, token);
  if (!claims) return null;
  const { exp } = decodeJwt(token);
  if (typeof exp !== 'number') return null;
  if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
  // Frozen: every request of this token shares the object (as `request.user`'s source).
  verified.set(token, { claims: Object.freeze(claims), expiresAtMs: exp * 1000, secret: config.jwtSecret });
  return claims;
}

/** The claims of a valid token, or null (bad signature, expired, malformed). */
export async function verifyAccessToken(
  config: Pick<Config, 'jwtSecret'>,
  token: string,
  options: { ignoreExpiry?: boolean } = {},
): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(config.jwtSecret), {
      algorithms: ['HS256'],
      // A token without an expiry would be good forever, even if signed with our key.
      requiredClaims: ['exp'],
      ...(options.ignoreExpiry ? { currentDate: new Date(0) } : {}),
    });
    const { sub, sid, email, pid, own } = payload;
    if (typeof email !== 'string' || !isUuid(sub) || !isUuid(sid)) return null;
    // A token from before profiles has no `pid`: refused, so the app refreshes it (one retry) into one that names the profile.
    if (!(pid === null || isUuid(pid)) || typeof own !== 'boolean') return null;
    return { userId: sub, sessionId: sid, email, profileId: pid, ownerProfile: pid !== null && own };
  } catch {
    return null;
  }
}

/** 32 random bytes, base64url: what the client holds. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database holds instead of the token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A device id like the app's own: 9 to 20 characters from a UUID. */
export function newDeviceId(): string {
  return randomUUID().replace(/-/g, '').slice(0, 20);
}
