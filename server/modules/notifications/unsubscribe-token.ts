// The digest's unsubscribe link (docs/decisions/037): `<user id>.<HMAC>`, signed with a key
// derived from JWT_SECRET, so it works signed out and in any instance, and cannot be made for
// another account. It does not expire (an old email's link must still work, RFC 8058) and
// does one thing only: turn the digest off.
import { createHmac, timingSafeEqual } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function mac(secret: string, userId: string): Buffer {
  const key = createHmac('sha256', secret).update('fitstream new-class digest unsubscribe').digest();
  return createHmac('sha256', key).update(userId).digest();
}

export function unsubscribeToken(secret: string, userId: string): string {
  return `${userId}.${mac(secret, userId).toString('base64url')}`;
}

/** The account a token names, or null when it is not one this server signed. */
export function verifyUnsubscribeToken(secret: string, token: string): string | null {
  const [userId = '', signature = '', ...rest] = token.split('.');
  if (rest.length > 0 || !UUID.test(userId) || !/^[A-Za-z0-9_-]{43}$/.test(signature)) return null;
  const expected = mac(secret, userId);
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
