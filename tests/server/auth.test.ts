// Sign-up and sign-in: the answers a client sees for good and bad input, duplicates, wrong
// credentials. Rate limits: rate-limits.test.ts.
import { describe, expect, it } from 'vitest';
import { ruleMessages } from '../../src/domain/account-rules';
import { expectContract, newDeviceId, refreshCookie, signUp, TEST_PASSWORD, testAppForFile } from './harness';

const SIGN_UP = '/api/v1/auth/sign-up';
const SIGN_IN = '/api/v1/auth/sign-in';

const t = testAppForFile();

function form(overrides: Record<string, unknown> = {}) {
  return { email: `new-${Math.random().toString(36).slice(2)}@example.com`, password: TEST_PASSWORD, cpassword: TEST_PASSWORD, device_id: newDeviceId(), country: 'ES', ...overrides };
}

async function postSignUp(payload: unknown) {
  const response = await t.app.inject({ method: 'POST', url: SIGN_UP, payload: payload as object });
  expectContract(response, 'POST', SIGN_UP);
  return response;
}

describe('sign-up', () => {
  it('creates the account, answers a token and sets the refresh cookie', async () => {
    const response = await postSignUp(form({ email: '  Mixed.Case@Example.COM ' }));
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ isSuccess: true, email: 'mixed.case@example.com' });
    expect(body.token.split('.')).toHaveLength(3);
    const cookie = response.cookies.find((c) => c.name === 'fs_refresh');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1', maxAge: 30 * 24 * 3600 });
    expect(cookie?.secure).toBeFalsy();
  });

  it.each([
    ['an invalid email', { email: 'not-an-email' }, ruleMessages.emailInvalid.defaultMessage],
    ['a password without a symbol', { password: 'Abcdefg1', cpassword: 'Abcdefg1' }, ruleMessages.passwordInvalid.defaultMessage],
    ['a password that is too short', { password: 'Ab1#', cpassword: 'Ab1#' }, ruleMessages.passwordInvalid.defaultMessage],
    ['a password longer than 24', { password: 'Abcdefgh1#abcdefghijklmno', cpassword: 'Abcdefgh1#abcdefghijklmno' }, ruleMessages.passwordInvalid.defaultMessage],
    ['a confirmation that differs', { cpassword: 'Other#Pass1' }, ruleMessages.passwordMismatch.defaultMessage],
    ['a lower-case country', { country: 'es' }, 'country: has an invalid format.'],
    ['a short device id', { device_id: 'abc' }, 'device_id: must be at least 9 characters long.'],
    ['an email that is a number', { email: 12345 }, 'email: must be a string.'],
    ['a password that is null', { password: null }, 'password: must be a string.'],
  ])('refuses %s with a message naming the problem', async (_label, overrides, message) => {
    const response = await postSignUp(form(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ isSuccess: false, message, statusCode: 400 });
  });

  it('names a missing field', async () => {
    const { device_id: _omitted, ...rest } = form();
    const response = await postSignUp(rest);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('device_id: is required.');
  });

  it('refuses an address that already has an account, whatever its case', async () => {
    const user = await signUp(t.app);
    const response = await postSignUp(form({ email: ` ${user.email.toUpperCase()}` }));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('An account with this email already exists.');
  });

  it('answers 400 to malformed JSON and to a missing body', async () => {
    const malformed = await t.app.inject({ method: 'POST', url: SIGN_UP, headers: { 'content-type': 'application/json' }, payload: '{"email": ' });
    expectContract(malformed, 'POST', SIGN_UP);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('The request body is not valid JSON.');
    const empty = await t.app.inject({ method: 'POST', url: SIGN_UP, headers: { 'content-type': 'application/json' }, payload: '' });
    expectContract(empty, 'POST', SIGN_UP);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The request body must be a JSON object.');
  });

  it('answers 413 to a body over 1 MiB', async () => {
    const response = await postSignUp(form({ email: 'x'.repeat(1.1 * 1024 * 1024) }));
    expectContract(response, 'POST', SIGN_UP);
    expect(response.statusCode).toBe(413);
  });

  it('answers 415 to a content type it does not take', async () => {
    const response = await t.app.inject({ method: 'POST', url: SIGN_UP, headers: { 'content-type': 'text/plain' }, payload: 'hello' });
    expectContract(response, 'POST', SIGN_UP);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ isSuccess: false, statusCode: 415 });
  });
});

describe('sign-in', () => {
  it('signs in with the email in any case and sets a fresh refresh cookie', async () => {
    const user = await signUp(t.app);
    const response = await t.app.inject({ method: 'POST', url: SIGN_IN, payload: { email: user.email.toUpperCase(), password: user.password, device_id: newDeviceId(), country: 'US' } });
    expectContract(response, 'POST', SIGN_IN);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ isSuccess: true, email: user.email });
    expect(refreshCookie(response)).not.toBe(user.cookie);
  });

  it('gives the same answer to a wrong password and to an unknown email', async () => {
    const user = await signUp(t.app);
    const wrong = await t.app.inject({ method: 'POST', url: SIGN_IN, payload: { email: user.email, password: 'Wrong#Pass1', device_id: newDeviceId() } });
    const unknown = await t.app.inject({ method: 'POST', url: SIGN_IN, payload: { email: 'nobody@example.com', password: 'Wrong#Pass1', device_id: newDeviceId() } });
    for (const response of [wrong, unknown]) {
      expectContract(response, 'POST', SIGN_IN);
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('Incorrect email or password.');
      expect(refreshCookie(response)).toBeNull();
    }
  });

  it.each([
    ['a blank email', { email: '   ', password: 'x' }, ruleMessages.emailRequired.defaultMessage],
    ['an empty email', { email: '', password: 'x' }, ruleMessages.emailRequired.defaultMessage],
    ['an empty password', { email: 'ana@example.com', password: '' }, ruleMessages.passwordRequired.defaultMessage],
  ])('answers the rule message to %s', async (_case, fields, message) => {
    const response = await t.app.inject({ method: 'POST', url: SIGN_IN, payload: { ...fields, device_id: newDeviceId() } });
    expectContract(response, 'POST', SIGN_IN);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});
