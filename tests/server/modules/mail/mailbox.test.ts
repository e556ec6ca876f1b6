// The sandbox mailbox (server/modules/mail/mailbox-routes.ts): delivered messages newest first, each
// with working links, in the request language; only where the sandbox is served.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import { mailOutbox } from '@server/db/schema';
import { queueMail } from '@server/modules/mail/outbox';
import { createTestApp, signUp, testAppForFile } from '../../harness';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const t = testAppForFile();

describe('the sandbox mailbox', () => {
  it('lists delivered messages newest first and shows each with its link', async () => {
    const user = await signUp(t.app);
    await queueMail(t.app.db, { userId: null, to: user.email, language: 'en', template: 'paymentFailed', params: { billingLink: 'http://localhost:8080/billing' } });
    await t.app.mail.deliverNow();
    // The welcome email was sent first; make that visible in the order.
    await t.app.db.update(mailOutbox).set({ sentAt: sql`sent_at - interval '1 minute'` }).where(eq(mailOutbox.template, 'welcome'));

    const list = await t.app.inject({ method: 'GET', url: `/sandbox/mail?to=${encodeURIComponent(user.email.toUpperCase())}` });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toContain('text/html');
    expect(list.headers['content-security-policy']).toContain("default-src 'none'");
    expect(list.body).toContain('This is a test mailbox');
    expect(list.body).toContain(`Messages to ${user.email}`);
    const subjects = [...list.body.matchAll(/class="subject" href="(\/sandbox\/mail\/[0-9a-f-]+)">([^<]+)</g)];
    expect(subjects.map((match) => match[2])).toEqual(['Your FitStream payment failed', 'Welcome to FitStream']);

    const message = await t.app.inject({ method: 'GET', url: subjects[0]![1]! });
    expect(message.statusCode).toBe(200);
    expect(message.body).toContain('href="http://localhost:8080/billing"');
    expect(message.body).toContain('Update your card');
    expect(message.body).toContain(user.email);
  });

  it('speaks the request language', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sandbox/mail', headers: { 'accept-language': 'es' } });
    expect(response.body).toContain('<html lang="es">');
    expect(response.body).toContain('Este es un buzón de pruebas');
  });

  it('shows no message that was not delivered to it, and answers 404 for unknown ones', async () => {
    await queueMail(t.app.db, { userId: null, to: 'pending@example.com', language: 'en', template: 'welcome', params: {} });
    const [pending] = await t.app.db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.toAddress, 'pending@example.com'));
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/mail?to=pending@example.com' })).body).toContain('No messages yet');
    expect((await t.app.inject({ method: 'GET', url: `/sandbox/mail/${pending!.id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/mail/not-an-id' })).statusCode).toBe(404);
  });

  it('is not served where the sandbox is not', async () => {
    const off = await createTestApp({ sandboxMailbox: false });
    try {
      const response = await off.app.inject({ method: 'GET', url: '/sandbox/mail' });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('test mailbox');
    } finally {
      await off.close();
    }
  });

  it('is served with PAYMENTS=sandbox outside production (in it, behind SANDBOX_TOOLS_TOKEN: tests/server/security), never with Stripe', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fs-mail-config-'));
    const stripe = { PAYMENTS: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', DATA_DIR: dataDir };
    expect((await loadConfig({ ...stripe, NODE_ENV: 'production' })).sandboxMailbox).toBe(false);
    expect((await loadConfig({ ...stripe })).sandboxMailbox).toBe(false);
    expect((await loadConfig({ DATA_DIR: dataDir })).sandboxMailbox).toBe(true);
    expect((await loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production' })).sandboxMailbox).toBe(false);
    const smtp = await loadConfig({ DATA_DIR: dataDir, SMTP_URL: 'smtps://u:p@smtp.example.com', MAIL_FROM: 'Team <team@example.com>' });
    expect(smtp).toMatchObject({ smtpUrl: 'smtps://u:p@smtp.example.com', mailFrom: 'Team <team@example.com>' });
    await expect(loadConfig({ DATA_DIR: dataDir, SMTP_URL: 'http://smtp.example.com' })).rejects.toThrow('SMTP_URL');
    await expect(loadConfig({ DATA_DIR: dataDir, MAIL_FROM: 'nobody' })).rejects.toThrow('MAIL_FROM');
  });
});
