// Queuing an email: a row in the mail outbox, written with the change it tells about (pass the
// transaction), so a message exists exactly when its change committed. Delivery (SMTP, or the
// sandbox mailbox without SMTP_URL), rendering in the account's language and retries happen
// later, never in the request that queued it.
import type { Queryable } from '@server/db/client';
import { eq } from 'drizzle-orm';
import { mailOutbox, users } from '@server/db/schema';
import { isSupportedLocale, DEFAULT_LOCALE, type AppLocale } from '@domain/locales';

/** Every email FitStream sends and what each one's text needs. Links are absolute URLs. */
export interface MailTemplates {
  welcome: Record<string, never>;
  passwordReset: { link: string; minutes: number };
  receipt: { invoiceNumber: string; amountMinor: number; currency: string; paidAt: string; invoiceLink: string; interval?: 'month' | 'year' };
  /** The trial's invoice of 0.00 (decisions "Trial start"): what the first charge will be, and when. */
  trialStarted: { plan: string; amountMinor: number; currency: string; firstChargeAt: string; interval?: 'month' | 'year' };
  trialEnding: { endsAt: string };
  /** A renewal's payment failed (decision 067): access until the grace end, the next retry (null after the last). */
  paymentFailed: { billingLink: string; graceEndsAt?: string; nextRetryAt?: string | null };
  cancellationConfirmed: { accessUntil: string };
  planChanged: { plan: string; effectiveAt: string; interval?: 'month' | 'year' };
  /** A scheduled downgrade undone: the plan the account stays on. */
  planChangeUndone: { plan: string };
  /** A cancellation at period end undone. */
  subscriptionResumed: { renewsAt: string };
  /** A week before a pause ends (decision 065): billing resumes on that day. */
  pauseEnding: { resumesAt: string };
  emailChanged: { newEmail: string };
  accountDeleted: Record<string, never>;
  /** The morning of a planned day (server/modules/schedule/reminders.ts): the classes' titles in the account's language. */
  scheduleReminder: { profile: string; date: string; titles: string[]; classLink: string };
  /** The weekly digest of new classes (server/modules/notifications/digest.ts). */
  newClasses: { profile: string; classes: DigestClass[]; total: number; classesLink: string; unsubscribeLink: string };
}

/** One class in the new-classes digest; links are absolute, texts in both languages. */
export interface DigestClass {
  title: { en: string; es: string };
  discipline: { en: string; es: string };
  minutes: number;
  link: string;
  posterUrl: string;
}

export type MailTemplate = keyof MailTemplates;

/**
 * The params of each template that "Download my data" may show. Listed per template (a new
 * template must choose) rather than the secrets left out: a live link (password reset) in an
 * export would turn a stolen access token into a new password.
 */
const exportableParams: { [T in MailTemplate]: readonly (keyof MailTemplates[T])[] } = {
  welcome: [],
  passwordReset: ['minutes'],
  receipt: ['invoiceNumber', 'amountMinor', 'currency', 'paidAt', 'invoiceLink', 'interval'],
  trialStarted: ['plan', 'amountMinor', 'currency', 'firstChargeAt', 'interval'],
  trialEnding: ['endsAt'],
  paymentFailed: ['billingLink', 'graceEndsAt', 'nextRetryAt'],
  cancellationConfirmed: ['accessUntil'],
  planChanged: ['plan', 'effectiveAt', 'interval'],
  planChangeUndone: ['plan'],
  subscriptionResumed: ['renewsAt'],
  pauseEnding: ['resumesAt'],
  emailChanged: ['newEmail'],
  accountDeleted: [],
  // Not the unsubscribe link: it works without signing in.
  newClasses: ['profile', 'classes', 'total'],
  scheduleReminder: ['profile', 'date', 'titles', 'classLink'],
};

/** A queued email's params without anything that works as a credential (unknown templates: none). */
export function paramsForExport(template: string, params: Record<string, unknown>): Record<string, unknown> {
  const allowed: readonly PropertyKey[] = Object.hasOwn(exportableParams, template) ? exportableParams[template as MailTemplate] : [];
  return Object.fromEntries(Object.entries(params).filter(([key]) => allowed.includes(key)));
}

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

/** Queues `mail` to the account's own address, in its language; nothing when the account is gone. */
export async function queueAccountMail<T extends MailTemplate>(db: Queryable, userId: string, mail: Pick<QueuedMail<T>, 'template' | 'params' | 'sendAfter'>): Promise<void> {
  const [user] = await db.select({ email: users.email, language: users.language }).from(users).where(eq(users.id, userId));
  if (user) await queueMail(db, { ...mail, userId, to: user.email, language: user.language });
}
