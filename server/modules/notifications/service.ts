// App layer: `app.notifications`, new-class notifications (docs/decisions/037): the account's
// choice, this device's push subscription, the unsubscribe link, and the weekly digest job,
// which runs every DIGEST_POLL_MS (default 10 min; off with MAIL_POLL_MS=0, as tests drive it)
// and pushes to the account's devices after the digest's email is queued.
import { and, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { Counter, type Registry } from 'prom-client';
import type { Database } from '@server/db/client';
import { disciplines, newClassNotifications, profiles, pushSubscriptions, users } from '@server/db/schema';
import { HttpError } from '@server/errors';
import { mailText } from '@server/modules/mail';
import { DEFAULT_DIGEST_POLL_MS } from './config';
import { buildDigests, saveNotificationChoice, type BuiltDigest, type DigestOutcome } from './digest';
import { loadVapidKeys, pushToAccount, validPushKeys, type PushCounts, type VapidKeys } from './push';
import { checkPushEndpoint, PushEndpointRefused, systemNetwork, type PushNetwork } from './push-endpoint';
import { verifyUnsubscribeToken } from './unsubscribe-token';

/** Push subscriptions an account keeps; a new one beyond them replaces the oldest. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

export interface PushSubscriptionBody {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Digests decided and the pushes that followed, by outcome, on `registry` (docs/decisions/054). */
function digestCounters(registry: Registry) {
  const digests = new Counter({
    name: 'fitstream_notification_digests_total',
    help: 'Weekly new-class digests decided by this instance, by outcome (emailed, nothing_new: a week with nothing new, no email)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const pushes = new Counter({
    name: 'fitstream_notification_pushes_total',
    help: 'Push messages of the digests, by outcome (sent, removed: gone at the push service, refused: an address not public now, failed)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  for (const outcome of ['emailed', 'nothing_new']) digests.inc({ outcome }, 0);
  for (const outcome of ['sent', 'removed', 'refused', 'failed']) pushes.inc({ outcome }, 0);
  return {
    decided: (outcome: DigestOutcome) => digests.inc({ outcome }),
    pushed: (counts: PushCounts) => {
      for (const [outcome, count] of Object.entries(counts)) pushes.inc({ outcome }, count);
    },
  };
}

export function notificationsService(db: Database, settings: { vapid: VapidKeys; publicUrl: string; secret: string; registry: Registry }) {
  const { vapid, publicUrl, secret } = settings;
  const counters = digestCounters(settings.registry);

  async function push(digest: BuiltDigest, onError: (error: unknown) => void): Promise<PushCounts> {
    const locale = digest.language === 'es' ? 'es' : 'en';
    return pushToAccount(
      db,
      vapid,
      digest.accountId,
      {
        title: mailText(locale, 'newClasses.pushTitle', { count: digest.total }),
        body: mailText(locale, 'newClasses.pushBody', { titles: digest.titles.join(', ') }),
        url: `${publicUrl}/classes`,
        tag: `new-classes-${digest.week}`,
      },
      { network: service.pushNetwork, onError },
    );
  }

  const service = {
    vapidPublicKey: vapid.publicKey,
    /** DNS and the rules for push endpoints; tests give a fake resolver and their local push service. */
    pushNetwork: systemNetwork as PushNetwork,
    /** The profile's choice, whether this device has a push subscription, and the disciplines. */
    async read(profileId: string, sessionId: string) {
      const [[choice], [device], all] = await Promise.all([
        db.select().from(newClassNotifications).where(eq(newClassNotifications.profileId, profileId)),
        db.select({ sessionId: pushSubscriptions.sessionId }).from(pushSubscriptions).where(eq(pushSubscriptions.sessionId, sessionId)),
        db.select({ id: disciplines.id, name: disciplines.name }).from(disciplines).orderBy(disciplines.position),
      ]);
      return { enabled: Boolean(choice), chosen: choice?.disciplines ?? [], pushSubscribed: Boolean(device), disciplines: all };
    },
    /** On (some or every discipline) or off; an unknown discipline is a 400 and changes nothing. */
    async save(profileId: string, choice: { enabled: boolean; disciplines: string[] }) {
      if (choice.disciplines.length > 0) {
        const known = await db.select({ id: disciplines.id }).from(disciplines).where(inArray(disciplines.id, choice.disciplines));
        if (new Set(known.map((row) => row.id)).size !== new Set(choice.disciplines).size) throw new HttpError(400, 'notifications.unknownDiscipline');
      }
      await saveNotificationChoice(db, profileId, choice);
    },
    /**
     * This device's subscription (replacing its earlier one, and the endpoint's on any other
     * device); the account keeps its newest MAX_PUSH_SUBSCRIPTIONS. An endpoint the server may
     * not send to is refused, and nothing changes.
     */
    async subscribe(userId: string, sessionId: string, body: PushSubscriptionBody) {
      if (!validPushKeys(body.keys)) throw new HttpError(400, 'notifications.badPushSubscription');
      let endpoint: string;
      try {
        endpoint = (await checkPushEndpoint(body.endpoint, service.pushNetwork)).href;
      } catch (error) {
        // One answer whatever the reason, so it tells nothing about the server's network.
        if (error instanceof PushEndpointRefused) throw new HttpError(400, 'notifications.pushEndpointNotAllowed');
        throw error;
      }
      const values = { userId, endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth };
      await db.transaction(async (tx) => {
        // One subscribe at a time per account, so two at once cannot both keep one over the cap.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.endpoint, endpoint), ne(pushSubscriptions.sessionId, sessionId)));
        await tx
          .insert(pushSubscriptions)
          .values({ sessionId, ...values })
          .onConflictDoUpdate({ target: pushSubscriptions.sessionId, set: { ...values, createdAt: sql`now()` } });
        const over = await tx
          .select({ sessionId: pushSubscriptions.sessionId })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, userId))
          .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.sessionId))
          .offset(MAX_PUSH_SUBSCRIPTIONS);
        if (over.length > 0) await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.sessionId, over.map((row) => row.sessionId)));
      });
    },
    async unsubscribe(sessionId: string) {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.sessionId, sessionId));
    },
    /**
     * The profile an unsubscribe link names (with the account's address, in the profile's
     * language), or null. A link sent before profiles names the account: its owner's profile.
     */
    async unsubscribeTarget(token: string) {
      const named = verifyUnsubscribeToken(secret, token);
      if (!named) return null;
      const [found] = await db
        .select({ id: profiles.id, email: users.email, language: profiles.language, deletedAt: users.deletedAt })
        .from(profiles)
        .innerJoin(users, eq(users.id, profiles.accountId))
        .where(or(eq(profiles.id, named), and(eq(profiles.accountId, named), eq(profiles.isOwner, true))));
      return found && !found.deletedAt ? found : null;
    },
    /** The one-click unsubscribe: the profile's digest is off (nothing else changes). */
    async unsubscribeByLink(profileId: string) {
      await saveNotificationChoice(db, profileId, { enabled: false, disciplines: [] });
    },
    /** One pass of the job at `now`: builds due digests, queues their emails, then pushes. */
    async runDigests(now: Date, options: { profileId?: string; ignoreSchedule?: boolean; onError?: (error: unknown) => void } = {}) {
      const built = await buildDigests(db, { now, publicUrl, secret, ...options, decided: counters.decided });
      const pushed: PushCounts = { sent: 0, removed: 0, refused: 0, failed: 0 };
      for (const digest of built) {
        const counts = await push(digest, options.onError ?? (() => {}));
        pushed.sent += counts.sent;
        pushed.removed += counts.removed;
        pushed.refused += counts.refused;
        pushed.failed += counts.failed;
      }
      counters.pushed(pushed);
      return { built, pushed };
    },
  };
  return service;
}

declare module 'fastify' {
  interface FastifyInstance {
    notifications: ReturnType<typeof notificationsService>;
  }
}

export default fp(
  async (app) => {
    const { config } = app;
    const vapid = await loadVapidKeys(config.dataDir, config.publicUrl, config.vapid);
    const service = notificationsService(app.db, { vapid, publicUrl: config.publicUrl, secret: config.jwtSecret, registry: app.metrics });
    app.decorate('notifications', service);

    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> = Promise.resolve();
    const tick = () => {
      running = running.then(() =>
        service
          .runDigests(new Date(), { onError: (error) => app.log.warn({ err: error }, 'a push message was not sent') })
          .catch((error: unknown) => app.log.warn({ err: error }, 'building new-class digests failed')),
      );
    };
    app.addHook('onReady', async () => {
      if (config.mailPollMs <= 0) return;
      timer = setInterval(tick, config.digestPollMs ?? DEFAULT_DIGEST_POLL_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'notifications-service', dependencies: ['config-and-database', 'metrics'] },
);
