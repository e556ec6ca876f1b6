// What the black-box fuzz of issue 13 found, one test each: input that used to answer 500 or a
// body outside the contract's error shape. The fuzz suite (tests/server/fuzz.test.ts) keeps
// looking; these pin each finding down.
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '@server/db/schema';
import { authorization, roomyRateLimits } from './fixtures/payments-flow';
import { sendRaw } from './fixtures/raw-http';
import { expectContract, multipart, newDeviceId, PNG, signUp, testAppForFile, type SignedUpUser } from './harness';

const t = testAppForFile({ rateLimits: roomyRateLimits });
let user: SignedUpUser;
beforeAll(async () => {
  user = await signUp(t.app);
});

function expectErrorShape(response: { statusCode: number; body: string; headers: Record<string, unknown> }, status: number): void {
  expect(response.statusCode).toBe(status);
  expect(String(response.headers['content-type'])).toMatch(/^application\/json/);
  expect(JSON.parse(response.body)).toEqual({ isSuccess: false, message: expect.any(String), statusCode: status, code: expect.any(String) });
  expect(response.body).not.toMatch(/FST_|stack|Failed query/);
}

describe('NUL in text is refused by the contract before any query', () => {
  const nul = 'a\u0000b';
  const cases: Array<[string, string, () => Record<string, unknown>]> = [
    ['sign-in email', '/api/v1/auth/sign-in', () => ({ email: `x${nul}@example.com`, password: 'Str0ng#Pass', device_id: newDeviceId() })],
    ['subscribe plan', '/api/v1/payments/subscribe', () => ({ plan: nul })],
    ['confirm checkout id', '/api/v1/payments/subscription-current', () => ({ customer: nul })],
    ['cancel subscription id', '/api/v1/payments/subscription-cancel', () => ({ subscription_id: nul })],
    ['reactivate subscription id', '/api/v1/payments/subscription-reactivate', () => ({ subscription_id: nul })],
    ['pause subscription id', '/api/v1/payments/subscription-pause', () => ({ subscription_id: nul, months: 1 })],
    ['resume subscription id', '/api/v1/payments/subscription-resume', () => ({ subscription_id: nul })],
    ['sign-in link token', '/api/v1/payments/index', () => ({ token: nul })],
  ];
  it.each(cases)('%s', async (_name, url, body) => {
    const response = await t.app.inject({ method: 'POST', url, headers: authorization(user), payload: body() });
    expectContract(response, 'POST', url);
    expectErrorShape(response, 400);
    expect(response.json<{ message: string }>().message).toMatch(/has an invalid format/);
  });

  it('a lone surrogate (not encodable as UTF-8) is refused the same way', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/subscribe',
      headers: { ...authorization(user), 'content-type': 'application/json' },
      payload: '{"plan":"basic\\ud800"}',
    });
    expectErrorShape(response, 400);
    expect(response.json<{ message: string }>().message).toMatch(/^plan: has an invalid format/);
  });

  it('GET /sandbox/checkout/%00 shows the unavailable page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sandbox/checkout/%00' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });
});

describe('prototype keys in a JSON body', () => {
  it('sign-up, sign-in and details read their own fields and ignore `constructor` and `toString`', async () => {
    const email = `proto-${Date.now()}@example.com`;
    const signUpBody = `{"constructor":1,"toString":"x","email":"${email}","password":"Str0ng#Pass","cpassword":"Str0ng#Pass","device_id":"${newDeviceId()}","country":"US"}`;
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-up', headers: { 'content-type': 'application/json' }, payload: signUpBody });
    expect(created.statusCode).toBe(201);
    const signInBody = `{"toString":{},"valueOf":1,"email":"${email}","password":"Str0ng#Pass","device_id":"${newDeviceId()}"}`;
    const signedIn = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', headers: { 'content-type': 'application/json' }, payload: signInBody });
    expect(signedIn.statusCode).toBe(200);
    const details = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/details',
      headers: { ...authorization(user), 'content-type': 'application/json' },
      payload: '{"constructor":{"prototype":{}},"hasOwnProperty":1,"name":"Ana"}',
    });
    expect(details.statusCode).toBe(200);
  });

  it('a broken rule is still named when prototype keys come along', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: `{"constructor":1,"email":" ","password":"x","device_id":"${newDeviceId()}"}`,
    });
    expectErrorShape(response, 400);
  });
});

