// The pre-rendered public pages (server/modules/static/prerendered-pages.ts, docs/decisions/042):
// the language's HTML for the stored choice (cookie) or Accept-Language, with its <html lang>,
// title and content, its inline script allowed by hash, the same over a real connection.
import { createHash } from 'node:crypto';
import http from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstPaintScript, LANGUAGE_COOKIE, pageDocument, PRERENDERED_DIR, scriptHash } from '../../../../scripts/prerender';
import { createTestApp, type TestApp } from '../../harness';

const index = '<!doctype html>\n<html lang="en">\n  <head>\n    <title>FitStream</title>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n';
const pages = {
  landing: { path: '/', en: ['Fitness classes to stream at home', 'Unlimited fitness classes'], es: ['Clases de fitness para entrenar en casa', 'Clases de fitness ilimitadas'] },
  login: { path: '/login', en: ['Sign in', 'Sign In'], es: ['Iniciar sesión', 'Inicia sesión'] },
} as const;

describe('pre-rendered public pages', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'fs-prerendered-'));
    await writeFile(path.join(dist, 'index.html'), index);
    const hashes = new Set<string>();
    for (const language of ['en', 'es'] as const) {
      await mkdir(path.join(dist, PRERENDERED_DIR, language), { recursive: true });
      for (const [name, page] of Object.entries(pages)) {
        const script = firstPaintScript(true);
        hashes.add(scriptHash(script));
        const [title, heading] = page[language];
        const html = pageDocument(index, { title: `${title} · FitStream`, html: `<main><h1>${heading}</h1></main>` }, language, script, page.path);
        await writeFile(path.join(dist, PRERENDERED_DIR, language, `${name}.html`), html);
      }
    }
    const manifest = { pages: { '/': 'landing', '/login': 'login' }, languages: ['en', 'es'], languageCookie: LANGUAGE_COOKIE, scriptHashes: [...hashes] };
    await writeFile(path.join(dist, PRERENDERED_DIR, 'pages.json'), JSON.stringify(manifest));
    t = await createTestApp({ distDir: dist });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const titleOf = (body: string) => /<title>([^<]*)<\/title>/.exec(body)?.[1];
  const langOf = (body: string) => /<html lang="([^"]*)"/.exec(body)?.[1];

  it('answers English with no language stored and none asked for', async () => {
    const response = await get('/login');
    expect(response.statusCode).toBe(200);
    expect(langOf(response.body)).toBe('en');
    expect(titleOf(response.body)).toBe('Sign in · FitStream');
    expect(response.body).toContain('<h1>Sign In</h1>');
    expect(response.headers['content-language']).toBe('en');
  });

  it("answers the Accept-Language's page: lang, title and content in Spanish", async () => {
    for (const header of ['es-ES,es;q=0.9,en;q=0.8', 'es', 'fr, es-MX;q=0.5']) {
      const response = await get('/', { 'accept-language': header });
      expect(langOf(response.body), header).toBe('es');
      expect(titleOf(response.body)).toBe('Clases de fitness para entrenar en casa · FitStream');
      expect(response.body).toContain('<h1>Clases de fitness ilimitadas</h1>');
    }
    expect(langOf((await get('/', { 'accept-language': 'en-GB,es;q=0.5' })).body)).toBe('en');
  });

  it('prefers the stored choice (the language cookie) to Accept-Language', async () => {
    const spanish = await get('/login', { 'accept-language': 'en-US', cookie: `other=1; ${LANGUAGE_COOKIE}=es` });
    expect(langOf(spanish.body)).toBe('es');
    expect(titleOf(spanish.body)).toBe('Iniciar sesión · FitStream');
    expect(spanish.body).toContain('<h1>Inicia sesión</h1>');
    const english = await get('/login', { 'accept-language': 'es', cookie: `${LANGUAGE_COOKIE}=en` });
    expect(langOf(english.body)).toBe('en');
    // A language the app does not speak is no choice: Accept-Language decides.
    expect(langOf((await get('/login', { 'accept-language': 'es', cookie: `${LANGUAGE_COOKIE}=fr` })).body)).toBe('es');
  });

  it('has first-paint scripts a browser can run, for visitors\' pages and the others', () => {
    // A syntax error would pass unnoticed: the page simply paints without what the script decides.
    for (const visitorOnly of [true, false]) expect(() => new Function(firstPaintScript(visitorOnly))).not.toThrow();
  });

  it('allows exactly its inline script by hash, is revalidated, and varies on what chose it', async () => {
    const response = await get('/', { 'accept-language': 'es' });
    const script = /<script>([^<]*)<\/script>/.exec(response.body)?.[1] ?? '';
    const hash = `sha256-${createHash('sha256').update(script).digest('base64')}`;
    expect(String(response.headers['content-security-policy'])).toMatch(new RegExp(`script-src 'self' [^;]*'${hash.replace(/[+/]/g, '\\$&')}'`));
    expect(String(response.headers['content-security-policy'])).not.toContain('unsafe-inline');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(String(response.headers.vary)).toMatch(/Accept-Language/);
    expect(String(response.headers.vary)).toMatch(/Cookie/);
    expect((await get('/', { 'accept-language': 'en' })).headers.etag).not.toBe(response.headers.etag);
  });

  it('keeps deep links on the shell, and the pre-rendered files at their page only', async () => {
    const deep = await get('/billing', { 'accept-language': 'es' });
    expect(deep.body).toContain('<div id="root"></div>');
    const file = await get('/prerendered/es/login.html');
    expect(file.body).not.toContain('Inicia sesión');
  });

  it('answers the same over a real connection (before Fastify)', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const headers = { 'accept-language': 'en', cookie: `${LANGUAGE_COOKIE}=es` };
    const overHttp = await new Promise<{ status: number; body: string; lang: string | undefined }>((resolve, reject) => {
      const request = http.request(`${address}/login?from=mail`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString(), lang: String(response.headers['content-language']) }));
      });
      request.on('error', reject);
      request.end();
    });
    expect(overHttp.status).toBe(200);
    expect(langOf(overHttp.body)).toBe('es');
    expect(overHttp.body).toContain('<h1>Inicia sesión</h1>');
    expect(overHttp.lang).toBe('es');
  });
});
