// Every email (MailTemplates) renders in English and Spanish: a subject, text and HTML with
// every value put in, money and dates written the language's way, and its link.
import { describe, expect, it } from 'vitest';
import mailEn from '@locales/mail.en.json';
import mailEs from '@locales/mail.es.json';
import type { MailTemplate, MailTemplates } from '@server/modules/mail/outbox';
import { formatMailDate, formatMailMoney, renderMail } from '@server/modules/mail/templates';

const URL_BASE = 'http://localhost:8080';

const samples: { [T in MailTemplate]: MailTemplates[T] } = {
  welcome: {},
  passwordReset: { link: `${URL_BASE}/reset-password?token=abc`, minutes: 30 },
  receipt: { invoiceNumber: 'FS-2026-000042', amountMinor: 123456, currency: 'usd', paidAt: '2026-11-22T09:30:00Z', invoiceLink: `${URL_BASE}/api/v1/invoices/i1/pdf` },
  trialStarted: { plan: 'Standard', amountMinor: 1399, currency: 'eur', firstChargeAt: '2026-12-01T10:00:00Z' },
  trialEnding: { endsAt: '2026-12-01T00:00:00Z' },
  paymentFailed: { billingLink: `${URL_BASE}/billing` },
  cancellationConfirmed: { accessUntil: '2026-12-22T00:00:00Z' },
  planChanged: { plan: 'Premium', effectiveAt: '2026-12-22T00:00:00Z' },
  planChangeUndone: { plan: 'Premium' },
  subscriptionResumed: { renewsAt: '2026-12-22T00:00:00Z' },
  pauseEnding: { resumesAt: '2027-02-22T00:00:00Z' },
  emailChanged: { newEmail: 'new@example.com' },
  accountDeleted: {},
  newClasses: {
    profile: 'Leo',
    classes: [
      {
        title: { en: 'Morning flow', es: 'Flujo matinal' },
        discipline: { en: 'Yoga', es: 'Yoga' },
        minutes: 20,
        link: `${URL_BASE}/classes/morning-flow`,
        posterUrl: `${URL_BASE}/media/m1/poster.jpg`,
      },
    ],
    total: 1,
    classesLink: `${URL_BASE}/classes`,
    unsubscribeLink: `${URL_BASE}/unsubscribe/token`,
  },
  scheduleReminder: { profile: 'Leo', date: '2026-12-01', titles: ['Morning flow', 'Core 20'], classLink: `${URL_BASE}/classes/yoga-1` },
};

