// Mail delivery (server/modules/mail/delivery.ts): due rows are claimed once even by concurrent passes,
// sent, marked; a failure is retried later with a growing wait, up to MAX_ATTEMPTS; a claim that
// expired (its instance died) is taken again. SMTP through nodemailer to a local smtp-server.
import type { AddressInfo } from 'node:net';
import { eq, inArray, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '@server/db/schema';
import { claimDueMail, deliverDueMail, MAX_ATTEMPTS, retryDelaySeconds, type MailTransport } from '@server/modules/mail/delivery';
import { queueMail } from '@server/modules/mail/outbox';
import { createTestApp, testAppForFile, type TestApp } from '../../harness';

const t = testAppForFile();

function recordingTransport(fail: (to: string) => boolean = () => false) {
  const sent: { id: string; to: string; subject: string }[] = [];
  const transport: MailTransport = {
    name: 'sandbox',
    async send(message) {
      if (fail(message.to)) throw new Error('mail server said no');
      sent.push({ id: message.id, to: message.to, subject: message.subject });
    },
    async close() {},
  };
  return { sent, transport };
}

async function queue(to: string, count = 1): Promise<string[]> {
  for (let i = 0; i < count; i += 1) {
    await queueMail(t.app.db, { userId: null, to, language: 'en', template: 'paymentFailed', params: { billingLink: 'http://localhost:8080/billing' } });
  }
  const rows = await t.app.db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.toAddress, to));
  return rows.map((row) => row.id);
}

async function rowsTo(to: string) {
  return t.app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
}

describe('delivery', () => {
  it('sends what is due once and marks it sent with its transport', async () => {
    const ids = await queue('due@example.com', 3);
    const { sent, transport } = recordingTransport();
    await deliverDueMail(t.app.db, transport, t.config.publicUrl);
    expect(sent.filter((mail) => mail.to === 'due@example.com').map((mail) => mail.id).sort()).toEqual([...ids].sort());
    expect(sent.find((mail) => mail.to === 'due@example.com')?.subject).toBe('Your FitStream payment failed');
    for (const row of await rowsTo('due@example.com')) {
      expect(row).toMatchObject({ transport: 'sandbox', attempts: 1, claimedUntil: null, lastError: null });
      expect(row.sentAt).not.toBeNull();
    }
    await deliverDueMail(t.app.db, transport, t.config.publicUrl);
    expect(sent.filter((mail) => mail.to === 'due@example.com')).toHaveLength(3);
  });

  it('leaves mail queued for later until its time', async () => {
    await queueMail(t.app.db, { userId: null, to: 'later@example.com', language: 'en', template: 'accountDeleted', params: {}, sendAfter: new Date(Date.now() + 3_600_000) });
    const { sent, transport } = recordingTransport();
    await deliverDueMail(t.app.db, transport, t.config.publicUrl);
    expect(sent.some((mail) => mail.to === 'later@example.com')).toBe(false);
  });

  it('retries a failed send later, with a growing wait, and gives up after MAX_ATTEMPTS', async () => {
    const [id] = await queue('flaky@example.com');
    const failing = recordingTransport((to) => to === 'flaky@example.com');
    await deliverDueMail(t.app.db, failing.transport, t.config.publicUrl);
    const [afterFailure] = await t.app.db
      .select({ attempts: mailOutbox.attempts, lastError: mailOutbox.lastError, sentAt: mailOutbox.sentAt, waitSeconds: sql<number>`extract(epoch from (send_after - now()))` })
      .from(mailOutbox)
      .where(eq(mailOutbox.id, id!));
    expect(afterFailure).toMatchObject({ attempts: 1, lastError: 'mail server said no', sentAt: null });
    expect(Number(afterFailure?.waitSeconds)).toBeGreaterThan(retryDelaySeconds(1) - 5);
    // Not due yet: a pass now does not touch it.
    await deliverDueMail(t.app.db, failing.transport, t.config.publicUrl);
    expect((await rowsTo('flaky@example.com'))[0]?.attempts).toBe(1);

    const due = () => t.app.db.update(mailOutbox).set({ sendAfter: sql`now()` }).where(eq(mailOutbox.id, id!));
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt += 1) {
      await due();
      await deliverDueMail(t.app.db, failing.transport, t.config.publicUrl);
    }
    await due();
    const working = recordingTransport();
    await deliverDueMail(t.app.db, working.transport, t.config.publicUrl);
    expect(working.sent.some((mail) => mail.id === id)).toBe(false);
    expect((await rowsTo('flaky@example.com'))[0]).toMatchObject({ attempts: MAX_ATTEMPTS, sentAt: null });

    expect([1, 2, 3, 8, 20].map(retryDelaySeconds)).toEqual([30, 60, 120, 3600, 3600]);
  });

  it('a failure that then succeeds is sent once', async () => {
    const [id] = await queue('second-time@example.com');
    let failures = 1;
    const { sent, transport } = recordingTransport((to) => to === 'second-time@example.com' && failures-- > 0);
    await deliverDueMail(t.app.db, transport, t.config.publicUrl);
    await t.app.db.update(mailOutbox).set({ sendAfter: sql`now()` }).where(eq(mailOutbox.id, id!));
    await deliverDueMail(t.app.db, transport, t.config.publicUrl);
    expect(sent.filter((mail) => mail.id === id)).toHaveLength(1);
    expect((await rowsTo('second-time@example.com'))[0]).toMatchObject({ attempts: 2, lastError: null });
  });
});

