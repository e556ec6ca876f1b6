// The account a session's access token names: what this browser's downloads are kept for (docs/decisions/038).
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { accountOf } from '@domain/session-user';

const signed = (claims: Record<string, unknown>, subject?: string) => {
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' });
  return (subject ? jwt.setSubject(subject) : jwt).sign(new TextEncoder().encode('a-test-secret-of-enough-length'));
};

describe('accountOf', () => {
  it('reads the subject of one of the server’s tokens, whatever its email (an email change keeps the account)', async () => {
    const account = '5f0c2a64-0d1e-4b7a-9d41-3c2b1a0f9e88';
    expect(accountOf({ token: await signed({ sid: 's-1', email: 'ana@example.com' }, account) })).toBe(account);
    expect(accountOf({ token: await signed({ sid: 's-2', email: 'ana.new@example.com' }, account) })).toBe(account);
  });

  it('is null for a token that names no account: no subject, not a JWT, an unreadable payload', async () => {
    expect(accountOf({ token: await signed({ sid: 's-1' }) })).toBeNull();
    expect(accountOf({ token: 'token-1' })).toBeNull();
    expect(accountOf({ token: 'a.%%%.c' })).toBeNull();
    expect(accountOf({ token: `a.${btoa('"just a string"')}.c` })).toBeNull();
  });
});
