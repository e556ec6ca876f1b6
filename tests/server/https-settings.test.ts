// The https-only settings (HSTS, upgrade-insecure-requests, Secure cookies) follow PUBLIC_URL's
// scheme, not its host (docs/decisions/004): a plain-http LAN address gets none of them, since a
// browser would drop a Secure cookie there and HSTS would lock the address out of http.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import { createTestApp, newDeviceId, type TestApp } from './harness';

const signUp = (device: string) => ({
  method: 'POST' as const,
  url: '/api/v1/auth/sign-up',
  payload: { email: `https-${device}@example.com`, password: 'Str0ng#Pass', cpassword: 'Str0ng#Pass', device_id: newDeviceId(), country: 'US' },
});

describe.each([
  { publicUrl: 'http://192.168.1.20:8080', https: false },
  { publicUrl: 'https://fitstream.example', https: true },
])('PUBLIC_URL $publicUrl', ({ publicUrl, https }) => {
  let dataDir: string;
  let t: TestApp;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'fs-https-'));
    const { secureCookies, warnings } = await loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: publicUrl, NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example', SELLER_NAME: 'FitStream Ltd.' });
    // Only an http address that is not this machine is worth a word at start.
    expect(warnings).toEqual(https ? [] : [expect.stringMatching(/^PUBLIC_URL is http:\/\/192\.168\.1\.20:8080: cookies are sent without Secure and HSTS is off/)]);
    t = await createTestApp({ publicUrl, secureCookies });
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it(`${https ? 'sends' : 'does not send'} HSTS and upgrade-insecure-requests`, async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/payments/price-range' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['strict-transport-security'] !== undefined).toBe(https);
    // A page's policy upgrades its requests (an API answer's allows none at all).
    const page = await t.app.inject({ method: 'GET', url: '/billing' });
    expect(page.headers['strict-transport-security'] !== undefined).toBe(https);
    expect(String(page.headers['content-security-policy']).includes('upgrade-insecure-requests')).toBe(https);
  });

  it(`${https ? 'marks' : 'does not mark'} the refresh cookie Secure`, async () => {
    const response = await t.app.inject(signUp(https ? 'a' : 'b'));
    expect(response.statusCode).toBe(201);
    const cookie = response.cookies.find((c) => c.name === 'fs_refresh');
    expect(cookie).toBeDefined();
    expect(cookie?.secure === true).toBe(https);
  });
});
