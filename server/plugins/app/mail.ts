// App layer: the mail outbox's delivery loop. Every MAIL_POLL_MS this instance claims due rows
// and sends them (server/modules/mail/delivery.ts), in the background: a request only ever queues.
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
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

export default fp(
  async (app) => {
    const { config } = app;
    const transport = config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : sandboxTransport();
    let running: Promise<DeliveryCounts> = Promise.resolve({ sent: 0, failed: 0 });
    const pass = () =>
      deliverDueMail(app.db, transport, config.publicUrl, (error, mailId) =>
        app.log.warn({ err: error, mailId }, 'sending an email failed; it will be retried'),
      );
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
  { name: 'mail', dependencies: ['config-and-database'] },
);
