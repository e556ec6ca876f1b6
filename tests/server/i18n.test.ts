// Server messages in the request's language (server/i18n.ts): every message has its Spanish text
// with the same placeholders, Accept-Language picks the language, and an error answer carries
// its stable `code` beside the translated message.
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import serverEn from '../../locales/server.en.json';
import serverEs from '../../locales/server.es.json';
import { negotiateLocale, translate } from '../../server/i18n';
import { ruleMessages } from '../../src/domain/account-rules';
import appEs from '../../locales/es.json';
import { expectContract, newDeviceId, testAppForFile } from './harness';

function placeholders(message: string): string[] {
  const names = (elements: MessageFormatElement[]): string[] =>
    elements.flatMap((element) => (element.type === TYPE.literal || element.type === TYPE.pound ? [] : [element.value as string]));
  return [...new Set(names(parse(message)))].sort();
}

describe('the server catalogues', () => {
  it('have a Spanish text for every English message, with the same placeholders', () => {
    expect(Object.keys(serverEs).sort()).toEqual(Object.keys(serverEn).sort());
    for (const [code, english] of Object.entries(serverEn)) {
      const spanish = (serverEs as Record<string, string>)[code]!;
      expect(spanish, code).not.toBe('');
      expect(placeholders(spanish), code).toEqual(placeholders(english));
    }
  });

  it('answer the account rules with the texts the app shows for them', () => {
    for (const rule of Object.values(ruleMessages)) {
      expect(translate('en', rule.id as never)).toBe(rule.defaultMessage);
      expect(translate('es', rule.id as never)).toBe((appEs as Record<string, string>)[rule.id]);
    }
  });

  it('put values into the message', () => {
    expect(translate('es', 'request.notFound', { method: 'GET', path: '/x' })).toBe('No hay nada en GET /x.');
  });
});

describe('the language of an answer', () => {
  it('follows Accept-Language: en or es, by quality, any region; English otherwise', () => {
    expect(negotiateLocale('es')).toBe('es');
    expect(negotiateLocale('es-MX,es;q=0.9')).toBe('es');
    expect(negotiateLocale('fr-FR, es;q=0.5, en;q=0.8')).toBe('en');
    expect(negotiateLocale('fr, es;q=0.1')).toBe('es');
    expect(negotiateLocale('fr')).toBe('en');
    expect(negotiateLocale(undefined)).toBe('en');
    expect(negotiateLocale('')).toBe('en');
  });

  const t = testAppForFile();

  it('is the request’s: a wrong password in Spanish, with its code, and the same in English', async () => {
    const payload = { email: 'nobody@example.com', password: 'Wrong1!pass', device_id: newDeviceId() };
    const inSpanish = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload, headers: { 'accept-language': 'es-ES,es;q=0.9' } });
    expectContract(inSpanish, 'POST', '/api/v1/auth/sign-in');
    expect(inSpanish.statusCode).toBe(401);
    expect(inSpanish.json()).toEqual({ isSuccess: false, statusCode: 401, code: 'auth.badCredentials', message: 'Correo electrónico o contraseña incorrectos.' });
    const inEnglish = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload });
    expect(inEnglish.json()).toMatchObject({ code: 'auth.badCredentials', message: 'Incorrect email or password.' });
  });

  it('covers the rule messages and the answers no route gives', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-up',
      payload: { email: 'not-an-email', password: 'x', cpassword: 'x', country: 'ES', device_id: newDeviceId() },
      headers: { 'accept-language': 'es' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: ruleMessages.emailInvalid.id, message: (appEs as Record<string, string>)[ruleMessages.emailInvalid.id] });
    const nowhere = await t.app.inject({ method: 'GET', url: '/api/v1/nowhere', headers: { 'accept-language': 'es' } });
    expect(nowhere.json()).toEqual({ isSuccess: false, statusCode: 404, code: 'request.notFound', message: 'No hay nada en GET /api/v1/nowhere.' });
  });
});