describe('mail templates', () => {
  it('both languages have the same messages', () => {
    expect(Object.keys(mailEs).sort()).toEqual(Object.keys(mailEn).sort());
  });

  for (const template of Object.keys(samples) as MailTemplate[]) {
    for (const language of ['en', 'es'] as const) {
      it(`${template} in ${language}`, () => {
        const mail = renderMail({ template, language, params: samples[template] }, URL_BASE);
        const catalogue: Record<string, string> = language === 'en' ? mailEn : mailEs;
        expect(mail.subject.length).toBeGreaterThan(5);
        for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(/\{\w+\}/);
        expect(mail.html).toContain(`<html lang="${language}">`);
        expect(mail.text).toContain(catalogue['common.signature']);
        if (mail.action) {
          expect(mail.text).toContain(mail.action.url);
          expect(mail.html).toContain(`href="${mail.action.url.replace(/&/g, '&amp;')}"`);
          expect(mail.action.url.startsWith(URL_BASE)).toBe(true);
        }
      });
    }
  }

  it('names the profile a digest or a reminder is about (decision 064), in both languages', () => {
    for (const language of ['en', 'es'] as const) {
      const reminder = renderMail({ template: 'scheduleReminder', language, params: samples.scheduleReminder }, URL_BASE);
      expect(reminder.subject).toMatch(/^Leo, /);
      expect(reminder.text).toContain(language === 'en' ? 'For Leo: ' : 'Para Leo: ');
      const digest = renderMail({ template: 'newClasses', language, params: samples.newClasses }, URL_BASE);
      expect(digest.text).toContain(language === 'en' ? 'For Leo: ' : 'Para Leo: ');
      expect(digest.html).toContain('Leo');
    }
  });

  it('writes money and dates the language way', () => {
    const en = renderMail({ template: 'receipt', language: 'en', params: samples.receipt }, URL_BASE);
    const es = renderMail({ template: 'receipt', language: 'es', params: { ...samples.receipt, currency: 'eur' } }, URL_BASE);
    expect(en.text).toContain('$1,234.56 on November 22, 2026');
    expect(es.text).toContain('1234,56\u00a0€ el 22 de noviembre de 2026');
    expect(formatMailMoney('en', 500, 'JPY')).toBe('¥500');
    expect(formatMailDate('es', '2026-01-05T23:30:00Z')).toBe('5 de enero de 2026');
  });

  it('tells a trial start as a trial, with the first charge and its date, not as a payment', () => {
    const en = renderMail({ template: 'trialStarted', language: 'en', params: samples.trialStarted }, URL_BASE);
    const es = renderMail({ template: 'trialStarted', language: 'es', params: samples.trialStarted }, URL_BASE);
    expect(en.subject).toBe('Your free trial has started');
    expect(en.text).toContain('your first payment of €13.99 will be on December 1, 2026');
    expect(es.subject).toBe('Ha empezado tu prueba gratuita');
    expect(es.text).toContain('tu primer pago, de 13,99\u00a0€, será el 1 de diciembre de 2026');
    for (const mail of [en, es]) expect(mail.text).not.toMatch(/0[.,]00/);
  });

  it('tells a failed payment with its next try and until when classes play, or that they stopped (decision 067)', () => {
    const params = { billingLink: `${URL_BASE}/billing`, graceEndsAt: '2026-12-08T10:00:00Z', nextRetryAt: '2026-12-02T10:00:00Z' };
    const en = renderMail({ template: 'paymentFailed', language: 'en', params }, URL_BASE);
    expect(en.text).toContain('We will try again on December 2, 2026.');
    expect(en.text).toContain('Your classes keep playing until December 8, 2026.');
    expect(en.action?.label).toBe('Update your card');
    const es = renderMail({ template: 'paymentFailed', language: 'es', params }, URL_BASE);
    expect(es.text).toContain('Volveremos a intentarlo el 2 de diciembre de 2026.');
    expect(es.text).toContain('Tus clases siguen reproduciéndose hasta el 8 de diciembre de 2026.');
    const last = renderMail({ template: 'paymentFailed', language: 'en', params: { ...params, nextRetryAt: null } }, URL_BASE);
    expect(last.text).toContain('That was our last try.');
    expect(last.text).toContain('Your classes have stopped.');
  });

  it('says the interval a plan bills: per year / al año (docs/decisions/066)', () => {
    const trial = { ...samples.trialStarted, amountMinor: 13990, interval: 'year' as const };
    expect(renderMail({ template: 'trialStarted', language: 'en', params: trial }, URL_BASE).text).toContain('your first payment of €139.90 per year will be on');
    expect(renderMail({ template: 'trialStarted', language: 'es', params: trial }, URL_BASE).text).toContain('tu primer pago, de 139,90\u00a0€ al año, será el');
    const receipt = { ...samples.receipt, interval: 'year' as const };
    expect(renderMail({ template: 'receipt', language: 'en', params: receipt }, URL_BASE).text).toContain('$1,234.56 per year on');
    expect(renderMail({ template: 'receipt', language: 'es', params: receipt }, URL_BASE).text).toContain('al año el');
    const changed = { plan: 'Premium', effectiveAt: '2026-12-22T00:00:00Z', interval: 'year' as const };
    expect(renderMail({ template: 'planChanged', language: 'en', params: changed }, URL_BASE).text).toContain('Your plan changes to Premium, billed per year, on December 22, 2026.');
    expect(renderMail({ template: 'planChanged', language: 'es', params: changed }, URL_BASE).text).toContain('Tu plan cambia a Premium, con pago al año, el 22 de diciembre de 2026.');
  });

  it('escapes what it puts into HTML', () => {
    const mail = renderMail({ template: 'planChanged', language: 'en', params: { plan: '<b>Premium</b>', effectiveAt: '2026-12-22T00:00:00Z' } }, URL_BASE);
    expect(mail.html).toContain('&lt;b&gt;Premium&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Premium</b>');
  });

  it('falls back to English for a language it does not have, and refuses an unknown template', () => {
    expect(renderMail({ template: 'welcome', language: 'fr', params: {} }, URL_BASE).subject).toBe('Welcome to FitStream');
    expect(() => renderMail({ template: 'nope', language: 'en', params: {} }, URL_BASE)).toThrow('unknown mail template');
  });
});
