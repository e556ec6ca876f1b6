// App layer: the mail outbox's delivery loop. Every MAIL_POLL_MS this instance claims due rows
// and sends them (server/modules/mail/delivery.ts), in the background: a request only ever queues.
// Its metrics: deliveries by outcome, and the outbox's backlog read at scrape time.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge } from 'prom-client';
import { outboxBacklog, type OutboxBacklog } from '@server/modules/mail/backlog';
import { deliverDueMail, type DeliveryCounts, type MailTransport } from '@server/modules/mail/delivery';
import { sandboxTransport, smtpTransport } from '@server/modules/mail/transports';

declare module 'fastify' {
  interface FastifyInstance {
    mail: {
      transport: MailTransport;
      /** One delivery pass now (after the one running, if any). Tests drive delivery with it. */
      deliverNow(): Promise<DeliveryCounts>;
      /**
       * Runs `work` (queuing an email) after the request is answered, so the answer's timing
       * does not depend on it; a failure is logged. Closing the app waits for it.
       */
      queueAfterAnswer(work: () => Promise<unknown>, log: FastifyBaseLogger): void;
      /** Resolves when the work handed to queueAfterAnswer so far has finished (tests wait for it). */
      queued(): Promise<void>;
    };
  }
}

/** The outbox's gauges, one query per scrape; NaN (unknown) when the database does not answer. */
function backlogGauges(app: FastifyInstance): void {
  let reading: Promise<OutboxBacklog | null> | undefined;
  const read = () =>
    (reading ??= outboxBacklog(app.db)
      .catch((error: unknown) => {
        app.log.warn({ err: error }, 'reading the mail outbox for the metrics failed');
        return null;
      })
      .finally(() => (reading = undefined)));
  const gauge = (name: string, help: string, value: (backlog: OutboxBacklog) => number) =>
    new Gauge({
      name,
      help,
      registers: [app.metrics],
      async collect() {
        const backlog = await read();
        this.set(backlog ? value(backlog) : Number.NaN);
      },
    });
  gauge('fitstream_mail_outbox_pending', 'Emails queued and not sent yet, still to be tried', (backlog) => backlog.pending);
  gauge('fitstream_mail_outbox_oldest_pending_age_seconds', 'Seconds since the oldest email still to be sent was queued (0: none)', (backlog) => backlog.oldestSeconds);
  gauge('fitstream_mail_outbox_abandoned', 'Emails no longer tried after their last attempt failed (mail_outbox.last_error says why)', (backlog) => backlog.abandoned);
}

export default fp(
  async (app) => {
    const { config } = app;
    const transport = config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : sandboxTransport();
    backlogGauges(app);
    const deliveries = new Counter({
      name: 'fitstream_mail_deliveries_total',
      help: 'Emails handed to the transport (SMTP, or the sandbox mailbox) by this instance, by outcome (sent, failed: to be retried)',
      labelNames: ['outcome'] as const,
      registers: [app.metrics],
    });
    for (const outcome of ['sent', 'failed']) deliveries.inc({ outcome }, 0);
    let running: Promise<DeliveryCounts> = Promise.resolve({ sent: 0, failed: 0 });
    const pass = () =>
      deliverDueMail(app.db, transport, config.publicUrl, (error, mailId) =>
        app.log.warn({ err: error, mailId }, 'sending an email failed; it will be retried'),
      ).then((counts) => {
        deliveries.inc({ outcome: 'sent' }, counts.sent);
        deliveries.inc({ outcome: 'failed' }, counts.failed);
        return counts;
      });
    const deliverNow = () => {
      running = running.then(pass, pass);
      return running;
    };
    const pending = new Set<Promise<unknown>>();
    const queueAfterAnswer = (work: () => Promise<unknown>, log: FastifyBaseLogger) => {
      const running = new Promise((resolve) => setImmediate(resolve))
        .then(work)
        .catch((error: unknown) => log.error({ err: error }, 'queuing an email failed'))
        .finally(() => pending.delete(running));
      pending.add(running);
    };
    const queued = async () => {
      while (pending.size > 0) await Promise.all([...pending]);
    };
    app.decorate('mail', { transport, deliverNow, queueAfterAnswer, queued });

    let timer: NodeJS.Timeout | undefined;
    let busy = false;
    const tick = () => {
      if (busy) return;
      busy = true;
      deliverNow()
        .catch((error: unknown) => app.log.warn({ err: error }, 'mail delivery pass failed'))
        .finally(() => {
          busy = false;
        });
    };
    app.addHook('onReady', async () => {
      if (config.mailPollMs <= 0) return;
      timer = setInterval(tick, config.mailPollMs);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await queued();
      await running.catch(() => undefined);
      await transport.close();
    });
  },
  { name: 'mail', dependencies: ['config-and-database', 'metrics'] },
);
