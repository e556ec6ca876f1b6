// The built app and what unknown paths answer (server/modules/static/routes.ts): security headers, the
// JSON 404 under /api, deep links to index.html, compressed hashed assets, and a missing build.
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../harness';

describe('app without a built client', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers unknown API paths with a JSON 404 in the error shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ isSuccess: false, message: expect.any(String), statusCode: 404, code: 'request.notFound' });
    const post = await t.app.inject({ method: 'POST', url: '/api/v1/nope', payload: {} });
    expect(post.json()).toMatchObject({ isSuccess: false, statusCode: 404 });
  });

  it('tells to build the app instead of crashing when dist/ is missing', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/billing' });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm run build');
  });

  it('sends a Content-Security-Policy and nosniff on every response: the app policy on a page, one allowing nothing on an API answer', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(api.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    const response = await t.app.inject({ method: 'GET', url: '/billing' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("img-src 'self' data: blob:");
    // The player's Media Source Extensions play from a blob: URL; hls.js runs without a worker,
    // so the only worker is the app's own service worker, and the manifest is the app's own.
    expect(csp).toContain("media-src 'self' blob: data:");
    expect(csp).toContain("worker-src 'self';");
    expect(csp).not.toMatch(/worker-src[^;]*blob:/);
    expect(csp).toContain("manifest-src 'self';");
    expect(csp).toContain("form-action 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("style-src 'self';");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

const bigScript = Array.from({ length: 200 }, (_, i) => `export const line${i} = 'FitStream ${i}';`).join('\n');

describe('app with a built client', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'fs-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>FitStream</title><div id="root"></div>');
    await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
    await writeFile(path.join(dist, 'assets', 'big-def456.js'), bigScript);
    await writeFile(path.join(dist, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["../../src/main.tsx"],"sourcesContent":["secret source"]}');
    // What vite-plugin-pwa writes beside the app (docs/decisions/039).
    await writeFile(path.join(dist, 'sw.js'), 'importScripts("./workbox-1a2b3c4d.js")');
    await writeFile(path.join(dist, 'workbox-1a2b3c4d.js'), 'self.workbox = {}');
    await writeFile(path.join(dist, 'manifest.webmanifest'), '{"name":"FitStream"}');
    t = await createTestApp({ distDir: dist });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves index.html for deep links such as /billing, never cached', async () => {
    for (const url of ['/', '/billing', '/pricing?x=1', '/users']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('<title>FitStream</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it("answers a download's local file a device does not hold with a JSON 404, never the app's page", async () => {
    // /offline/ is the service worker's own (src/sw/offline.ts): the server never holds those files.
    const response = await t.app.inject({ method: 'GET', url: '/offline/sunrise-vinyasa-flow/720p/segment-000.m4s' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ isSuccess: false, message: expect.any(String), statusCode: 404, code: 'request.notFound' });
  });

  it("answers /metrics with a JSON 404, never the app's page: the metrics are on METRICS_PORT only", async () => {
    for (const url of ['/metrics', '/metrics/']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json<{ code: string }>().code).toBe('request.notFound');
      expect(response.body).not.toContain('fitstream_');
    }
  });

  it('serves hashed assets with a long cache', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('sends text assets compressed as the browser prefers, with an ETag that answers 304', async () => {
    const url = '/assets/big-def456.js';
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript/);
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bigScript);
    expect(br.rawPayload.length).toBeLessThan(bigScript.length / 3);

    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(bigScript);

    const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigScript);

    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(plain.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('keeps choosing each browser’s encoding after many different Accept-Encoding headers', async () => {
    const url = '/assets/big-def456.js';
    const encodingOf = async (header: string) => (await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': header } })).headers['content-encoding'];
    for (let i = 0; i < 150; i += 1) expect(await encodingOf(i % 2 ? `x-${i}, gzip` : `x-${i}, br;q=0.5, gzip;q=0.4`)).toBe(i % 2 ? 'gzip' : 'br');
    expect(await encodingOf('gzip, deflate, br')).toBe('br');
    expect(await encodingOf('identity')).toBeUndefined();
    expect(await encodingOf('gzip, deflate, br')).toBe('br');
  });

  it('serves the service worker, its Workbox runtime and the manifest revalidated every time, so a release is never missed', async () => {
    for (const [url, type] of [
      ['/sw.js', /^text\/javascript/],
      ['/workbox-1a2b3c4d.js', /^text\/javascript/],
      ['/manifest.webmanifest', /^application\/manifest\+json/],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(type);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(String(response.headers['content-security-policy']), url).toContain("worker-src 'self'");
    }
  });

  it('answers 404, not the app page, for a hashed asset of another build', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-oldbuild.js' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ isSuccess: false, statusCode: 404 });
  });

  it('never serves the source maps that sit beside the build', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js.map' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('secret source');
  });

  it('answers the same status, headers and bytes over a real connection (the files are answered before Fastify)', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const etag = String((await t.app.inject({ method: 'GET', url: '/assets/big-def456.js' })).headers.etag);
    const cases: { method: 'GET' | 'HEAD'; url: string; headers?: Record<string, string> }[] = [
      { method: 'GET', url: '/' },
      { method: 'GET', url: '/index.html?utm=1' },
      { method: 'GET', url: '/billing' },
      { method: 'HEAD', url: '/' },
      { method: 'GET', url: '/assets/index-abc123.js' },
      { method: 'GET', url: '/assets/big-def456.js', headers: { 'accept-encoding': 'gzip, deflate, br' } },
      { method: 'GET', url: '/assets/big-def456.js', headers: { 'accept-encoding': 'gzip' } },
      { method: 'HEAD', url: '/assets/big-def456.js', headers: { 'accept-encoding': 'br' } },
      { method: 'GET', url: '/assets/big-def456.js', headers: { 'if-none-match': etag } },
      { method: 'GET', url: '/assets/index-oldbuild.js' },
    ];
    // What the connection adds (date, keep-alive) is not the app's answer.
    const answerOf = (status: number, headers: Record<string, unknown>, body: Buffer) => ({
      status,
      headers: Object.fromEntries(Object.entries(headers).filter(([name]) => !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name))),
      body: body.toString('base64'),
    });
    for (const { method, url, headers = {} } of cases) {
      const viaFastify = await t.app.inject({ method, url, headers });
      const overHttp = await new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        const request = http.request(`${address}${url}`, { method, headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        });
        request.on('error', reject);
        request.end();
      });
      expect(answerOf(overHttp.status, overHttp.headers, overHttp.body), `${method} ${url}`).toEqual(
        answerOf(viaFastify.statusCode, viaFastify.headers, viaFastify.rawPayload),
      );
    }
  });

  it('counts the files answered before Fastify under one route label, "static", by status', async () => {
    const address = t.app.server.listening ? `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}` : await t.app.listen({ port: 0, host: '127.0.0.1' });
    const count = async (status: string) => {
      const line = (await t.app.metrics.metrics())
        .split('\n')
        .find((text) => text.startsWith(`fitstream_http_request_duration_seconds_count{method="GET",route="static",status_code="${status}"} `));
      return line ? Number(line.split(' ')[1]) : 0;
    };
    const before = { ok: await count('200'), notModified: await count('304') };
    const etag = (await fetch(`${address}/assets/index-abc123.js`)).headers.get('etag')!;
    expect((await fetch(`${address}/`)).status).toBe(200);
    expect((await fetch(`${address}/assets/index-abc123.js`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect(await count('200')).toBe(before.ok + 2);
    expect(await count('304')).toBe(before.notModified + 1);
    expect(await t.app.metrics.metrics()).not.toContain('route="/assets/');
  });

  it('keeps unknown API paths a JSON 404 even with the app built', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/unknown/thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ isSuccess: false, statusCode: 404 });
    const missingAsset = await t.app.inject({ method: 'GET', url: '/uploads/nothing.png' });
    expect(missingAsset.statusCode).toBe(404);
  });
});
