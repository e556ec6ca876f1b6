// App layer: looks for morning reminders due (reminders.ts) once the server is ready and then
// every few minutes, on every instance (the reminder's key makes each one go out once); a failed
// run is logged and tried again at the next tick.
import fp from 'fastify-plugin';
import { queueDueReminders, REMINDER_INTERVAL_MS } from './reminders';

export default fp(
  async (app) => {
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> = Promise.resolve();
    const run = () =>
      queueDueReminders(app.db, new Date(), app.config.publicUrl, app.programmes).then(
        (queued) => app.log.debug({ queued }, 'schedule reminders queued'),
        (error: unknown) => app.log.warn({ err: error }, 'queuing schedule reminders failed'),
      );
    app.addHook('onReady', async () => {
      running = run();
      timer = setInterval(() => {
        running = running.then(run);
      }, REMINDER_INTERVAL_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'schedule-reminders', dependencies: ['config-and-database', 'programmes-service'] },
);