describe('claims', () => {
  it('concurrent passes (two instances) claim each row once', async () => {
    const ids = await queue('claims@example.com', 12);
    const claims = await Promise.all([claimDueMail(t.app.db, 5), claimDueMail(t.app.db, 5), claimDueMail(t.app.db, 50)]);
    const claimed = claims.flat().map((mail) => mail.id).filter((id) => ids.includes(id));
    expect(claimed.sort()).toEqual([...ids].sort());
    expect(new Set(claimed).size).toBe(claimed.length);
    // Held: a further pass finds none of them.
    expect((await claimDueMail(t.app.db, 50)).filter((mail) => ids.includes(mail.id))).toEqual([]);
  });

  it('a claim that expired (its instance died mid-send) is taken again: at least once', async () => {
    const ids = await queue('dead-instance@example.com', 2);
    expect((await claimDueMail(t.app.db, 50)).filter((mail) => ids.includes(mail.id))).toHaveLength(2);
    await t.app.db.update(mailOutbox).set({ claimedUntil: sql`now() - interval '1 second'` }).where(inArray(mailOutbox.id, ids));
    const { sent, transport } = recordingTransport();
    await deliverDueMail(t.app.db, transport, t.config.publicUrl);
    expect(sent.filter((mail) => ids.includes(mail.id))).toHaveLength(2);
    expect((await rowsTo('dead-instance@example.com')).map((row) => row.attempts)).toEqual([2, 2]);
  });

  it('taking over an expired claim counts a new attempt and holds the row', async () => {
    const [id] = await queue('taken-over@example.com');
    const [first] = (await claimDueMail(t.app.db, 50)).filter((mail) => mail.id === id);
    await t.app.db.update(mailOutbox).set({ claimedUntil: sql`now() - interval '1 second'` }).where(eq(mailOutbox.id, id!));
    const [second] = (await claimDueMail(t.app.db, 50)).filter((mail) => mail.id === id);
    expect(second?.attempts).toBe((first?.attempts ?? 0) + 1);
    // The newer holder's claim stands: nothing else may claim the row while it holds it.
    expect((await claimDueMail(t.app.db, 50)).some((mail) => mail.id === id)).toBe(false);
  });
});

describe('the app', () => {
  it('queues the welcome email at sign-up in the sign-up language, and the poller delivers it', async () => {
    const polling = await createTestApp({ mailPollMs: 50 });
    try {
      const email = `welcome-${Date.now()}@example.com`;
      const response = await polling.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-up',
        headers: { 'accept-language': 'es-ES,es;q=0.9' },
        payload: { email, password: 'Str0ng#Pass', cpassword: 'Str0ng#Pass', device_id: 'dev-welcome-1', country: 'ES' },
      });
      expect(response.statusCode).toBe(201);
      const sentRow = async () => (await polling.app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)))[0];
      expect(await sentRow()).toMatchObject({ template: 'welcome', language: 'es' });
      for (let i = 0; i < 200 && !(await sentRow())?.sentAt; i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await sentRow()).toMatchObject({ transport: 'sandbox', attempts: 1 });
    } finally {
      await polling.close();
    }
  });
});

describe('SMTP', () => {
  interface Received {
    from: string;
    to: string[];
    data: string;
  }
  const received: Received[] = [];
  let refuse = false;
  let server: SMTPServer;
  let port = 0;
  let smtp: TestApp | undefined;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (refuse) return callback(Object.assign(new Error('550 mailbox unavailable'), { responseCode: 550 }));
        return callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            data: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
    smtp = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'FitStream <hello@fitstream.test>' });
  });
  afterAll(async () => {
    await smtp?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends through SMTP_URL from MAIL_FROM, in the account language, with text and HTML', async () => {
    const app = smtp!.app;
    await queueMail(app.db, {
      userId: null,
      to: 'smtp-reader@example.com',
      language: 'es',
      template: 'receipt',
      params: { invoiceNumber: 'FS-2026-000123', amountMinor: 1299, currency: 'eur', paidAt: '2026-11-22T10:00:00Z', invoiceLink: 'http://localhost:8080/api/v1/invoices/x.pdf' },
    });
    expect(await app.mail.deliverNow()).toMatchObject({ sent: 1, failed: 0 });
    const message = received.find((mail) => mail.to.includes('smtp-reader@example.com'));
    expect(message?.from).toBe('hello@fitstream.test');
    const data = message?.data ?? '';
    expect(data).toMatch(/^Subject: Tu recibo de FitStream FS-2026-000123\r?$/m);
    expect(data).toMatch(/^Message-ID: <[0-9a-f-]{36}@fitstream\.mail>/m);
    expect(data).toContain('Content-Type: text/plain');
    expect(data).toContain('Content-Type: text/html');
    expect(data.replace(/=\r?\n/g, '')).toContain('12,99=C2=A0=E2=82=AC');
    const [row] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'smtp-reader@example.com'));
    expect(row).toMatchObject({ transport: 'smtp', attempts: 1 });
  });

  it('a refusing server leaves the row for a retry with the reason', async () => {
    const app = smtp!.app;
    refuse = true;
    try {
      await queueMail(app.db, { userId: null, to: 'refused@example.com', language: 'en', template: 'welcome', params: {} });
      expect(await app.mail.deliverNow()).toMatchObject({ sent: 0, failed: 1 });
    } finally {
      refuse = false;
    }
    const [row] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'refused@example.com'));
    expect(row).toMatchObject({ sentAt: null, attempts: 1 });
    expect(row?.lastError).toContain('550');
  });
});
