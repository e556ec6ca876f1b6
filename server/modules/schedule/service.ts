// App layer: `app.schedule`, the account's schedule (docs/decisions/034): its time zone, the
// single classes it plans (add, move, remove, read a range), the reminders switch and the
// calendar feed's secret link. Every rule is checked before anything is written.
import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gte, isNull } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { AccountAnswers } from '@server/db/account-answers';
import type { Database, Queryable } from '@server/db/client';
import { classes, profiles, scheduleItems, scheduleSettings, users } from '@server/db/schema';
import { HttpError } from '@server/errors';
import { DEFAULT_LOCALE, isSupportedLocale } from '@domain/locales';
import { addDays, canonicalTimeZone, daysBetween, FALLBACK_TIME_ZONE, isCalendarDate, localParts, nextLocalMidnight } from './days';
import { FeedCache } from './feed';
import { plannedItems, type PlannedItem, type PlannedItemsSources } from './planned-items';

/** Planned items from today on an account may hold. */
export const SCHEDULE_CAP = 500;
/** How far ahead a class can be planned, in days. */
export const MAX_DAYS_AHEAD = 365;
/** The longest range one read returns, in days. */
export const MAX_RANGE_DAYS = 62;
/** What the calendar feed holds: the last month and everything ahead. */
export const FEED_DAYS_BEHIND = 31;

export const hashFeedSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

const SECRET_FORM = /^[A-Za-z0-9_-]{43}$/;

interface Account {
  id: string;
  timeZone: string;
  language: string;
}

