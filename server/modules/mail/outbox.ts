// Queuing an email: a row in the mail outbox, written with the change it tells about (pass the
// transaction), so a message exists exactly when its change committed. Delivery (SMTP, or the
// sandbox mailbox without SMTP_URL), rendering in the account's language and retries happen
// later, never in the request that queued it.
import type { Queryable } from '@server/db/client';
import { mailOutbox } from '@server/db/schema';
import { isSupportedLocale, DEFAULT_LOCALE, type AppLocale } from '@i18n/locales';

/** Every email FitStream sends and what each one's text needs. Links are absolute URLs. */
export interface MailTemplates {
  welcome: Record<string, never>;
  passwordReset: { link: string; minutes: number };
  receipt: { invoiceNumber: string; amountMinor: number; currency: string; paidAt: string; invoiceLink: string };
  trialEnding: { endsAt: string };
  paymentFailed: { billingLink: string };
  cancellationConfirmed: { accessUntil: string };
  planChanged: { plan: string; effectiveAt: string };
  emailChanged: { newEmail: string };
  accountDeleted: Record<string, never>;
}

export type MailTemplate = keyof MailTemplates;

export interface QueuedMail<T extends MailTemplate = MailTemplate> {
  /** The account it is about (null for none). */
  userId: string | null;
  to: string;
  /** The account's language (`users.language`). */
  language: string;
  template: T;
  params: MailTemplates[T];
  /** Not before this time (default: now). */
  sendAfter?: Date;
}

export async function queueMail<T extends MailTemplate>(db: Queryable, mail: QueuedMail<T>): Promise<void> {
  const language: AppLocale = isSupportedLocale(mail.language) ? mail.language : DEFAULT_LOCALE;
  await db.insert(mailOutbox).values({
    userId: mail.userId,
    toAddress: mail.to,
    language,
    template: mail.template,
    params: mail.params as Record<string, unknown>,
    ...(mail.sendAfter ? { sendAfter: mail.sendAfter } : {}),
  });
}
