// Morning reminders (docs/decisions/034): at 07:00 in the household's time zone (until noon, should
// the server be down at seven), an email to the account's address in the profile's language
// through the outbox, naming the profile and listing the day's planned classes with a link to the
// first. Only for profiles that switched them on, never for a day already done. Once per profile
// and local day, whatever the number of
// instances: the reminder's row (primary key profile + day) is written in the same transaction
// as the email, and a second writer finds it there and queues nothing.
import { and, between, eq, exists, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { profiles, programmeEnrollments, programmeSessions, scheduleItems, scheduleReminders, scheduleSettings, users } from '@server/db/schema';
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
    .select({ id: profiles.id, accountId: users.id, name: profiles.name, email: users.email, language: profiles.language, timeZone: users.timeZone })
    .from(scheduleSettings)
    .innerJoin(profiles, eq(profiles.id, scheduleSettings.profileId))
    .innerJoin(users, eq(users.id, profiles.accountId))
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
              .where(and(eq(scheduleItems.profileId, profiles.id), between(scheduleItems.localDate, addDays(utcToday, -1), addDays(utcToday, 1)))),
          ),
          exists(
            db
              .select({ one: sql`1` })
              .from(programmeSessions)
              .innerJoin(programmeEnrollments, eq(programmeEnrollments.id, programmeSessions.enrollmentId))
              .where(
                and(
                  eq(programmeEnrollments.profileId, profiles.id),
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
        .values({ profileId: account.id, localDate: local.date })
        .onConflictDoNothing()
        .returning({ profileId: scheduleReminders.profileId });
      if (!claimed) return false;
      const first = items.find((item) => !item.done) ?? items[0]!;
      await queueMail(tx, {
        userId: account.accountId,
        to: account.email,
        language,
        template: 'scheduleReminder',
        params: {
          profile: account.name,
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
