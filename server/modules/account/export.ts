// "Download my data" (/account): everything FitStream holds about one account, as one JSON
// document. Secrets are left out (the password hash, refresh tokens, link tokens, and the live
// links in queued emails) and image bytes are described, not embedded; each image can be
// downloaded at its `url`.
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { paramsForExport } from '@server/modules/mail';
import { readPlayerPreferences } from './player-preferences';
import {
  activityGoals,
  checkoutSessions,
  classCompletions,
  classProgress,
  downloadLicences,
  favourites,
  newClassNotifications,
  programmeEnrollments,
  programmeSessions,
  pushSubscriptions,
  scheduleItems,
  scheduleSettings,
  mailOutbox,
  payments,
  playbackSessions,
  sessions,
  subscriptions,
  uploads,
  users,
} from '@server/db/schema';

export const EXPORT_FORMAT_VERSION = 1;

export async function exportAccountData(db: Database, userId: string, now = new Date()) {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      image: users.image,
      country: users.country,
      language: users.language,
      createdAt: users.createdAt,
      trialUsedAt: users.trialUsedAt,
      providerCustomerId: users.providerCustomerId,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return null;
  const [subscriptionRows, paymentRows, checkoutRows, progressRows, sessionRows, playbackRows, uploadRows, mailRows] = await Promise.all([
    db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.createdAt)),
    db.select().from(payments).where(eq(payments.userId, userId)).orderBy(desc(payments.createdAt)),
    db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, userId)).orderBy(desc(checkoutSessions.createdAt)),
    db.select().from(classProgress).where(eq(classProgress.userId, userId)).orderBy(desc(classProgress.updatedAt)),
    db
      .select({
        id: sessions.id,
        deviceId: sessions.deviceId,
        deviceName: sessions.deviceName,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        revokedAt: sessions.revokedAt,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(desc(sessions.createdAt)),
    db.select().from(playbackSessions).where(eq(playbackSessions.userId, userId)).orderBy(desc(playbackSessions.startedAt)),
    db
      .select({ name: uploads.name, contentType: uploads.contentType, size: uploads.size, createdAt: uploads.createdAt })
      .from(uploads)
      .where(eq(uploads.userId, userId))
      .orderBy(desc(uploads.createdAt)),
    db
      .select({
        id: mailOutbox.id,
        to: mailOutbox.toAddress,
        language: mailOutbox.language,
        template: mailOutbox.template,
        params: mailOutbox.params,
        createdAt: mailOutbox.createdAt,
        sentAt: mailOutbox.sentAt,
      })
      .from(mailOutbox)
      .where(eq(mailOutbox.userId, userId))
      .orderBy(desc(mailOutbox.createdAt)),
  ]);
  const downloadRows = await db.select().from(downloadLicences).where(eq(downloadLicences.userId, userId)).orderBy(desc(downloadLicences.issuedAt));
  const [completionRows, goalRows, favouriteRows, scheduleRows, scheduleSettingRows, enrollmentRows, notificationRows, pushRows] = await Promise.all([
    db.select().from(classCompletions).where(eq(classCompletions.userId, userId)).orderBy(desc(classCompletions.completedAt)),
    db.select().from(activityGoals).where(eq(activityGoals.userId, userId)),
    db.select().from(favourites).where(eq(favourites.userId, userId)).orderBy(desc(favourites.savedAt)),
    db.select().from(scheduleItems).where(eq(scheduleItems.userId, userId)).orderBy(asc(scheduleItems.localDate)),
    // Not the calendar feed's secret (only its hash is stored): whether there is a link is enough.
    db
      .select({
        reminders: scheduleSettings.reminders,
        feedLink: scheduleSettings.feedSecretHash,
        feedLinkRevokedAt: scheduleSettings.feedLinkRevokedAt,
        feedLinkRevokedReason: scheduleSettings.feedLinkRevokedReason,
      })
      .from(scheduleSettings)
      .where(eq(scheduleSettings.userId, userId)),
    db.select().from(programmeEnrollments).where(eq(programmeEnrollments.userId, userId)).orderBy(desc(programmeEnrollments.startedAt)),
    db.select().from(newClassNotifications).where(eq(newClassNotifications.userId, userId)),
    // Not the browser's push keys: the push service and when.
    db.select({ endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)),
  ]);
  const preferences = await readPlayerPreferences(db, userId);
  const enrollmentIds = enrollmentRows.map((row) => row.id);
  const sessionRowsOfProgrammes = enrollmentIds.length
    ? await db.select().from(programmeSessions).where(inArray(programmeSessions.enrollmentId, enrollmentIds)).orderBy(asc(programmeSessions.position))
    : [];
  return {
    format: 'fitstream-account-export',
    version: EXPORT_FORMAT_VERSION,
    exportedAt: now.toISOString(),
    profile: user,
    subscriptions: subscriptionRows,
    payments: paymentRows,
    checkouts: checkoutRows,
    classProgress: progressRows,
    sessions: sessionRows,
    playbackSessions: playbackRows,
    downloadLicences: downloadRows,
    completions: completionRows,
    weeklyGoal: goalRows[0] ?? null,
    favourites: favouriteRows,
    schedule: {
      items: scheduleRows,
      reminders: scheduleSettingRows[0]?.reminders ?? false,
      calendarFeedLink: Boolean(scheduleSettingRows[0]?.feedLink),
      // When and why a password change, a reset or signing out everywhere ended the last link.
      calendarFeedLinkRevokedAt: scheduleSettingRows[0]?.feedLinkRevokedAt ?? null,
      calendarFeedLinkRevokedReason: scheduleSettingRows[0]?.feedLinkRevokedReason ?? null,
    },
    programmes: enrollmentRows.map((enrollment) => ({
      ...enrollment,
      sessions: sessionRowsOfProgrammes.filter((session) => session.enrollmentId === enrollment.id),
    })),
    newClassNotifications: notificationRows[0] ?? null,
    pushSubscriptions: pushRows.map((row) => ({ pushService: new URL(row.endpoint).origin, createdAt: row.createdAt })),
    uploads: uploadRows.map((upload) => ({ ...upload, url: `/uploads/${upload.name}` })),
    emails: mailRows.map((mail) => ({ ...mail, params: paramsForExport(mail.template, mail.params) })),
    playerPreferences: preferences,
  };
}

export type AccountExport = NonNullable<Awaited<ReturnType<typeof exportAccountData>>>;
