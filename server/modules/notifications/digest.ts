// The weekly new-classes digest (docs/decisions/037). For each account that asked for it, once
// per ISO week in its time zone (from Monday 08:00 there): the classes published since its
// previous digest (at most a week back), of its chosen disciplines. The digest's row (the
// account and the week as the primary key) and its email are written in one transaction, so
// of two instances building at once, one inserts and the other inserts nothing and sends
// nothing. A week with nothing new gets a row and no email.
import { classPosterPath } from '@server/modules/media';
import { and, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database, Queryable } from '@server/db/client';
import { classes, disciplines, newClassDigests, newClassNotifications, profiles, pushSubscriptions, users } from '@server/db/schema';
import { queueMail, type DigestClass } from '@server/modules/mail';
import { unsubscribeToken } from './unsubscribe-token';
import { digestDue, digestWeek } from './week';

/** How far back the first digest looks, and the longest any digest looks. */
export const DIGEST_LOOKBACK_MS = 7 * 24 * 3600 * 1000;
/** Classes listed in one email (the count says how many there were). */
export const DIGEST_MAX_CLASSES = 12;

export interface DigestOptions {
  now: Date;
  publicUrl: string;
  /** Signs the unsubscribe links (JWT_SECRET). */
  secret: string;
  /** Only this profile (the sandbox's test hook). */
  profileId?: string;
  /** Build this week's digest even before Monday 08:00 (the sandbox's test hook). */
  ignoreSchedule?: boolean;
  /** Hears each digest this instance decided (its row written): emailed, or a week with nothing new. */
  decided?: (outcome: DigestOutcome) => void;
}

export type DigestOutcome = 'emailed' | 'nothing_new';

/** A digest this pass built with classes in it (its email is queued). */
export interface BuiltDigest {
  /** The household whose devices are pushed to. */
  accountId: string;
  profileId: string;
  language: string;
  week: string;
  total: number;
  titles: string[];
}

/** The link that turns one profile's digest off (its token names the profile). */
export const unsubscribeLink = (publicUrl: string, secret: string, profileId: string) =>
  `${publicUrl}/unsubscribe/${unsubscribeToken(secret, profileId)}`;

/** The classes published in (since, until], newest first, of `only` (every discipline when empty). */
async function newClasses(db: Database, since: Date, until: Date, only: string[]) {
  const where = and(gt(classes.publishedAt, since), lte(classes.publishedAt, until), only.length > 0 ? inArray(classes.disciplineId, only) : undefined);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ id: classes.id, title: classes.title, mediaId: classes.mediaId, durationSeconds: classes.durationSeconds, discipline: disciplines.name })
      .from(classes)
      .innerJoin(disciplines, eq(disciplines.id, classes.disciplineId))
      .where(where)
      .orderBy(desc(classes.publishedAt), classes.id)
      .limit(DIGEST_MAX_CLASSES),
    db.select({ total: sql<number>`count(*)::int` }).from(classes).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** One pass of the digest job: builds every due digest not built yet. */
export async function buildDigests(db: Database, options: DigestOptions): Promise<BuiltDigest[]> {
  const { now, publicUrl } = options;
  // Per profile: to the account's address, in the profile's language, naming the profile.
  const accounts = await db
    .select({
      profileId: profiles.id,
      accountId: users.id,
      name: profiles.name,
      email: users.email,
      language: profiles.language,
      timeZone: users.timeZone,
      disciplines: newClassNotifications.disciplines,
    })
    .from(newClassNotifications)
    .innerJoin(profiles, eq(profiles.id, newClassNotifications.profileId))
    .innerJoin(users, eq(users.id, profiles.accountId))
    .where(and(isNull(users.deletedAt), options.profileId ? eq(profiles.id, options.profileId) : undefined));
  const built: BuiltDigest[] = [];
  for (const account of accounts) {
    if (!options.ignoreSchedule && !digestDue(now, account.timeZone)) continue;
    const week = digestWeek(now, account.timeZone);
    const [done] = await db
      .select({ week: newClassDigests.week })
      .from(newClassDigests)
      .where(and(eq(newClassDigests.profileId, account.profileId), eq(newClassDigests.week, week)));
    if (done) continue;
    const [previous] = await db
      .select({ builtAt: newClassDigests.builtAt })
      .from(newClassDigests)
      .where(eq(newClassDigests.profileId, account.profileId))
      .orderBy(desc(newClassDigests.builtAt))
      .limit(1);
    const weekAgo = new Date(now.getTime() - DIGEST_LOOKBACK_MS);
    const since = previous && previous.builtAt > weekAgo ? previous.builtAt : weekAgo;
    const found = await newClasses(db, since, now, account.disciplines);
    let decided = false;
    const digest = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(newClassDigests)
        .values({ profileId: account.profileId, week, builtAt: now, classCount: found.total })
        .onConflictDoNothing()
        .returning({ week: newClassDigests.week });
      decided = inserted !== undefined;
      if (!inserted || found.total === 0) return null;
      const listed: DigestClass[] = found.rows.map((row) => ({
        title: row.title,
        discipline: row.discipline,
        minutes: Math.round(row.durationSeconds / 60),
        link: `${publicUrl}/classes/${encodeURIComponent(row.id)}`,
        posterUrl: `${publicUrl}${classPosterPath(row)}`,
      }));
      await queueMail(tx, {
        userId: account.accountId,
        to: account.email,
        language: account.language,
        template: 'newClasses',
        params: {
          profile: account.name,
          classes: listed,
          total: found.total,
          classesLink: `${publicUrl}/classes`,
          unsubscribeLink: unsubscribeLink(publicUrl, options.secret, account.profileId),
        },
      });
      const language = account.language === 'es' ? 'es' : 'en';
      return { accountId: account.accountId, profileId: account.profileId, language, week, total: found.total, titles: found.rows.slice(0, 3).map((row) => row.title[language]) };
    });
    if (decided) options.decided?.(digest ? 'emailed' : 'nothing_new');
    if (digest) built.push(digest);
  }
  return built;
}

/** Keeps the profile's choice: on (only `chosen` disciplines, or every one when empty) or off. */
export async function saveNotificationChoice(db: Database, profileId: string, choice: { enabled: boolean; disciplines: string[] }): Promise<void> {
  if (!choice.enabled) {
    await db.delete(newClassNotifications).where(eq(newClassNotifications.profileId, profileId));
    return;
  }
  const chosen = [...new Set(choice.disciplines)].sort();
  await db
    .insert(newClassNotifications)
    .values({ profileId, disciplines: chosen })
    .onConflictDoUpdate({ target: newClassNotifications.profileId, set: { disciplines: chosen } });
}


/**
 * A profile's deletion (or its account's, server/modules/account/deletion.ts): no more digests,
 * and no record of the weeks it had one (when it was active, how much it was sent).
 */
export async function eraseNotifications(tx: Queryable, profileId: string): Promise<void> {
  await tx.delete(newClassNotifications).where(eq(newClassNotifications.profileId, profileId));
  await tx.delete(newClassDigests).where(eq(newClassDigests.profileId, profileId));
}

/** The account's deletion: no more pushes to any of its devices. */
export async function erasePushSubscriptions(tx: Queryable, accountId: string): Promise<void> {
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, accountId));
}
