// The security headers on every kind of response (server/plugins/external/security.ts,
// server/modules/static/routes.ts): pages and files carry the exact set @fastify/helmet sent,
// recorded from main before they were precomputed, over http and over https; API answers carry
// the shorter API set (docs/decisions/004).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from './harness';

const policy =
  "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data: blob:;font-src 'self' data:;connect-src 'self';media-src 'self' blob: data:;worker-src 'self';manifest-src 'self';" +
  "form-action 'self';frame-ancestors 'none';object-src 'none';base-uri 'self'";

/** What every response carried on main (helmet 8 through @fastify/helmet 13, with the player's media-src), over http. */
const overHttp: Record<string, string> = {
  'content-security-policy': policy,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/** Over https (PUBLIC_URL https): the policy upgrades requests, and HSTS is on. */
const overHttps: Record<string, string> = {
  ...overHttp,
  'content-security-policy': `${policy};upgrade-insecure-requests`,
  'strict-transport-security': 'max-age=15552000; includeSubDomains',
};

/**
 * What every API answer carries instead (docs/decisions/004, OWASP's REST Security Cheat Sheet):
 * nothing a document would need, over http; over https HSTS too.
 */
const apiOverHttp: Record<string, string> = {
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};
const apiOverHttps: Record<string, string> = { ...apiOverHttp, 'strict-transport-security': overHttps['strict-transport-security']! };

/** Headers that are not about security, which differ per response. */
const OTHER = new Set(['cache-control', 'etag', 'vary', 'content-type', 'content-length', 'content-encoding', 'date', 'connection', 'set-cookie', 'retry-after', 'location']);

function securityHeadersOf(headers: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !OTHER.has(name)).map(([name, value]) => [name, String(value)]));
}

const bigScript = Array.from({ length: 200 }, (_, i) => `export const line${i} = 'FitStream ${i}';`).join('\n');

describe.each([
  { label: 'http', secure: false, expected: overHttp, api: apiOverHttp },
  { label: 'https', secure: true, expected: overHttps, api: apiOverHttps },
])('security headers over $label', ({ secure, expected, api }) => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'fs-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>FitStream</title><div id="root"></div>');
    await writeFile(path.join(dist, 'assets', 'big-def456.js'), bigScript);
    await writeFile(path.join(dist, 'assets', 'small-abc123.js'), 'console.log("app")');
    t = await createTestApp({ distDir: dist, secureCookies: secure, publicUrl: secure ? 'https://fitstream.example' : 'http://localhost:8080' });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it.each([
    ['the landing page', '/', {}],
    ['a deep link', '/billing?x=1', {}],
    ['a compressed asset (brotli)', '/assets/big-def456.js', { 'accept-encoding': 'br' }],
    ['a compressed asset (gzip)', '/assets/big-def456.js', { 'accept-encoding': 'gzip' }],
    ['an asset, uncompressed', '/assets/big-def456.js', {}],
    ['a small asset', '/assets/small-abc123.js', { 'accept-encoding': 'gzip, br' }],
    ['a missing hashed asset', '/assets/gone-000000.js', {}],
  ])('%s answers exactly the same security headers as before', async (_label, url, headers) => {
    const response = await t.app.inject({ method: 'GET', url, headers });
    expect(securityHeadersOf(response.headers)).toEqual(expected);
  });

  it.each([
    ['an unknown API path', '/api/v1/nope', {}],
    ['a JSON API answer', '/api/v1/payments/price-range', {}],
    ['a signed-in route without a token', '/api/v1/payments/subscriptions', {}],
    ['an API GET from another site', '/api/v1/nope', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }],
  ])('%s answers the API set: a policy allowing nothing, no framing, no sniffing, no cross-origin read', async (_label, url, headers) => {
    const response = await t.app.inject({ method: 'GET', url, headers });
    expect(securityHeadersOf(response.headers)).toEqual(api);
  });

  it("answers kept signed-in answers (the plans, the catalog's first page, sent without a promise) with the same API header set as computed ones", async () => {
    const { token } = await signUp(t.app);
    const call = (method: 'GET' | 'POST', url: string) => t.app.inject({ method, url, headers: { authorization: `FitStream ${token}` } });
    const plans = [await call('POST', '/api/v1/payments/plans'), await call('POST', '/api/v1/payments/plans')];
    // The first read loads the account's progress; the second is answered from memory.
    const firstPage = [await call('GET', '/api/v1/classes?discipline=yoga'), await call('GET', '/api/v1/classes?discipline=yoga')];
    const searched = await call('GET', '/api/v1/classes?q=yoga');
    for (const response of [...plans, ...firstPage, searched]) {
      expect(response.statusCode).toBe(200);
      expect(securityHeadersOf(response.headers)).toEqual(api);
    }
    const withoutDate = ({ headers }: { headers: Record<string, unknown> }) => Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'date'));
    expect(withoutDate(plans[1]!)).toEqual(withoutDate(plans[0]!));
    expect(withoutDate(firstPage[1]!)).toEqual(withoutDate(firstPage[0]!));
    expect(firstPage[1]!.body).toBe(firstPage[0]!.body);
    const { 'content-length': _kept, ...keptHeaders } = withoutDate(firstPage[1]!);
    const { 'content-length': _searched, ...searchedHeaders } = withoutDate(searched);
    expect(keptHeaders).toEqual(searchedHeaders);
  });

  it('a 304 (If-None-Match) and a HEAD answer the same security headers', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/assets/big-def456.js' });
    const notModified = await t.app.inject({ method: 'GET', url: '/assets/big-def456.js', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(notModified.statusCode).toBe(304);
    expect(securityHeadersOf(notModified.headers)).toEqual(expected);
    const head = await t.app.inject({ method: 'HEAD', url: '/' });
    expect(head.statusCode).toBe(200);
    expect(securityHeadersOf(head.headers)).toEqual(expected);
  });

  it('an asset keeps its cache policy, ETag, Vary and encoding next to them', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/big-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers).toMatchObject({
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'Accept-Encoding',
      'content-encoding': 'gzip',
      'content-type': 'text/javascript; charset=utf-8',
      etag: expect.stringMatching(/^"[\w-]{22}"$/),
    });
  });
});
