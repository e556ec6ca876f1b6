// The per-account sign-in limit at its boundary (issue 22, item 9b; docs/decisions/008): with the
// default settings, exactly 10 free attempts, then a wait of 1 s before the 11th, then 2 s.
import { describe, expect, it } from 'vitest';
import { defaultRateLimits } from '@server/config';
import { expectContract, newDeviceId, signUp, testAppForFile } from '../harness';

const roomy = { points: 10_000, duration: 3600 };
const t = testAppForFile({ rateLimits: { ...defaultRateLimits, signUpPerIp: roomy, signInPerIp: roomy } });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function attempt(email: string, password: string, language = 'en') {
  const url = '/api/v1/auth/sign-in';
  const response = await t.app.inject({ method: 'POST', url, headers: { 'accept-language': language }, payload: { email, password, device_id: newDeviceId() } });
  expectContract(response, 'POST', url);
  return response;
}

describe('sign-in attempts per account', { timeout: 120_000 }, () => {
  it('lets exactly 10 wrong passwords through, refuses the 11th until a 1 s wait ends, then waits 2 s', async () => {
    expect(defaultRateLimits.signInPerAccount.points).toBe(10);
    const user = await signUp(t.app);
    for (let i = 1; i <= 10; i += 1) expect((await attempt(user.email, 'Wrong#Pass1')).statusCode, `attempt ${i}`).toBe(401);

    const eleventh = await attempt(user.email, user.password);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.headers['retry-after']).toBe('1');
    expect(eleventh.json()).toMatchObject({ isSuccess: false, statusCode: 429, code: 'auth.tooManyAttempts' });
    const spanish = await attempt(user.email, user.password, 'es');
    expect(spanish.statusCode).toBe(429);
    expect(spanish.json().message).not.toBe(eleventh.json().message);

    await sleep(1_100);
    expect((await attempt(user.email, 'Wrong#Pass1')).statusCode).toBe(401);
    const next = await attempt(user.email, user.password);
    expect(next.statusCode).toBe(429);
    expect(next.headers['retry-after']).toBe('2');
    await sleep(2_100);
    expect((await attempt(user.email, user.password)).statusCode).toBe(200);
  });
});
