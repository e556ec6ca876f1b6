// GET /flows: the flows site for people working on the app, served from its folder outside
// production only, with nothing outside that folder reachable.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import { createTestApp, type TestApp } from '../../harness';

let siteDir: string;
beforeAll(async () => {
  siteDir = await mkdtemp(path.join(os.tmpdir(), 'fs-flows-site-'));
  await mkdir(path.join(siteDir, 'assets'));
  await writeFile(path.join(siteDir, 'index.html'), '<!doctype html><title>FitStream flows</title><h1>Flows</h1>');
  await writeFile(path.join(siteDir, 'assets/site.css'), 'body { margin: 0 }');
});
afterAll(() => rm(siteDir, { recursive: true, force: true }));

describe('GET /flows/ outside production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ flowsSiteDir: siteDir });
  });
  afterAll(() => t.close());

  it('serves the site, its assets, and a CSP that lets the chart style itself', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/flows/index.html' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<h1>Flows</h1>');
    expect(page.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    const css = await t.app.inject({ method: 'GET', url: '/flows/assets/site.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/text\/css/);
  });

  it('sends /flows and /flows/ to the index page, where its relative links work', async () => {
    for (const url of ['/flows', '/flows/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location, url).toBe('/flows/index.html');
    }
  });

  it('reaches nothing outside the site folder', async () => {
    for (const url of ['/flows/../package.json', '/flows/%2e%2e/package.json', '/flows/..%2fpackage.json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).not.toBe(200);
      expect(res.body, url).not.toContain('"name": "fitstream"');
    }
    expect((await t.app.inject({ method: 'GET', url: '/flows/nothing.html' })).statusCode).toBe(404);
  });
});

describe('GET /flows/ with no site built', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ flowsSiteDir: path.join(siteDir, 'missing') });
  });
  afterAll(() => t.close());

  it('says how to build it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/flows/' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('npm run flows');
  });
});

describe('GET /flows/ in production', () => {
  it('is not configured when NODE_ENV is production, and is otherwise', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fs-flows-config-'));
    try {
      expect((await loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production' })).flowsSiteDir).toBeNull();
      expect((await loadConfig({ DATA_DIR: dataDir })).flowsSiteDir).toBe(path.resolve('docs/flows/site'));
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('is not served: the path is one of the app’s deep links', async () => {
    const t = await createTestApp({ flowsSiteDir: null });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/flows/' });
      expect(res.body).not.toContain('<h1>Flows</h1>');
      expect(res.headers['content-security-policy']).not.toContain('unsafe-inline');
    } finally {
      await t.close();
    }
  });
});
