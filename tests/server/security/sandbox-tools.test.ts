// The sandbox's test tools (issue 22, item 2): the mailbox shows everyone's reset links and the
// clock moves any account, so they are never served with Stripe, open on a developer's machine,
// and in production only behind SANDBOX_TOOLS_TOKEN, presented in a header or by the cookie one
// `?token=` visit sets. Refusals are the contract's error in the visitor's language.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import { sandboxToolsSummary, SANDBOX_TOOLS_COOKIE, SANDBOX_TOOLS_HEADER } from '@server/modules/mail/tools-access';
import { createTestApp, expectContract, signUp, testAppForFile } from '../harness';
import { roomyLimits } from './shared';

const TOKEN = 'operator-token-0123456789-abcdefghijkl';
const t = testAppForFile({ rateLimits: roomyLimits, sandboxToolsToken: TOKEN });
const stripe = { PAYMENTS: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };

let dataDir = '';
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'fs-sandbox-tools-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('where the tools are served', () => {
  it('never with Stripe, in production or not; with the sandbox outside production, or in it with a token', async () => {
    const served = async (env: Record<string, string>) => {
      const config = await loadConfig({ DATA_DIR: dataDir, ...env });
      return { mailbox: config.sandboxMailbox, summary: sandboxToolsSummary(config) };
    };
    expect(await served(stripe)).toEqual({ mailbox: false, summary: expect.stringMatching(/not served/) });
    expect(await served({ ...stripe, NODE_ENV: 'production', SANDBOX_TOOLS_TOKEN: TOKEN })).toMatchObject({ mailbox: false, summary: expect.stringMatching(/not served/) });
    expect(await served({})).toEqual({ mailbox: true, summary: expect.stringMatching(/served to every visitor/) });
    expect(await served({ NODE_ENV: 'production' })).toEqual({ mailbox: false, summary: expect.stringMatching(/not served/) });
    expect(await served({ NODE_ENV: 'production', SANDBOX_TOOLS_TOKEN: TOKEN })).toEqual({ mailbox: true, summary: expect.stringMatching(/only to holders of SANDBOX_TOOLS_TOKEN/) });
    await expect(loadConfig({ DATA_DIR: dataDir, SANDBOX_TOOLS_TOKEN: 'short' })).rejects.toThrow('SANDBOX_TOOLS_TOKEN');
  });

  it('answers 404 for the mailbox and the clock in Stripe mode, even when told to serve the mailbox', async () => {
    const app = await createTestApp({ payments: 'stripe', stripeSecretKey: 'sk_test_x', stripeWebhookSecret: 'whsec_x', sandboxMailbox: true });
    try {
      for (const url of ['/sandbox/mail', '/sandbox/clock']) {
        const response = await app.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.body).not.toMatch(/mailbox|test clock/i);
      }
    } finally {
      await app.close();
    }
  });
});

describe('behind SANDBOX_TOOLS_TOKEN', () => {
  it('refuses a visitor without the token, or with a wrong one, in the visitor\'s language', async () => {
    for (const url of ['/sandbox/mail', '/sandbox/clock', `/sandbox/mail?token=${TOKEN}x`]) {
      const english = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
      expect(english.statusCode, url).toBe(404);
      expect(english.json()).toEqual({ isSuccess: false, statusCode: 404, code: 'sandbox.toolsLocked', message: expect.stringMatching(/operator/) });
      const spanish = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'es' } });
      expect(spanish.json().message).toMatch(/entorno de pruebas/);
    }
    const wrongHeader = await t.app.inject({ method: 'GET', url: '/sandbox/mail', headers: { [SANDBOX_TOOLS_HEADER]: 'not-the-token' } });
    expect(wrongHeader.statusCode).toBe(404);
    const forged = await t.app.inject({ method: 'GET', url: '/sandbox/mail', cookies: { [SANDBOX_TOOLS_COOKIE]: TOKEN } });
    expect(forged.statusCode).toBe(404);
  });

  it('refuses the clock API to a signed-in account without the token, in the contract\'s shape', async () => {
    const user = await signUp(t.app);
    const url = '/api/v1/sandbox/clock';
    const response = await t.app.inject({ method: 'POST', url, headers: { authorization: `FitStream ${user.token}` }, payload: { action: 'end_trial' } });
    expectContract(response, 'POST', url);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('sandbox.toolsLocked');
  });

  it('opens to the token in a header', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sandbox/mail', headers: { [SANDBOX_TOOLS_HEADER]: TOKEN } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('/sandbox/clock');
  });

  it('opens in a browser: one ?token= visit sets an HttpOnly cookie and leads to the page without the token', async () => {
    const visit = await t.app.inject({ method: 'GET', url: `/sandbox/mail?to=someone%40example.com&token=${encodeURIComponent(TOKEN)}` });
    expect(visit.statusCode).toBe(303);
    expect(visit.headers.location).toBe('/sandbox/mail?to=someone%40example.com');
    const cookie = visit.cookies.find((candidate) => candidate.name === SANDBOX_TOOLS_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie!.value).not.toContain(TOKEN);
    for (const url of ['/sandbox/mail?to=someone%40example.com', '/sandbox/clock']) {
      const page = await t.app.inject({ method: 'GET', url, cookies: { [SANDBOX_TOOLS_COOKIE]: cookie!.value } });
      expect(page.statusCode, url).toBe(200);
    }
  });
});
