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
  emailChanged: { newEmail: 'new@example.com' },
  accountDeleted: {},
  newClasses: {
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
  scheduleReminder: { date: '2026-12-01', titles: ['Morning flow', 'Core 20'], classLink: `${URL_BASE}/classes/yoga-1` },
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
