// Renders every email FitStream sends (MailTemplates in outbox.ts) in the account's language:
// ICU messages from locales/mail.<lang>.json, money and dates formatted for that language, a
// subject, a plain-text body and an HTML body (inline styles only, as mail clients need).
import escapeHtml from 'escape-html';
import { IntlMessageFormat } from 'intl-messageformat';
import mailEn from '@locales/mail.en.json';
import mailEs from '@locales/mail.es.json';
import { DEFAULT_LOCALE, isSupportedLocale, type AppLocale } from '@domain/locales';
import type { MailTemplate, MailTemplates } from './outbox';

export type MailMessageCode = keyof typeof mailEn;
type Values = Record<string, string | number>;

// Typed as complete: a Spanish catalogue missing an English key does not compile.
const catalogues: Record<AppLocale, Record<MailMessageCode, string>> = {
  en: mailEn,
  es: mailEs satisfies Record<MailMessageCode, string>,
};

const formats = new Map<string, IntlMessageFormat>();

/** The mail message `code` in `locale`, with `values` put in. */
export function mailText(locale: AppLocale, code: MailMessageCode, values?: Values): string {
  const key = `${locale}\u0000${code}`;
  let format = formats.get(key);
  if (!format) {
    format = new IntlMessageFormat(catalogues[locale][code], locale);
    formats.set(key, format);
  }
  return String(format.format(values));
}

/** A date (ISO string) as the account's language writes it; billing dates are UTC days. */
export function formatMailDate(locale: AppLocale, iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** An amount in minor units (cents) as the account's language writes it. */
export function formatMailMoney(locale: AppLocale, amountMinor: number, currency: string): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amountMinor / 10 ** digits);
}

interface ListedItem {
  title: string;
  meta: string;
  url: string;
  image: string;
}

interface Content {
  values: Values;
  /** The one button of the message, when it has one. */
  action?: { label: MailMessageCode; url: string };
  /** A list after the text (the digest's classes), each with its picture and link. */
  items?: ListedItem[];
  /** One-click unsubscribe (RFC 8058): the List-Unsubscribe headers and a link in the footer. */
  unsubscribe?: string;
}

type Spec<T extends MailTemplate> = (params: MailTemplates[T], locale: AppLocale, publicUrl: string) => Content;

const specs: { [T in MailTemplate]: Spec<T> } = {
  welcome: (_params, _locale, publicUrl) => ({ values: {}, action: { label: 'welcome.action', url: `${publicUrl}/home` } }),
  passwordReset: (params) => ({
    values: { minutes: params.minutes },
    action: { label: 'passwordReset.action', url: params.link },
  }),
  receipt: (params, locale) => ({
    values: {
      invoiceNumber: params.invoiceNumber,
      amount: formatMailMoney(locale, params.amountMinor, params.currency),
      paidAt: formatMailDate(locale, params.paidAt),
      // Mail queued before yearly plans (docs/decisions/066) names no interval.
      interval: params.interval ?? 'none',
    },
    action: { label: 'receipt.action', url: params.invoiceLink },
  }),
  trialStarted: (params, locale, publicUrl) => ({
    values: {
      plan: params.plan,
      amount: formatMailMoney(locale, params.amountMinor, params.currency),
      firstChargeAt: formatMailDate(locale, params.firstChargeAt),
      interval: params.interval ?? 'none',
    },
    action: { label: 'trialStarted.action', url: `${publicUrl}/billing` },
  }),
  trialEnding: (params, locale, publicUrl) => ({
    values: { endsAt: formatMailDate(locale, params.endsAt) },
    action: { label: 'trialEnding.action', url: `${publicUrl}/billing` },
  }),
  paymentFailed: (params, locale) => ({
    values: {
      // An email queued before decision 067 carries neither date: the first sentence alone.
      retry: params.nextRetryAt ? 'scheduled' : params.nextRetryAt === null ? 'last' : 'unknown',
      retryOn: params.nextRetryAt ? formatMailDate(locale, params.nextRetryAt) : '',
      // The last retry is on the grace period's last day: after it, classes have stopped.
      access: !params.graceEndsAt ? 'unknown' : params.nextRetryAt === null ? 'ended' : 'grace',
      accessUntil: params.graceEndsAt ? formatMailDate(locale, params.graceEndsAt) : '',
    },
    action: { label: 'paymentFailed.action', url: params.billingLink },
  }),
  cancellationConfirmed: (params, locale, publicUrl) => ({
    values: { accessUntil: formatMailDate(locale, params.accessUntil) },
    action: { label: 'cancellationConfirmed.action', url: `${publicUrl}/billing` },
  }),
  planChanged: (params, locale, publicUrl) => ({
    values: { plan: params.plan, effectiveAt: formatMailDate(locale, params.effectiveAt), interval: params.interval ?? 'none' },
    action: { label: 'planChanged.action', url: `${publicUrl}/billing` },
  }),
  planChangeUndone: (params, _locale, publicUrl) => ({
    values: { plan: params.plan },
    action: { label: 'planChangeUndone.action', url: `${publicUrl}/billing` },
  }),
  subscriptionResumed: (params, locale, publicUrl) => ({
    values: { renewsAt: formatMailDate(locale, params.renewsAt) },
    action: { label: 'subscriptionResumed.action', url: `${publicUrl}/billing` },
  }),
  pauseEnding: (params, locale, publicUrl) => ({
    values: { resumesAt: formatMailDate(locale, params.resumesAt) },
    action: { label: 'pauseEnding.action', url: `${publicUrl}/billing` },
  }),
  emailChanged: (params) => ({ values: { newEmail: params.newEmail } }),
  accountDeleted: () => ({ values: {} }),
  scheduleReminder: (params, locale) => ({
    values: { profile: params.profile, date: formatMailDate(locale, params.date), count: params.titles.length, titles: params.titles.join(' · ') },
    action: { label: 'scheduleReminder.action', url: params.classLink },
  }),
  newClasses: (params, locale) => ({
    values: { profile: params.profile, count: params.total },
    action: { label: 'newClasses.action', url: params.classesLink },
    items: params.classes.map((item) => ({
      title: item.title[locale],
      meta: mailText(locale, 'newClasses.item', { discipline: item.discipline[locale], minutes: item.minutes }),
      url: item.link,
      image: item.posterUrl,
    })),
    unsubscribe: params.unsubscribeLink,
  }),
};

