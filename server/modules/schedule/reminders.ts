// Morning reminders (docs/decisions/034): at 07:00 in the account's time zone (until noon, should
// the server be down at seven), an email in the account's language through the outbox, listing
// the day's planned classes with a link to the first. Only for accounts that switched them on,
// never for a day already done. Once per account and local day, whatever the number of
// instances: the reminder's row (primary key account + day) is written in the same transaction
// as the email, and a second writer finds it there and queues nothing.
import { and, between, eq, exists, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { programmeEnrollments, programmeSessions, scheduleItems, scheduleReminders, scheduleSettings, users } from '@server/db/schema';
import { queueMail } from '@server/modules/mail';
import { routes } from '@domain/routes';
import { DEFAULT_LOCALE, isSupportedLocale } from '@domain/locales';
import { addDays, FALLBACK_TIME_ZONE, localParts } from './days';
import { isDayDone, plannedItems, type PlannedItemsSources } from './planned-items';

/** The local time reminders go out from, and the one after which a missed morning is let go. */
export const REMINDER_FROM = '07:00';
export const REMINDER_UNTIL = '12:00';
/** How often each instance looks for reminders due. */
export const REMINDER_INTERVAL_MS = 5 * 60 * 1000;

/** Queues every reminder due at `now`; returns how many this call queued. */
export async function queueDueReminders(db: Database, now: Date, publicUrl: string, programmes: PlannedItemsSources['programmes']): Promise<number> {
  const utcToday = now.toISOString().slice(0, 10);
  const accounts = await db
    .select({ id: users.id, email: users.email, language: users.language, timeZone: users.timeZone })
    .from(scheduleSettings)
    .innerJoin(users, eq(users.id, scheduleSettings.userId))
    .where(
      and(
        eq(scheduleSettings.reminders, true),
        isNull(users.deletedAt),
        // Only accounts with something planned around today (local days are within a day of UTC's):
        // a single class, or a session of the programme they follow.
        or(
          exists(
            db
              .select({ one: sql`1` })
              .from(scheduleItems)
              .where(and(eq(scheduleItems.userId, users.id), between(scheduleItems.localDate, addDays(utcToday, -1), addDays(utcToday, 1)))),
          ),
          exists(
            db
              .select({ one: sql`1` })
              .from(programmeSessions)
              .innerJoin(programmeEnrollments, eq(programmeEnrollments.id, programmeSessions.enrollmentId))
              .where(
                and(
                  eq(programmeEnrollments.userId, users.id),
                  eq(programmeEnrollments.status, 'active'),
                  between(programmeSessions.plannedOn, addDays(utcToday, -1), addDays(utcToday, 1)),
                ),
              ),
          ),
        ),
      ),
    );
  let queued = 0;
  for (const account of accounts) {
    const timeZone = account.timeZone ?? FALLBACK_TIME_ZONE;
    const local = localParts(now, timeZone);
    if (local.time < REMINDER_FROM || local.time >= REMINDER_UNTIL) continue;
    const items = await plannedItems({ db, programmes }, account.id, timeZone, local.date, local.date);
    if (items.length === 0 || isDayDone(items, local.date)) continue;
    const language = isSupportedLocale(account.language) ? account.language : DEFAULT_LOCALE;
    const sent = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(scheduleReminders)
        .values({ userId: account.id, localDate: local.date })
        .onConflictDoNothing()
        .returning({ userId: scheduleReminders.userId });
      if (!claimed) return false;
      const first = items.find((item) => !item.done) ?? items[0]!;
      await queueMail(tx, {
        userId: account.id,
        to: account.email,
        language,
        template: 'scheduleReminder',
        params: {
          date: local.date,
          titles: items.map((item) => item.classTitle[language]),
          classLink: `${publicUrl}${routes.classDetail.href(first.classId)}`,
        },
      });
      return true;
    });
    if (sent) queued += 1;
  }
  return queued;
}
