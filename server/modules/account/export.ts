// "Download my data" (/account): everything FitStream holds about one account, as one JSON
// document. Secrets are left out (the password hash, refresh tokens, link tokens, and the live
// links in queued emails) and image bytes are described, not embedded; each image can be
// downloaded at its `url`.
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { paramsForExport } from '@server/modules/mail';
import { profileView, type ProfileRow } from '@server/modules/auth';
import { accountProfiles } from '@server/modules/profiles';
import { readHeartRateSettings } from '@server/modules/activity';
import { readPlayerPreferences } from './player-preferences';
import {
  activityGoals,
  cancelReasons,
  checkoutSessions,
  promotionCodes,
  promotionRedemptions,
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
  subscriptionPauses,
  subscriptions,
  uploads,
  users,
} from '@server/db/schema';

/** 2: the household's profiles (decision 064), each with what it trained with; `account` was `profile`. */
export const EXPORT_FORMAT_VERSION = 2;

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
  const [subscriptionRows, paymentRows, pauseRows, cancelReasonRows, redemptionRows, checkoutRows, sessionRows, playbackRows, uploadRows, mailRows, downloadRows, pushRows, profileRows] = await Promise.all([
    db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.createdAt)),
    db.select().from(payments).where(eq(payments.userId, userId)).orderBy(desc(payments.createdAt)),
    db.select().from(subscriptionPauses).where(eq(subscriptionPauses.userId, userId)).orderBy(desc(subscriptionPauses.createdAt)),
    db.select().from(cancelReasons).where(eq(cancelReasons.userId, userId)).orderBy(desc(cancelReasons.createdAt)),
    // The promotion codes redeemed (decision 069), with the charges each still takes off.
    db
      .select({ code: promotionCodes.code, subscriptionId: promotionRedemptions.subscriptionId, chargesLeft: promotionRedemptions.chargesLeft, createdAt: promotionRedemptions.createdAt })
      .from(promotionRedemptions)
      .innerJoin(promotionCodes, eq(promotionCodes.id, promotionRedemptions.promotionCodeId))
      .where(eq(promotionRedemptions.userId, userId))
      .orderBy(desc(promotionRedemptions.createdAt)),
    db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, userId)).orderBy(desc(checkoutSessions.createdAt)),
    db
      .select({
        id: sessions.id,
        deviceId: sessions.deviceId,
        deviceName: sessions.deviceName,
        profileId: sessions.profileId,
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
    db.select().from(downloadLicences).where(eq(downloadLicences.userId, userId)).orderBy(desc(downloadLicences.issuedAt)),
    // Not the browser's push keys: the push service and when.
    db.select({ endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)),
    accountProfiles(db, userId),
  ]);
  return {
    format: 'fitstream-account-export',
    version: EXPORT_FORMAT_VERSION,
    exportedAt: now.toISOString(),
    account: user,
    subscriptions: subscriptionRows,
    payments: paymentRows,
    pauses: pauseRows,
    cancelReasons: cancelReasonRows,
    promotionCodes: redemptionRows,
    checkouts: checkoutRows,
    sessions: sessionRows,
    playbackSessions: playbackRows,
    downloadLicences: downloadRows,
    pushSubscriptions: pushRows.map((row) => ({ pushService: new URL(row.endpoint).origin, createdAt: row.createdAt })),
    uploads: uploadRows.map((upload) => ({ ...upload, url: `/uploads/${upload.name}` })),
    emails: mailRows.map((mail) => ({ ...mail, params: paramsForExport(mail.template, mail.params) })),
    // Every person of the household with what they trained with (not a PIN, only whether there is one).
    profiles: await Promise.all(profileRows.map((row) => exportProfile(db, row))),
  };
}

async function exportProfile(db: Database, row: ProfileRow) {
  const profileId = row.id;
  const [progressRows, completionRows, goalRows, favouriteRows, scheduleRows, scheduleSettingRows, enrollmentRows, notificationRows, preferences, heartRate] = await Promise.all([
    db.select().from(classProgress).where(eq(classProgress.profileId, profileId)).orderBy(desc(classProgress.updatedAt)),
    db.select().from(classCompletions).where(eq(classCompletions.profileId, profileId)).orderBy(desc(classCompletions.completedAt)),
    db.select().from(activityGoals).where(eq(activityGoals.profileId, profileId)),
    db.select().from(favourites).where(eq(favourites.profileId, profileId)).orderBy(desc(favourites.savedAt)),
    db.select().from(scheduleItems).where(eq(scheduleItems.profileId, profileId)).orderBy(asc(scheduleItems.localDate)),
    // Not the calendar feed's secret (only its hash is stored): whether there is a link is enough.
    db
      .select({
        reminders: scheduleSettings.reminders,
        feedLink: scheduleSettings.feedSecretHash,
        feedLinkRevokedAt: scheduleSettings.feedLinkRevokedAt,
        feedLinkRevokedReason: scheduleSettings.feedLinkRevokedReason,
      })
      .from(scheduleSettings)
      .where(eq(scheduleSettings.profileId, profileId)),
    db.select().from(programmeEnrollments).where(eq(programmeEnrollments.profileId, profileId)).orderBy(desc(programmeEnrollments.startedAt)),
    db.select().from(newClassNotifications).where(eq(newClassNotifications.profileId, profileId)),
    readPlayerPreferences(db, profileId),
    readHeartRateSettings(db, profileId),
  ]);
  const enrollmentIds = enrollmentRows.map((enrollment) => enrollment.id);
  const sessionRowsOfProgrammes = enrollmentIds.length
    ? await db.select().from(programmeSessions).where(inArray(programmeSessions.enrollmentId, enrollmentIds)).orderBy(asc(programmeSessions.position))
    : [];
  return {
    ...profileView(row),
    createdAt: row.createdAt,
    classProgress: progressRows,
    // Each with its effort (decision 073): the rating and the heart-rate summary, as kept.
    completions: completionRows,
    // Whether its heart rate is recorded, and the maximum or birth year it told (decision 072).
    heartRate,
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
    playerPreferences: preferences,
  };
}

export type AccountExport = NonNullable<Awaited<ReturnType<typeof exportAccountData>>>;
