// Server messages in the request's language (server/i18n.ts): every message has its Spanish text
// with the same placeholders, Accept-Language picks the language, and an error answer carries
// its stable `code` beside the translated message.
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import serverEn from '@locales/server.en.json';
import serverEs from '@locales/server.es.json';
import { negotiateLocale, translate } from '@server/i18n';
import { ruleMessages } from '@domain/account-rules';
import appEs from '@locales/es.json';
import { expectContract, newDeviceId, signUp, testAppForFile } from './harness';

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

  it('answers the same for a header asked again, and past the remembered headers', () => {
    const headers = Array.from({ length: 1_200 }, (_, i) => (i % 2 ? `x-${i}, es;q=0.5` : `x-${i}, en;q=0.5, es;q=0.4`));
    for (const header of headers) expect(negotiateLocale(header)).toBe(header.includes('en;') ? 'en' : 'es');
    for (const header of headers.slice(0, 10)) expect(negotiateLocale(header)).toBe(header.includes('en;') ? 'en' : 'es');
    expect(negotiateLocale(['es', 'en;q=0.1'])).toBe('es');
    expect(negotiateLocale('fr')).toBe('en');
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

describe('a request the contract refuses', () => {
  const t = testAppForFile();
  const account = { email: 'ana@example.com', password: 'Secret1!x', cpassword: 'Secret1!x', country: 'ES' };
  let token = '';
  const authorized = () => ({ authorization: `FitStream ${token}` });

  it.each([
    ['a missing field', 'POST', '/api/v1/auth/sign-up', { ...account }, 'request.invalid.required', 'device_id: es obligatorio.', 'device_id: is required.'],
    ['a number for a string', 'POST', '/api/v1/users/details', { name: 5 }, 'request.invalid.type', 'name: debe ser un texto.', 'name: must be a string.'],
    ['a body that is a list', 'POST', '/api/v1/auth/sign-up', [account], 'request.invalid.bodyType', 'El cuerpo de la petición debe ser un objeto JSON.', 'The request body must be a JSON object.'],
    ['a lower-case country', 'POST', '/api/v1/auth/sign-up', { ...account, country: 'es', device_id: 'device-123' }, 'request.invalid.pattern', 'country: no tiene un formato válido.', 'country: has an invalid format.'],
    ['a short device id', 'POST', '/api/v1/auth/sign-up', { ...account, device_id: 'abc' }, 'request.invalid.minLength', 'device_id: debe tener al menos 9 caracteres.', 'device_id: must be at least 9 characters long.'],
    ['a path id that is no uuid', 'POST', '/api/v1/playback/sessions/not-a-uuid/heartbeat', {}, 'request.invalid.format', 'sessionId: debe ser un identificador UUID válido.', 'sessionId: must be a valid uuid.'],
    ['an unknown level', 'GET', '/api/v1/classes?level=expert', undefined, 'request.invalid.enum', 'level.0: debe ser uno de estos valores: beginner, intermediate, advanced.', 'level.0: must be one of: beginner, intermediate, advanced.'],
    ['a page too long', 'GET', '/api/v1/classes?limit=51', undefined, 'request.invalid.maximum', 'limit: debe ser como máximo 50.', 'limit: must be at most 50.'],
    ['an empty page', 'GET', '/api/v1/classes?limit=0', undefined, 'request.invalid.minimum', 'limit: debe ser como mínimo 1.', 'limit: must be at least 1.'],
    ['a search too long', 'GET', `/api/v1/classes?q=${'a'.repeat(101)}`, undefined, 'request.invalid.maxLength', 'q: debe tener como máximo 100 caracteres.', 'q: must be at most 100 characters long.'],
    ['too many disciplines', 'GET', `/api/v1/classes?${Array.from({ length: 21 }, (_, i) => `discipline=d${i}`).join('&')}`, undefined, 'request.invalid.maxItems', 'discipline: debe tener como máximo 20 elementos.', 'discipline: must have at most 20 items.'],
  ] as const)('answers %s in the request’s language, naming the field', async (_, method, url, payload, code, spanish, english) => {
    if (!token) token = (await signUp(t.app)).token;
    const send = (language: string) =>
      t.app.inject({ method, url, headers: { 'accept-language': language, ...authorized() }, ...(payload === undefined ? {} : { payload: payload as object }) });
    const inSpanish = await send('es-ES,es;q=0.9');
    expect(inSpanish.statusCode).toBe(400);
    expect(inSpanish.json()).toEqual({ isSuccess: false, statusCode: 400, code, message: spanish });
    expect((await send('en')).json()).toMatchObject({ code, message: english });
  });
});

describe('every contract rule the server can name', () => {
  const rules: [string, Record<string, string | number>][] = [
    ['request.invalid.additionalProperties', { field: 'extra' }],
    ['request.invalid.const', { field: 'kind', value: '"card"' }],
    ['request.invalid.empty', { field: 'name' }],
    ['request.invalid.format', { field: 'at', format: 'date_time' }],
    ['request.invalid.format', { field: 'email', format: 'email' }],
    ['request.invalid.minItems', { field: 'level', limit: 1 }],
    ['request.invalid.part', { context: 'querystring' }],
    ['request.invalid.part', { context: 'headers' }],
    ['request.invalid.type', { field: 'n', type: 'integer' }],
    ['request.invalid.typeOrNull', { field: 'image', type: 'string' }],
    ['request.invalid.value', { field: 'x' }],
  ];

  it.each(rules)('reads %s in Spanish, not in English', (code, values) => {
    const spanish = translate('es', code as never, values);
    expect(spanish).not.toBe(translate('en', code as never, values));
    expect(spanish).not.toMatch(/\b(must|is|not|valid|required|allowed|item|string|number|the)\b/i);
  });
});
