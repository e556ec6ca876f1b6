// What the security tests share: a signed-in call checked against the contract, asking for a
// reset link as a visitor would, minting a one-time sign-in link, and using either.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { defaultRateLimits } from '@server/config';
import { expectContract, newDeviceId, type SignedUpUser } from '../harness';

const roomy = { points: 10_000, duration: 3600 };
/** These tests try many tokens and sign up many accounts; the limits are not what they test. */
export const roomyLimits = {
  ...defaultRateLimits,
  signUpPerIp: roomy,
  signInPerIp: roomy,
  exchangePerIp: roomy,
  forgotPasswordPerIp: roomy,
  forgotPasswordPerAddress: roomy,
  resetPasswordPerIp: roomy,
};

export const NEW_PASSWORD = 'N3w#Secret';

export async function call(
  app: FastifyInstance,
  user: Pick<SignedUpUser, 'token'>,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  language = 'en',
): Promise<LightMyRequestResponse> {
  const response = await app.inject({
    method,
    url,
    headers: { authorization: `FitStream ${user.token}`, 'accept-language': language },
    ...(payload ? { payload } : {}),
  });
  expectContract(response, method, url);
  return response;
}

/** Asks for a reset link for `email` and waits until its email is queued. */
export async function forgotPassword(app: FastifyInstance, email: string): Promise<void> {
  const response = await app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email } });
  expect(response.statusCode).toBe(200);
  await app.mail.queued();
}

/** Sets a new password with a reset token, as the reset page does. */
export async function resetPassword(app: FastifyInstance, token: string, language = 'en'): Promise<LightMyRequestResponse> {
  const url = '/api/v1/auth/reset-password';
  const response = await app.inject({
    method: 'POST',
    url,
    headers: { 'accept-language': language },
    payload: { token, password: NEW_PASSWORD, cpassword: NEW_PASSWORD, device_id: newDeviceId() },
  });
  expectContract(response, 'POST', url);
  return response;
}

/** A one-time sign-in link's token, minted by the signed-in `user`. */
export async function mintLink(app: FastifyInstance, user: Pick<SignedUpUser, 'token'>): Promise<string> {
  const response = await call(app, user, 'POST', '/api/v1/auth/link-token');
  expect(response.statusCode).toBe(201);
  return response.json<{ nftoken: string }>().nftoken;
}

/** Exchanges a one-time link's token for a sign-in, as the app does when the link opens. */
export async function exchangeLink(app: FastifyInstance, token: string, language = 'en'): Promise<LightMyRequestResponse> {
  const url = '/api/v1/payments/index';
  const response = await app.inject({ method: 'POST', url, headers: { 'accept-language': language }, payload: { token, device_id: newDeviceId() } });
  expectContract(response, 'POST', url);
  return response;
}
