// Signed media grants (docs/decisions/053): a path segment naming one playback session (or
// download licence), one media and the tallest rendition it may fetch, valid for
// PLAYBACK_URL_TTL, signed with HMAC-SHA256. Checking one needs only the secret, never the
// database, so the nginx edge checks it itself with the same code (edge/media-grant.js). Every
// session's grant also rides in a cookie scoped to its media's path, renewed by each heartbeat:
// a player that cannot rewrite its URLs (the browser's own HLS) shows it once its grant expired
// (docs/decisions/016). A download's head start gets one grant per file (docs/decisions/051).
// The media module owns the scheme its routes (and the edge) check; playback sessions and
// download licences issue grants through it.
import mediaGrant, { type GrantRefusal } from './edge/media-grant.js';

export interface MediaGrant {
  sessionId: string;
  mediaId: string;
  /** The tallest rendition (picture height) this grant opens. */
  maxHeight: number;
}

export type { GrantRefusal };

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** A grant opening every file of `grant.mediaId` up to its height for `ttlSeconds`: the path segment (`token`) and when it ends. */
export function signMediaGrant(secret: string, grant: MediaGrant, now: Date, ttlSeconds: number): { token: string; expiresAt: Date } {
  const expires = seconds(now) + ttlSeconds;
  const token = mediaGrant.sign(secret, grant.mediaId, { kind: 't', sessionId: grant.sessionId, maxHeight: grant.maxHeight, expires });
  return { token, expiresAt: new Date(expires * 1000) };
}

/** The signed URL of one file of a media (`720p/init.mp4`) opened by `file` only, for `ttlSeconds`. */
export function signFileUrl(secret: string, grant: { sessionId: string; mediaId: string; file: string }, now: Date, ttlSeconds: number): { url: string; expiresAt: Date } {
  const expires = seconds(now) + ttlSeconds;
  const token = mediaGrant.sign(secret, grant.mediaId, { kind: 'f', sessionId: grant.sessionId, file: grant.file, expires });
  return { url: mediaUrl(grant.mediaId, token, grant.file), expiresAt: new Date(expires * 1000) };
}

/** The URL of `file` (a path under the media's folder) under the grant `token`. */
export const mediaUrl = (mediaId: string, token: string, file: string): string => `/media/${mediaId}/${token}/${file}`;

/** The cookie that carries a session's newest grant, sent only with its media's requests. */
export const grantCookieName = (sessionId: string): string => `fs_media_${sessionId}`;
export const grantCookiePath = (mediaId: string): string => `/media/${mediaId}/`;

/** The session grant `token` carries for `mediaId`, or null when it is forged, expired, malformed or a single file's. */
export function verifyMediaGrant(secret: string, mediaId: string, token: string, now: Date): MediaGrant | null {
  const grant = mediaGrant.read(secret, mediaId, token, '');
  if (!grant || grant.kind !== 't' || grant.expires <= seconds(now)) return null;
  return { sessionId: grant.sessionId, mediaId, maxHeight: grant.maxHeight };
}

/** Why the edge and the media routes refuse `file` of `mediaId` under grant `token` (the contract's code), or '' when they serve it. */
export function mediaRefusal(secret: string, mediaId: string, token: string, file: string, cookieHeader: string | undefined, now: Date): GrantRefusal {
  return mediaGrant.refusal(secret, mediaId, token, file, cookieHeader, seconds(now));
}