export function scheduleService(
  db: Database,
  publicUrl: string,
  programmes: PlannedItemsSources['programmes'],
  answers: AccountAnswers,
  now: () => Date = () => new Date(),
) {
  const feeds = new FeedCache();
  /** The profile with its household's zone (one per account) and its own language. */
  async function person(profileId: string, queryable: Queryable = db): Promise<Account & { timeZoneSet: boolean }> {
    const [user] = await queryable
      .select({ id: profiles.id, timeZone: users.timeZone, language: profiles.language, deletedAt: users.deletedAt })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.accountId))
      .where(eq(profiles.id, profileId));
    if (!user || user.deletedAt) throw new HttpError(401, 'auth.accountGone');
    return { id: user.id, timeZone: user.timeZone ?? FALLBACK_TIME_ZONE, timeZoneSet: user.timeZone !== null, language: user.language };
  }

  /** 400 unless `date` is a real day from the account's today to a year ahead. */
  function checkDay(date: string, timeZone: string): void {
    if (!isCalendarDate(date)) throw new HttpError(400, 'schedule.dateInvalid');
    const today = localParts(now(), timeZone).date;
    if (date < today) throw new HttpError(400, 'schedule.dateInPast');
    if (daysBetween(today, date) > MAX_DAYS_AHEAD) throw new HttpError(400, 'schedule.dateTooFar');
  }

  async function itemOf(queryable: Queryable, profileId: string, timeZone: string, id: string): Promise<PlannedItem> {
    const [row] = await queryable.select({ date: scheduleItems.localDate }).from(scheduleItems).where(and(eq(scheduleItems.id, id), eq(scheduleItems.profileId, profileId)));
    if (!row) throw new HttpError(404, 'schedule.itemNotFound');
    const items = await plannedItems({ db: queryable, programmes }, profileId, timeZone, row.date, row.date);
    return items.find((item) => item.id === id)!;
  }

  return {
    /** The account's zone (null until asked), the reminders switch, whether a feed link exists and how the last one ended. */
    async settings(profileId: string) {
      const user = await person(profileId);
      const [row] = await db.select().from(scheduleSettings).where(eq(scheduleSettings.profileId, profileId));
      const revokedAt = row?.feedLinkRevokedAt;
      const revokedReason = row?.feedLinkRevokedReason;
      return {
        timeZone: user.timeZoneSet ? user.timeZone : null,
        reminders: row?.reminders ?? false,
        hasFeedLink: Boolean(row?.feedSecretHash),
        feedLinkRevoked: revokedAt && revokedReason ? { at: revokedAt.toISOString(), reason: revokedReason } : null,
      };
    },

    /** Keeps an IANA zone in its canonical spelling; anything else is a 400 and changes nothing. */
    async setTimeZone(accountId: string, value: string): Promise<string> {
      const timeZone = canonicalTimeZone(value.trim());
      if (!timeZone) throw new HttpError(400, 'schedule.timeZoneInvalid');
      const [saved] = await db.update(users).set({ timeZone }).where(and(eq(users.id, accountId), isNull(users.deletedAt))).returning({ id: users.id });
      if (!saved) throw new HttpError(401, 'auth.accountGone');
      return timeZone;
    },

    /** What is planned from `from` to `to` (local days, at most MAX_RANGE_DAYS), with the account's today. */
    async read(profileId: string, from: string, to: string) {
      const user = await person(profileId);
      if (!isCalendarDate(from) || !isCalendarDate(to)) throw new HttpError(400, 'schedule.dateInvalid');
      const span = daysBetween(from, to);
      if (span < 0 || span >= MAX_RANGE_DAYS) throw new HttpError(400, 'schedule.rangeInvalid', { values: { max: MAX_RANGE_DAYS } });
      const items = await plannedItems({ db, programmes }, profileId, user.timeZone, from, to);
      return { timeZone: user.timeZone, today: localParts(now(), user.timeZone).date, items };
    },

    /** Plans `classId` on `date` (and `time`); 404 for an unknown class, 409 when the schedule is full. */
    async add(profileId: string, input: { classId: string; date: string; time: string | null }): Promise<PlannedItem> {
      const user = await person(profileId);
      checkDay(input.date, user.timeZone);
      const id = await db.transaction(async (tx) => {
        // One add at a time per account, so two at once cannot both pass the cap.
        await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, profileId)).for('update');
        const [known] = await tx.select({ id: classes.id }).from(classes).where(eq(classes.id, input.classId));
        if (!known) throw new HttpError(404, 'schedule.classNotFound');
        const today = localParts(now(), user.timeZone).date;
        const [planned] = await tx
          .select({ n: count() })
          .from(scheduleItems)
          .where(and(eq(scheduleItems.profileId, profileId), gte(scheduleItems.localDate, today)));
        if ((planned?.n ?? 0) >= SCHEDULE_CAP) throw new HttpError(409, 'schedule.full', { values: { max: SCHEDULE_CAP } });
        const [row] = await tx
          .insert(scheduleItems)
          .values({ profileId, classId: input.classId, localDate: input.date, localTime: input.time })
          .returning({ id: scheduleItems.id });
        return row!.id;
      });
      // Read after the commit: the planned items also read the programme's sessions, on their own connection.
      return itemOf(db, profileId, user.timeZone, id);
    },

    /** Moves one of the account's items (404 for any other id) to `date` and `time`. */
    async move(profileId: string, id: string, input: { date: string; time: string | null }): Promise<PlannedItem> {
      const user = await person(profileId);
      checkDay(input.date, user.timeZone);
      const [moved] = await db
        .update(scheduleItems)
        .set({ localDate: input.date, localTime: input.time })
        .where(and(eq(scheduleItems.id, id), eq(scheduleItems.profileId, profileId)))
        .returning({ id: scheduleItems.id });
      if (!moved) throw new HttpError(404, 'schedule.itemNotFound');
      return itemOf(db, profileId, user.timeZone, id);
    },

    /** Removes one of the account's items (404 for any other id). */
    async remove(profileId: string, id: string): Promise<void> {
      await person(profileId);
      const [removed] = await db
        .delete(scheduleItems)
        .where(and(eq(scheduleItems.id, id), eq(scheduleItems.profileId, profileId)))
        .returning({ id: scheduleItems.id });
      if (!removed) throw new HttpError(404, 'schedule.itemNotFound');
    },

    async setReminders(profileId: string, enabled: boolean): Promise<boolean> {
      await person(profileId);
      await db
        .insert(scheduleSettings)
        .values({ profileId, reminders: enabled })
        .onConflictDoUpdate({ target: scheduleSettings.profileId, set: { reminders: enabled } });
      return enabled;
    },

    /**
     * A new secret feed link (only its hash is kept): every earlier link stops working at once,
     * and /account no longer says how the last one ended.
     */
    async resetFeedLink(profileId: string): Promise<{ url: string; webcalUrl: string }> {
      await person(profileId);
      const secret = randomBytes(32).toString('base64url');
      const feedSecretHash = hashFeedSecret(secret);
      await db
        .insert(scheduleSettings)
        .values({ profileId, feedSecretHash })
        .onConflictDoUpdate({ target: scheduleSettings.profileId, set: { feedSecretHash, feedLinkRevokedAt: null, feedLinkRevokedReason: null } });
      const url = `${publicUrl}/api/v1/schedule/feed/${secret}.ics`;
      return { url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
    },

    /**
     * The feed the secret in `file` ("<secret>.ics") opens, or null (a 404) for any other. Kept
     * per account (decision 045) until its items, zone, language, feed link or the catalog
     * change, the account is deleted, or its day ends in its zone (the feed's window moves).
     */
    async feed(file: string): Promise<Buffer | null> {
      const secret = file.endsWith('.ics') ? file.slice(0, -4) : file;
      if (!SECRET_FORM.test(secret)) return null;
      const secretHash = hashFeedSecret(secret);
      return answers.byAlias(`feed:${secretHash}`, 'schedule.feed', async () => {
        const [row] = await db
          .select({ profileId: profiles.id, accountId: users.id, timeZone: users.timeZone, language: profiles.language, deletedAt: users.deletedAt })
          .from(scheduleSettings)
          .innerJoin(profiles, eq(profiles.id, scheduleSettings.profileId))
          .innerJoin(users, eq(users.id, profiles.accountId))
          .where(eq(scheduleSettings.feedSecretHash, secretHash));
        if (!row || row.deletedAt) return null;
        const timeZone = row.timeZone ?? FALLBACK_TIME_ZONE;
        const at = now();
        const today = localParts(at, timeZone).date;
        const items = await plannedItems({ db, programmes }, row.profileId, timeZone, addDays(today, -FEED_DAYS_BEHIND), addDays(today, MAX_DAYS_AHEAD));
        const locale = isSupportedLocale(row.language) ? row.language : DEFAULT_LOCALE;
        return { accountId: row.accountId, body: feeds.feed(row.profileId, items, timeZone, locale, publicUrl, at), validUntil: nextLocalMidnight(at, timeZone) };
      });
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    schedule: ReturnType<typeof scheduleService>;
  }
}

export default fp(
  async (app) => {
    app.decorate('schedule', scheduleService(app.db, app.config.publicUrl, app.programmes, app.accountAnswers));
  },
  { name: 'schedule-service', dependencies: ['config-and-database', 'programmes-service', 'account-answers'] },
);
