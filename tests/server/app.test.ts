// The app as a whole: request bodies the server takes or refuses, and a failure it did not
// expect, answered without revealing anything.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectContract, newDeviceId, signUp, type TestApp } from './harness';

describe('request bodies and failures', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('takes an empty JSON body as no body on endpoints that have none', async () => {
    const user = await signUp(t.app);
    const headers = { 'content-type': 'application/json', authorization: `FitStream ${user.token}` };
    const link = await t.app.inject({ method: 'POST', url: '/api/v1/auth/link-token', headers, payload: '' });
    expectContract(link, 'POST', '/api/v1/auth/link-token');
    expect(link.statusCode).toBe(201);
    const logout = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers, payload: '' });
    expect(logout.statusCode).toBe(200);
  });

  it('answers an unexpected failure with a generic 500 that reveals nothing', async () => {
    const user = await signUp(t.app);
    await t.app.db.execute(sql`drop table refresh_tokens`);
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { email: user.email, password: user.password, device_id: newDeviceId() } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ isSuccess: false, message: 'Something went wrong on our side. Please try again later.', statusCode: 500, code: 'server.failed' });
    expect(response.body).not.toMatch(/refresh_tokens|stack|at /);
  });
});