export function isMailTemplate(name: string): name is MailTemplate {
  return Object.hasOwn(specs, name);
}

export interface MailToRender {
  template: string;
  language: string;
  params: unknown;
}

export interface RenderedMail {
  subject: string;
  text: string;
  /** A whole HTML document, as sent. */
  html: string;
  /** The message's part of `html` (what the sandbox mailbox shows inside its own page). */
  htmlBody: string;
  /** The message's button, if any (its URL is also in `text`). */
  action: { label: string; url: string } | null;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post for the digest). */
  headers: Record<string, string>;
}

/** One outbox row as the email it stands for. Throws on a template name no code knows. */
export function renderMail(mail: MailToRender, publicUrl: string): RenderedMail {
  if (!isMailTemplate(mail.template)) throw new Error(`unknown mail template "${mail.template}"`);
  const locale: AppLocale = isSupportedLocale(mail.language) ? mail.language : DEFAULT_LOCALE;
  const spec = specs[mail.template] as Spec<MailTemplate>;
  const content = spec(mail.params as MailTemplates[MailTemplate], locale, publicUrl);
  const t = (code: MailMessageCode, values?: Values) => mailText(locale, code, values);
  const subject = t(`${mail.template}.subject` as MailMessageCode, content.values);
  const paragraphs = t(`${mail.template}.body` as MailMessageCode, content.values).split('\n\n');
  const action = content.action ? { label: t(content.action.label), url: content.action.url } : null;

  const items = content.items ?? [];
  const unsubscribe = content.unsubscribe ?? null;
  const text = [
    t('common.greeting'),
    ...paragraphs,
    ...items.map((item) => `${item.title} (${item.meta})\n${item.url}`),
    ...(action ? [`${action.label}: ${action.url}`] : []),
    t('common.signature'),
    '--',
    t('common.footer'),
    ...(unsubscribe ? [`${t('common.unsubscribe')}: ${unsubscribe}`] : []),
  ].join('\n\n');

  const p = 'margin:0 0 16px;font-size:16px;line-height:1.5;color:#1c1c24';
  const htmlBody = [
    `<p style="${p}">${escapeHtml(t('common.greeting'))}</p>`,
    ...paragraphs.map((paragraph) => `<p style="${p}">${escapeHtml(paragraph)}</p>`),
    items.length > 0
      ? `<ul style="list-style:none;margin:0 0 16px;padding:0">\n${items
          .map(
            (item) =>
              `<li style="margin:0 0 16px"><a href="${escapeHtml(item.url)}" style="color:#1c1c24;text-decoration:none"><img src="${escapeHtml(item.image)}" alt="" width="240" style="display:block;width:100%;max-width:240px;height:auto;border-radius:8px;margin:0 0 8px"><strong style="font-size:16px">${escapeHtml(item.title)}</strong></a><br><span style="font-size:14px;color:#4a4a57">${escapeHtml(item.meta)}</span></li>`,
          )
          .join('\n')}\n</ul>`
      : '',
    action
      ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:#c4070f;color:#ffffff;font-weight:700;text-decoration:none">${escapeHtml(action.label)}</a></p>` +
        `<p style="margin:0 0 16px;font-size:14px;color:#4a4a57">${escapeHtml(t('common.linkHint'))}<br><a href="${escapeHtml(action.url)}" style="color:#1f5fbf;word-break:break-all">${escapeHtml(action.url)}</a></p>`
      : '',
    `<p style="${p}">${escapeHtml(t('common.signature'))}</p>`,
    `<p style="margin:24px 0 0;font-size:13px;color:#4a4a57">${escapeHtml(t('common.footer'))}</p>`,
    unsubscribe ? `<p style="margin:8px 0 0;font-size:13px"><a href="${escapeHtml(unsubscribe)}" style="color:#1f5fbf">${escapeHtml(t('common.unsubscribe'))}</a></p>` : '',
  ].join('\n');

  const html = `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f6;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif">
<div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;border-radius:12px">
<p style="margin:0 0 24px;font-weight:700;letter-spacing:.04em;color:#c4070f">FitStream</p>
${htmlBody}
</div>
</body>
</html>`;
  // RFC 8058: a mail client may unsubscribe with one POST to the https link, no page needed.
  const headers: Record<string, string> = unsubscribe
    ? { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
    : {};
  return { subject, text, html, htmlBody, action, headers };
}
