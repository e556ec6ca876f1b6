// Deletion cannot be undone by what outlived it (issue 22, item 4), sandbox payments: a reset
// link asked for before deletion does not revive the account, and a checkout opened before it
// cannot be paid after it (no subscription, no receipt).
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deletedEmail } from '@server/modules/account/deletion';
import { checkoutSessions, mailOutbox, subscriptions, users } from '@server/db/schema';
import { payOnSandbox, startCheckout } from '../fixtures/payments-flow';
import { newDeviceId, signUp, TEST_PASSWORD, testAppForFile, type SignedUpUser } from '../harness';
import { call, forgotPassword, NEW_PASSWORD, resetPassword, roomyLimits } from './shared';

const t = testAppForFile({ rateLimits: roomyLimits });

async function accountOf(email: string) {
  const [row] = await t.app.db.select().from(users).where(eq(users.email, email));
  return row!;
}

async function deleteIt(user: SignedUpUser): Promise<void> {
  expect((await call(t.app, user, 'POST', '/api/v1/account/delete', { password: TEST_PASSWORD })).statusCode).toBe(200);
}

describe('after deletion', () => {
  it('a reset link asked for before it sets no password and signs nobody in', async () => {
    const user = await signUp(t.app);
    const { id } = await accountOf(user.email);
    await forgotPassword(t.app, user.email);
    const [mail] = await t.app.db.select().from(mailOutbox).where(and(eq(mailOutbox.userId, id), eq(mailOutbox.template, 'passwordReset')));
    const token = new URL(String((mail!.params as { link: string }).link)).searchParams.get('token')!;
    await deleteIt(user);

    const english = await resetPassword(t.app, token);
    expect(english.statusCode).toBe(400);
    expect(english.json()).toMatchObject({ isSuccess: false, statusCode: 400, code: 'auth.resetLinkInvalid' });
    expect(english.cookies.find((cookie) => cookie.name === 'fs_refresh')).toBeUndefined();
    const spanish = await resetPassword(t.app, token, 'es');
    expect(spanish.json().message).not.toBe(english.json().message);

    const [row] = await t.app.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ email: deletedEmail(id), passwordHash: '!deleted' });
    expect(row!.deletedAt).not.toBeNull();
    const signIn = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { email: deletedEmail(id), password: NEW_PASSWORD, device_id: newDeviceId() } });
    expect(signIn.statusCode).toBe(401);
  });

  it('a sandbox checkout opened before it cannot be paid: no subscription, no receipt, the page says it is unavailable', async () => {
    const user = await signUp(t.app);
    const { id } = await accountOf(user.email);
    const url = await startCheckout(t.app, user, 'basic');
    await deleteIt(user);

    const paid = await payOnSandbox(t.app, url);
    expect(paid.statusCode).toBe(404);
    expect(paid.headers['content-type']).toMatch(/^text\/html/);
    expect(await t.app.db.select().from(subscriptions).where(eq(subscriptions.userId, id))).toEqual([]);
    expect(await t.app.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, id))).toEqual([]);
    const receipts = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'receipt'));
    expect(receipts.filter((mail) => mail.userId === id || mail.toAddress === user.email)).toEqual([]);
  });
});
