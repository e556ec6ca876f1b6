// "Download my data" (/account): everything FitStream holds about one account, as one JSON
// document. Secrets are left out (the password hash, refresh tokens, link tokens, and the live
// links in queued emails) and image bytes are described, not embedded; each image can be
// downloaded at its `url`.
import { desc, eq } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { paramsForExport } from '@server/modules/mail/outbox';
import {
  checkoutSessions,
  classProgress,
  downloadLicences,
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
    uploads: uploadRows.map((upload) => ({ ...upload, url: `/uploads/${upload.name}` })),
    emails: mailRows.map((mail) => ({ ...mail, params: paramsForExport(mail.template, mail.params) })),
  };
}

export type AccountExport = NonNullable<Awaited<ReturnType<typeof exportAccountData>>>;
