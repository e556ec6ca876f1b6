// Login CSRF (issue 13, decision 007): a page on another site tries to sign the visitor's
// browser into the attacker's account (auto-submitting forms, a no-cors fetch, the sign-in link
// exchange) and fails; the app itself signs in whether it is opened as 127.0.0.1 or localhost.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { test } from '../playwright-utils';
import type { BrowserContext } from '@playwright/test';
import { baseUrl, newContext, PASSWORD, registerByApi, signInThroughForm, uniqueEmail } from '../browser';

/** The attacker's site: `localhost` on its own port, another site than the app's 127.0.0.1. */
async function attackerSite(pages: Record<string, string>): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(pages[request.url ?? ''] ?? '<!doctype html><title>nothing</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { url: `http://localhost:${typeof address === 'object' && address ? address.port : 0}`, server };
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

function autoSubmittingForm(action: string, enctype: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeAttribute(name)}" value="${escapeAttribute(value)}">`)
    .join('');
  return `<!doctype html><title>Win a prize</title><form method="post" action="${action}" enctype="${enctype}">${inputs}</form><script>document.forms[0].submit()</script>`;
}

async function refreshCookies(context: BrowserContext) {
  return (await context.cookies(baseUrl)).filter((cookie) => cookie.name === 'fs_refresh');
}

test.describe('cross-site sign-in attempts', () => {
  // One attacker account and site for the file (its beforeAll), so its tests run in one worker.
  test.describe.configure({ mode: 'default' });
  let attacker: { url: string; server: Server };
  const attackerEmail = uniqueEmail('attacker');
  let nftoken = '';

  test.beforeAll(async ({ browser }) => {
    const setup = await newContext(browser);
    const setupPage = await setup.newPage();
    const { token } = await registerByApi(setupPage, attackerEmail);
    const link = await setupPage.request.post('/api/v1/auth/link-token', { headers: { authorization: `FitStream ${token}` } });
    nftoken = ((await link.json()) as { nftoken: string }).nftoken;
    await setup.close();
    const signIn = `${baseUrl}/api/v1/auth/sign-in`;
    const credentials = { email: attackerEmail, password: PASSWORD, device_id: 'attacker-device-1' };
    const json = JSON.stringify(credentials);
    attacker = await attackerSite({
      '/form': autoSubmittingForm(signIn, 'application/x-www-form-urlencoded', credentials),
      // text/plain makes `name=value` read as JSON: {"email":…,"pad":"="}
      '/json-form': autoSubmittingForm(signIn, 'text/plain', { [`${json.slice(0, -1)},"pad":"`]: '"}' }),
      '/exchange': autoSubmittingForm(`${baseUrl}/api/v1/payments/index`, 'application/x-www-form-urlencoded', { token: nftoken }),
      // The response is unreadable either way (no CORS; CORP blocks it): what counts is whether
      // the server signed anybody in.
      '/fetch': `<!doctype html><title>Win a prize</title><script>
        window.attempt = fetch(${JSON.stringify(signIn)}, { method: 'POST', mode: 'no-cors', credentials: 'include',
          body: new URLSearchParams(${JSON.stringify(credentials)}) }).then(() => 'done', () => 'done');
      </script>`,
    });
  });
  test.afterAll(async () => {
    attacker.server.close();
  });

  for (const [name, page, target] of [
    ['an auto-submitting form', '/form', '/api/v1/auth/sign-in'],
    ['an auto-submitting text/plain form shaped as JSON', '/json-form', '/api/v1/auth/sign-in'],
    ['an auto-submitting form to the sign-in link exchange', '/exchange', '/api/v1/payments/index'],
  ] as const) {
    test(`${name} is refused and leaves the browser signed out`, async ({ browser }) => {
      const context = await newContext(browser);
      const tab = await context.newPage();
      const answered = tab.waitForResponse((response) => new URL(response.url()).pathname === target);
      await tab.goto(`${attacker.url}${page}`);
      const response = await answered;
      assert.equal(response.status(), 403);
      assert.deepEqual(await refreshCookies(context), []);
      // And the app, opened afterwards, is not signed in as anybody.
      await tab.goto('/billing');
      await tab.waitForURL((url) => url.pathname === '/login');
      await context.close();
    });
  }

  test('a no-cors fetch with a form body signs nobody in', async ({ browser }) => {
    // The attacker's own session on the device the attack names: a sign-in there would end it.
    const probe = await newContext(browser);
    const probePage = await probe.newPage();
    const probeSignIn = await probePage.request.post('/api/v1/auth/sign-in', { data: { email: attackerEmail, password: PASSWORD, device_id: 'attacker-device-1' } });
    assert.equal(probeSignIn.status(), 200);
    const context = await newContext(browser);
    const tab = await context.newPage();
    const sent = tab.waitForRequest((request) => new URL(request.url()).pathname === '/api/v1/auth/sign-in');
    await tab.goto(`${attacker.url}/fetch`);
    await sent;
    assert.equal(await tab.evaluate(() => (window as unknown as { attempt: Promise<string> }).attempt), 'done');
    assert.deepEqual(await refreshCookies(context), []);
    assert.equal((await probePage.request.get('/api/v1/refresh')).status(), 200);
    await context.close();
    await probe.close();
  });

  test('the app itself signs in when opened as localhost as well as 127.0.0.1', async ({ browser }) => {
    const port = new URL(baseUrl).port;
    for (const host of ['localhost', '127.0.0.1']) {
      const context = await newContext(browser, { server: `http://${host}:${port}` });
      const tab = await context.newPage();
      await signInThroughForm(tab, attackerEmail);
      await tab.waitForURL((url) => url.pathname === '/home');
      assert.equal(new URL(tab.url()).hostname, host);
      await context.close();
    }
  });
});
