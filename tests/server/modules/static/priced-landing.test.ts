// The landing's price range in its pre-rendered page (server/modules/static/priced-pages.ts,
// docs/decisions/063): the server writes the plans' current range into the page's marked amounts,
// formatted in the page's language, and on #root for the app to hydrate with; a change of the
// plans changes the page (before Fastify too); with no plan on sale, the range-free page.
import http from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans } from '@server/db/schema';
import { firstPaintScript, LANGUAGE_COOKIE, pageDocument, PRERENDERED_DIR, scriptHash } from '../../../../scripts/prerender';
import { createTestApp, type TestApp } from '../../harness';

const index = '<!doctype html>\n<html lang="en">\n  <head>\n    <title>FitStream</title>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n';
const answers = {
  en: { plain: 'One fixed monthly fee.', priced: (min: string, max: string) => `Plans range from ${min} to ${max} a month.` },
  es: { plain: 'Una cuota mensual fija.', priced: (min: string, max: string) => `Los planes van de ${min} a ${max} al mes.` },
} as const;
/** As the build draws the template: amounts of a range of its own, in marked spans. */
const slot = (end: 'min' | 'max') => `<span data-price="${end}">€0.00</span>`;
const money = (amount: number, language: 'en' | 'es') =>
  new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount / 100);
const priced = (language: 'en' | 'es', min: number, max: number) => answers[language].priced(money(min, language), money(max, language));

describe('the landing quotes the plans’ price range', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'fs-priced-'));
    await writeFile(path.join(dist, 'index.html'), index);
    const script = firstPaintScript(true);
    for (const language of ['en', 'es'] as const) {
      await mkdir(path.join(dist, PRERENDERED_DIR, language), { recursive: true });
      const page = (html: string) => pageDocument(index, { title: 'FitStream', html: `<main><p>${html}</p></main>` }, language, script, '/');
      await writeFile(path.join(dist, PRERENDERED_DIR, language, 'landing.html'), page(answers[language].plain));
      await writeFile(path.join(dist, PRERENDERED_DIR, language, 'landing-priced.html'), page(answers[language].priced(slot('min'), slot('max'))));
    }
    const manifest = { pages: { '/': 'landing' }, priced: { '/': 'landing-priced' }, languages: ['en', 'es'], languageCookie: LANGUAGE_COOKIE, scriptHashes: [scriptHash(script)] };
    await writeFile(path.join(dist, PRERENDERED_DIR, 'pages.json'), JSON.stringify(manifest));
    t = await createTestApp({ distDir: dist });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  const landing = async (language: 'en' | 'es') => (await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-language': language } })).body;
  const text = (body: string) => body.replace(/<[^>]+>/g, '');
  const overHttp = async (language: 'en' | 'es') => {
    const address = t.app.server.listening ? `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}` : await t.app.listen({ port: 0, host: '127.0.0.1' });
    return new Promise<string>((resolve, reject) => {
      const request = http.request(`${address}/`, { headers: { cookie: `${LANGUAGE_COOKIE}=${language}` } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve(Buffer.concat(chunks).toString()));
      });
      request.on('error', reject);
      request.end();
    });
  };

  it('quotes the cheapest and dearest monthly plan in each language, and hands the range to the app', async () => {
    for (const language of ['en', 'es'] as const) {
      const body = await landing(language);
      expect(text(body)).toContain(priced(language, 899, 1799));
      expect(body).toContain(`<div id="root" data-price-range="${JSON.stringify({ min: 899, max: 1799, currency: 'EUR' }).replace(/"/g, '&quot;')}" data-prerendered="/">`);
    }
  });

  it('follows a change of the plans, over a real connection too', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'en' } });
    await t.app.db.update(plans).set({ amount: 2099 }).where(eq(plans.id, 'premium'));
    try {
      for (const language of ['en', 'es'] as const) {
        await expect.poll(async () => text(await landing(language))).toContain(priced(language, 899, 2099));
        expect(text(await overHttp(language))).toContain(priced(language, 899, 2099));
      }
      const after = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'en' } });
      expect(after.headers.etag).not.toBe(before.headers.etag);
    } finally {
      await t.app.db.update(plans).set({ amount: 1799 }).where(eq(plans.id, 'premium'));
    }
    await expect.poll(async () => text(await landing('es'))).toContain(priced('es', 899, 1799));
  });

  it('answers the range-free page when no plan is on sale', async () => {
    await t.app.db.update(plans).set({ active: false });
    try {
      await expect.poll(async () => text(await landing('es'))).toContain(answers.es.plain);
      expect(await landing('en')).not.toContain('data-price');
    } finally {
      await t.app.db.update(plans).set({ active: true });
    }
  });
});
