// Signed media grants: an HMAC-SHA256 token (a JWT) naming one playback session, one media and
// the tallest rendition it may fetch, valid for PLAYBACK_URL_TTL. Checking one needs only the
// secret, never the database, so a CDN in front of /media could do it (docs/decisions/014).
// Every grant also rides in a cookie scoped to its media's path, renewed by each heartbeat: a
// player that cannot rewrite its URLs (the browser's own HLS) shows it once their token expired
// (docs/decisions/016). A grant may also name the only files it opens (a download's head start,
// docs/decisions/051): the media routes refuse any other, still from the token alone.
// The media module owns the scheme its routes (and the edge) check; playback sessions and
// download licences issue grants through it.
import { errors, jwtVerify, SignJWT } from 'jose';

export interface MediaGrant {
  sessionId: string;
  mediaId: string;
  /** The tallest rendition (picture height) this grant opens. */
  maxHeight: number;
  /**
   * The only files it opens, as paths under the media's folder ('360p/init.mp4'); absent, every
   * file of the media up to `maxHeight`. Never renewed by the grant cookie.
   */
  files?: readonly string[];
}

const AUDIENCE = 'fitstream-media';

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function signMediaGrant(
  secret: string,
  grant: MediaGrant,
  now: Date,
  ttlSeconds: number,
): Promise<{ token: string; expiresAt: Date }> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const claims = { sid: grant.sessionId, mid: grant.mediaId, h: grant.maxHeight, ...(grant.files ? { f: grant.files } : {}) };
  const token = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ttlSeconds)
    .sign(key(secret));
  return { token, expiresAt: new Date((issuedAt + ttlSeconds) * 1000) };
}

/** The cookie that carries a session's newest grant, sent only with its media's requests. */
export const grantCookieName = (sessionId: string): string => `fs_media_${sessionId}`;
export const grantCookiePath = (mediaId: string): string => `/media/${mediaId}/`;

function grantOf(payload: Record<string, unknown>): MediaGrant | null {
  const { sid, mid, h, f } = payload;
  if (typeof sid !== 'string' || typeof mid !== 'string' || typeof h !== 'number') return null;
  if (f === undefined) return { sessionId: sid, mediaId: mid, maxHeight: h };
  // A list that is not one opens nothing (never everything).
  if (!Array.isArray(f) || !f.every((file) => typeof file === 'string')) return null;
  return { sessionId: sid, mediaId: mid, maxHeight: h, files: f };
}

/** Whether `grant` opens `file` (a path under its media's folder) by its list of files, if it has one; the height cap is checked apart. */
export function grantOpens(grant: MediaGrant, file: string): boolean {
  return grant.files === undefined || grant.files.includes(file);
}

/** The grant of a token that was signed here and has expired (its signature holds); else null. */
export async function expiredMediaGrant(secret: string, token: string, now: Date): Promise<MediaGrant | null> {
  try {
    await jwtVerify(token, key(secret), { algorithms: ['HS256'], audience: AUDIENCE, currentDate: now });
    return null;
  } catch (error) {
    // jose checks the signature before the claims: an expired token's signature is good.
    if (error instanceof errors.JWTExpired) return grantOf(error.payload);
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}

/** The grant a token carries, or null when it is forged, expired or malformed. */
export async function verifyMediaGrant(secret: string, token: string, now: Date): Promise<MediaGrant | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'], audience: AUDIENCE, currentDate: now });
    return grantOf(payload);
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
