// One-time sign-in links end with the events that end the account's sessions (issue 22, item 3):
// a link minted before a password change, a password reset, "sign out of all other devices" or
// deletion no longer signs in after it, and says so in the user's language.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '@server/db/schema';
import { signUp, TEST_PASSWORD, testAppForFile, type SignedUpUser } from '../harness';
import { call, exchangeLink, forgotPassword, mintLink, NEW_PASSWORD, resetPassword, roomyLimits } from './shared';

const t = testAppForFile({ rateLimits: roomyLimits });

async function resetTokenFor(email: string): Promise<string> {
  const rows = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
  const reset = rows.find((row) => row.template === 'passwordReset');
  return new URL(String((reset!.params as { link: string }).link)).searchParams.get('token')!;
}

async function expectLinkSpent(link: string): Promise<void> {
  const english = await exchangeLink(t.app, link);
  expect(english.statusCode).toBe(401);
  expect(english.json()).toMatchObject({ isSuccess: false, statusCode: 401, code: 'auth.linkInvalid' });
  const spanish = await exchangeLink(t.app, link, 'es');
  expect(spanish.json().message).not.toBe(english.json().message);
}

const events: Array<[string, (user: SignedUpUser) => Promise<void>]> = [
  [
    'a password change',
    async (user) => {
      const changed = await call(t.app, user, 'POST', '/api/v1/account/password', { currentPassword: TEST_PASSWORD, password: NEW_PASSWORD, cpassword: NEW_PASSWORD });
      expect(changed.statusCode).toBe(200);
    },
  ],
  [
    'a password reset',
    async (user) => {
      await forgotPassword(t.app, user.email);
      expect((await resetPassword(t.app, await resetTokenFor(user.email))).statusCode).toBe(200);
    },
  ],
  [
    '"sign out of all other devices"',
    async (user) => {
      expect((await call(t.app, user, 'POST', '/api/v1/account/sessions/sign-out-others')).statusCode).toBe(200);
    },
  ],
  [
    'deleting the account',
    async (user) => {
      expect((await call(t.app, user, 'POST', '/api/v1/account/delete', { password: TEST_PASSWORD })).statusCode).toBe(200);
    },
  ],
];

describe('a one-time sign-in link minted before', () => {
  for (const [event, happen] of events) {
    it(`${event} no longer signs in after it`, async () => {
      const user = await signUp(t.app);
      const link = await mintLink(t.app, user);
      await happen(user);
      await expectLinkSpent(link);
    });
  }

  it('one minted after the event still signs in once', async () => {
    const user = await signUp(t.app);
    expect((await call(t.app, user, 'POST', '/api/v1/account/sessions/sign-out-others')).statusCode).toBe(200);
    const link = await mintLink(t.app, user);
    expect((await exchangeLink(t.app, link)).statusCode).toBe(200);
    expect((await exchangeLink(t.app, link)).statusCode).toBe(401);
  });
});
