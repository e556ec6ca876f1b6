// Login CSRF (issue 13, decision 007): the API reads JSON only, and a browser request from
// another site that could change state is refused, whatever its body.
import { describe, expect, it } from 'vitest';
import { roomyRateLimits } from './fixtures/payments-flow';
import { expectContract, newDeviceId, signUp, testAppForFile, TEST_PASSWORD } from './harness';

// PUBLIC_URL is http://localhost:8080 in the test config.
const t = testAppForFile({ rateLimits: roomyRateLimits });
const SIGN_IN = '/api/v1/auth/sign-in';

async function signInWith(headers: Record<string, string>, email: string) {
  return t.app.inject({
    method: 'POST',
    url: SIGN_IN,
    headers: { 'content-type': 'application/json', ...headers },
    payload: { email, password: TEST_PASSWORD, device_id: newDeviceId() },
  });
}

describe('form bodies', () => {
  it('a form-encoded sign-in (what a cross-site auto-submitting form sends) answers 415 and sets no cookie', async () => {
    const { email } = await signUp(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: SIGN_IN,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email, password: TEST_PASSWORD, device_id: newDeviceId() }).toString(),
    });
    expectContract(response, 'POST', SIGN_IN);
    expect(response.statusCode).toBe(415);
    expect(response.cookies).toEqual([]);
  });

  it.each([
    ['multipart/form-data; boundary=b0', '--b0\r\nContent-Disposition: form-data; name="token"\r\n\r\nabc\r\n--b0--\r\n'],
    ['text/plain', '{"token":"abc"}'],
    ['application/x-www-form-urlencoded', 'token=abc'],
  ])('the sign-in link exchange refuses %s with 415', async (contentType, payload) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/payments/index', headers: { 'content-type': contentType }, payload });
    expectContract(response, 'POST', '/api/v1/payments/index');
    expect(response.statusCode).toBe(415);
  });
});

describe('where a state-changing request comes from', () => {
  it.each([
    ['another origin', { origin: 'https://evil.example' }],
    ['an opaque origin', { origin: 'null' }],
    ['another port of the same host', { origin: 'http://localhost:9999', host: 'localhost:8080' }],
    ['a cross-site fetch', { 'sec-fetch-site': 'cross-site', origin: 'http://localhost:8080' }],
    ['a same-site (sibling subdomain) fetch', { 'sec-fetch-site': 'same-site' }],
  ])('refused from %s: 403, no session', async (_name, headers) => {
    const { email } = await signUp(t.app);
    const response = await signInWith(headers, email);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ isSuccess: false, message: expect.any(String), statusCode: 403, code: 'request.crossSite' });
    expect(response.cookies).toEqual([]);
  });

  it.each([
    ['PUBLIC_URL', { origin: 'http://localhost:8080', host: 'fitstream.internal:8080' }],
    ['the host it was opened on, localhost', { origin: 'http://localhost:8080', host: 'localhost:8080' }],
    ['the host it was opened on, 127.0.0.1', { origin: 'http://127.0.0.1:8080', host: '127.0.0.1:8080' }],
    ['a same-origin page under no-referrer (Origin: null)', { origin: 'null', 'sec-fetch-site': 'same-origin' }],
    ['a client that is not a browser (no Origin)', {}],
  ])('accepted from %s', async (_name, headers) => {
    const { email } = await signUp(t.app);
    const response = await signInWith(headers, email);
    expect(response.statusCode).toBe(200);
  });

  it('refuses a cross-site refresh (it rotates the cookie) and sign-out, but serves the app to links from anywhere', async () => {
    const user = await signUp(t.app);
    const refresh = await t.app.inject({ method: 'GET', url: '/api/v1/refresh', headers: { cookie: user.cookie, 'sec-fetch-site': 'cross-site' } });
    expect(refresh.statusCode).toBe(403);
    const logout = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { cookie: user.cookie, origin: 'https://evil.example' } });
    expect(logout.statusCode).toBe(403);
    const stillSignedIn = await t.app.inject({ method: 'GET', url: '/api/v1/refresh', headers: { cookie: user.cookie, 'sec-fetch-site': 'same-origin' } });
    expect(stillSignedIn.statusCode).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: '/pricing', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(page.statusCode).not.toBe(403);
  });
});
