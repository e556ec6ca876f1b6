// Signed media grants: an HMAC-SHA256 token (a JWT) naming one playback session, one media and
// the tallest rendition it may fetch, valid for PLAYBACK_URL_TTL. Checking one needs only the
// secret, never the database, so a CDN in front of /media could do it (docs/decisions/014).
import { errors, jwtVerify, SignJWT } from 'jose';

export interface MediaGrant {
  sessionId: string;
  mediaId: string;
  /** The tallest rendition (picture height) this grant opens. */
  maxHeight: number;
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
  const token = await new SignJWT({ sid: grant.sessionId, mid: grant.mediaId, h: grant.maxHeight })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ttlSeconds)
    .sign(key(secret));
  return { token, expiresAt: new Date((issuedAt + ttlSeconds) * 1000) };
}

/** The grant a token carries, or null when it is forged, expired or malformed. */
export async function verifyMediaGrant(secret: string, token: string, now: Date): Promise<MediaGrant | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'], audience: AUDIENCE, currentDate: now });
    const { sid, mid, h } = payload;
    if (typeof sid !== 'string' || typeof mid !== 'string' || typeof h !== 'number') return null;
    return { sessionId: sid, mediaId: mid, maxHeight: h };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