describe('malformed multipart uploads answer 400', () => {
  const head = (boundary: string, eol: string) =>
    `--${boundary}${eol}Content-Disposition: form-data; name="fileToUpload"; filename="me.png"${eol}Content-Type: image/png${eol}${eol}`;
  const cases: Array<[string, string, Buffer]> = [
    ['no boundary', 'multipart/form-data', Buffer.concat([Buffer.from(head('b0', '\r\n')), PNG, Buffer.from('\r\n--b0--\r\n')])],
    ['a wrong boundary', 'multipart/form-data; boundary=other', Buffer.concat([Buffer.from(head('b0', '\r\n')), PNG, Buffer.from('\r\n--b0--\r\n')])],
    ['a truncated body', 'multipart/form-data; boundary=b0', Buffer.concat([Buffer.from(head('b0', '\r\n')), PNG.subarray(0, 20)])],
    ['LF-only line ends', 'multipart/form-data; boundary=b0', Buffer.concat([Buffer.from(head('b0', '\n')), PNG, Buffer.from('\n--b0--\n')])],
  ];
  it.each(cases)('%s', async (_name, contentType, payload) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: { ...authorization(user), 'content-type': contentType },
      payload,
    });
    expectContract(response, 'POST', '/api/v1/uploads');
    expectErrorShape(response, 400);
  });

  it('two files in one upload: 413, and neither is stored', async () => {
    const file = (name: string) => `--b0\r\nContent-Disposition: form-data; name="fileToUpload"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`;
    const payload = Buffer.concat([Buffer.from(file('a.png')), PNG, Buffer.from('\r\n'), Buffer.from(file('b.png')), PNG, Buffer.from('\r\n--b0--\r\n')]);
    const before = await t.app.db.select().from(uploads);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: { ...authorization(user), 'content-type': 'multipart/form-data; boundary=b0' },
      payload,
    });
    expectErrorShape(response, 413);
    expect(await t.app.db.select().from(uploads)).toEqual(before);
  });

  it('a well-formed upload still works', async () => {
    const body = multipart('fileToUpload', 'me.png', 'image/png', PNG);
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/uploads', headers: { ...body.headers, ...authorization(user) }, payload: body.payload });
    expect(response.statusCode).toBe(201);
  });
});

describe('validly signed tokens with claims the server cannot use', () => {
  // Each token names a well-formed profile (`pid`, `own`: decision 064), so only the claim under test is wrong.
  const someProfile = { pid: '00000000-0000-4000-8000-000000000001', own: true };
  const sign = (claims: { sub: string; sid: string; pid?: string; own?: boolean }, expires: boolean) => {
    const jwt = new SignJWT({ sid: claims.sid, email: 'someone@example.com', pid: claims.pid ?? someProfile.pid, own: claims.own ?? someProfile.own })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuedAt();
    return (expires ? jwt.setExpirationTime('10m') : jwt).sign(new TextEncoder().encode(t.config.jwtSecret));
  };
  const idsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string; sid: string; pid: string; own: boolean };

  it.each([
    ['a session id that is not a UUID', { sub: '00000000-0000-4000-8000-000000000000', sid: 'not-a-uuid' }],
    ['a user id that is not a UUID', { sub: "1' or '1'='1", sid: '00000000-0000-4000-8000-000000000000' }],
  ])('%s: 401 for a signed-in call, and logout still answers success', async (_name, claims) => {
    const token = await sign(claims, true);
    for (const scheme of ['FitStream', 'Bearer']) {
      const home = await t.app.inject({ method: 'POST', url: '/api/v1/payments/home', headers: { authorization: `${scheme} ${token}` } });
      expectErrorShape(home, 401);
    }
    const logout = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { authorization: `Bearer ${token}` } });
    expect(logout.statusCode).toBe(200);
  });

  it('a token without an expiry is refused, even for a live session', async () => {
    const forever = await sign(idsOf(user.token), false);
    const home = await t.app.inject({ method: 'POST', url: '/api/v1/payments/home', headers: { authorization: `FitStream ${forever}` } });
    expectErrorShape(home, 401);
    const same = await sign(idsOf(user.token), true);
    const ok = await t.app.inject({ method: 'POST', url: '/api/v1/payments/home', headers: { authorization: `FitStream ${same}` } });
    expect(ok.statusCode).toBe(200);
  });
});

describe("the framework's own errors answer in the contract's shape", () => {
  it('a bad percent-encoding in the path: 400', async () => {
    expectErrorShape(await t.app.inject({ method: 'GET', url: '/api/v1/%E0%A4%A' }), 400);
  });

  it('an over-long path parameter: 414', async () => {
    expectErrorShape(await t.app.inject({ method: 'POST', url: `/sandbox/checkout/${'a'.repeat(500)}`, payload: {} }), 414);
  });

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('a request line that is not HTTP: 400', async () => {
    expectErrorShape(await sendRaw(t.app, 'HELLO THERE\r\n\r\n'), 400);
  });

  it('a header line without a colon: 400', async () => {
    expectErrorShape(await sendRaw(t.app, 'GET / HTTP/1.1\r\nHost: x\r\nbroken header\r\n\r\n'), 400);
  });

  it('headers over the size limit: 431', async () => {
    expectErrorShape(await sendRaw(t.app, `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`), 431);
  });
});

describe('answers that carry credentials', () => {
  it('GET /api/v1/refresh is never cached', async () => {
    const fresh = await signUp(t.app);
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/refresh', headers: { cookie: fresh.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
