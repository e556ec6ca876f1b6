// The sandbox's checkout and card pages speak the language the app spoke when the user opened
// them (the Accept-Language of the subscribe / portal call, kept on the checkout or link), with
// money and dates formatted for it, and never show an English sentence on a Spanish page. A
// page with nothing to read the language from (an unknown checkout) follows the browser.
import { describe, expect, it } from 'vitest';
import serverEn from '@locales/server.en.json';
import serverEs from '@locales/server.es.json';
import { signUp, testAppForFile, type SignedUpUser } from '../../../harness';
import { authorization, checkoutPath, goodCard, roomyRateLimits, subscribed } from '../../../fixtures/payments-flow';

const test = testAppForFile({ rateLimits: roomyRateLimits });
const spanish = { 'accept-language': 'es-ES,es;q=0.9,en;q=0.5' };

/** The page's visible text: tags and the stylesheet removed, entities decoded. */
function visibleText(html: string): string {
  return html
    .replace(/<style>[\s\S]*?<\/style>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/** The English sandbox texts (their literal parts) that differ from the Spanish ones. */
const englishSentences = Object.entries(serverEn)
  .filter(([code, english]) => code.startsWith('sandbox.') && english !== (serverEs as Record<string, string>)[code])
  .flatMap(([, english]) => english.split(/\{[^}]*\}+/))
  .map((part) => part.trim())
  .filter((part) => part.length > 3);

function expectNoEnglish(html: string): void {
  const text = visibleText(html);
  for (const sentence of englishSentences) expect(text, sentence).not.toContain(sentence);
}

async function startCheckout(user: SignedUpUser, headers: Record<string, string>): Promise<string> {
  const response = await test.app.inject({ method: 'POST', url: '/api/v1/payments/subscribe', headers: { ...authorization(user), ...headers }, payload: { plan: 'standard' } });
  expect(response.statusCode).toBe(200);
  return checkoutPath(response.json<{ url: string }>().url);
}

const post = (url: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
  test.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, payload: new URLSearchParams(form).toString() });

describe('the sandbox checkout page in the user’s language', () => {
  it('is in Spanish when the app was: euros, the trial and its end date by the Spanish locale', async () => {
    const user = await signUp(test.app);
    const path = await startCheckout(user, spanish);
    // The browser itself may say English: the page follows the app's language.
    const page = await test.app.inject({ method: 'GET', url: path, headers: { 'accept-language': 'en-US' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-language']).toBe('es');
    expect(page.body).toContain('<html lang="es">');
    const text = visibleText(page.body);
    expect(text).toContain('Suscríbete a Standard');
    expect(text).toContain('13,99 €/mes');
    expect(text).toContain('7 días de prueba gratuita y después 13,99 €/mes');
    expect(text).toContain('A pagar hoy: 0,00 €');
    const firstPayment = new Intl.DateTimeFormat('es', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(Date.now() + 7 * 86_400_000));
    expect(text).toContain(`Primer pago de 13,99 € el ${firstPayment}.`);
    expect(text).toContain('Número de tarjeta');
    expect(text).toContain('Empezar la prueba gratuita');
    expectNoEnglish(page.body);
  });

  it('says what is wrong with the card in Spanish, and declines in Spanish', async () => {
    const user = await signUp(test.app);
    const path = await startCheckout(user, spanish);
    const expired = await post(path, { ...goodCard, exp: '01/20' });
    expect(expired.statusCode).toBe(400);
    expect(visibleText(expired.body)).toContain('Tu tarjeta ha caducado.');
    expectNoEnglish(expired.body);
    const declined = await post(path, { ...goodCard, card_number: '4000 0000 0000 0002' });
    expect(declined.statusCode).toBe(402);
    expect(visibleText(declined.body)).toContain('Tu tarjeta ha sido rechazada.');
    expectNoEnglish(declined.body);
    const tooLong = await post(path, { ...goodCard, name: 'x'.repeat(500) });
    expect(tooLong.statusCode).toBe(400);
    expect(visibleText(tooLong.body)).toContain('Revisa los datos de la tarjeta e inténtalo de nuevo.');
  });

  it('goes back to the app on the origin it was opened on, and its paid page is Spanish too', async () => {
    const user = await signUp(test.app);
    const path = await startCheckout(user, spanish);
    const paid = await post(path, goodCard);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toMatch(/^\/users\?session_id=cs_sandbox_/);
    const again = await test.app.inject({ method: 'GET', url: path });
    expect(again.statusCode).toBe(404);
    expect(visibleText(again.body)).toContain('Este pago ya está hecho');
    expectNoEnglish(again.body);
  });

  it('is in English when the app was, with English money', async () => {
    const user = await signUp(test.app);
    const page = await test.app.inject({ method: 'GET', url: await startCheckout(user, { 'accept-language': 'en' }), headers: spanish });
    expect(page.body).toContain('<html lang="en">');
    expect(visibleText(page.body)).toContain('7-day free trial, then €13.99/month');
  });

  it('follows the browser when there is no checkout to read the language from', async () => {
    const page = await test.app.inject({ method: 'GET', url: '/sandbox/checkout/cs_sandbox_0000', headers: spanish });
    expect(page.statusCode).toBe(404);
    expect(visibleText(page.body)).toContain('Este pago no está disponible');
    expectNoEnglish(page.body);
  });
});

describe('the sandbox card page in the user’s language', () => {
  it('is in Spanish when the app was, and its unavailable page follows the browser', async () => {
    const user = await subscribed(test.app);
    const opened = await test.app.inject({ method: 'POST', url: '/api/v1/payments/portal', headers: { ...authorization(user), ...spanish } });
    const url = opened.json<{ url: string }>().url;
    expect(url).toMatch(/^\/sandbox\/portal\//);
    const page = await test.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
    expect(page.body).toContain('<html lang="es">');
    const text = visibleText(page.body);
    expect(text).toContain('Cambiar el método de pago');
    expect(text).toContain('Tarjeta guardada: VISA •••• 4242 · 12/2039');
    expectNoEnglish(page.body);
    const invalid = await post(url, { ...goodCard, card_number: '1234' });
    expect(visibleText(invalid.body)).toContain('El número de tarjeta no es válido.');
    expectNoEnglish(invalid.body);
    const saved = await post(url, goodCard);
    expect(saved.headers.location).toBe('/billing');
    const gone = await test.app.inject({ method: 'GET', url, headers: spanish });
    expect(visibleText(gone.body)).toContain('Este enlace no está disponible');
    expectNoEnglish(gone.body);
  });
});
