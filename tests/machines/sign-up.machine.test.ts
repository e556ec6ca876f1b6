// Sign-up machine (/register): the landing page's email prefilled, the password rules, success
// tells the session to go to /details, and every failure with the exact text the user reads.
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { signUpMachine, type SignUpInput, type SignUpOutput } from '@machines/sign-up.machine';
import { noticeText } from '@domain/notices';
import type { Outcome } from '@domain/request-outcome';
import { controlledActor, settle } from './controlled-actor';

const user = { email: 'ana@example.com', token: 'jwt', profile: null };
const refused = (status: number, message = `server says ${status}`): Outcome<never> => ({
  kind: 'failed',
  status,
  body: { isSuccess: false, message, statusCode: status },
});

function signUp(country?: string) {
  const api = controlledActor<SignUpOutput, SignUpInput>();
  const tellSession = vi.fn();
  const actor = createActor(signUpMachine.provide({ actors: { signUp: api.logic }, actions: { tellSession } }), {
    input: { email: 'ana@example.com', ...(country ? { country } : {}) },
  }).start();
  return { actor, api, tellSession };
}

function fillSignUp(actor: ReturnType<typeof signUp>['actor']) {
  actor.send({ type: 'field.change', field: 'password', value: 'Secret#123' });
  actor.send({ type: 'field.change', field: 'cpassword', value: 'Secret#123' });
}

describe('sign-up machine', () => {
  it('starts with US and the email from the landing page', () => {
    const { actor } = signUp();
    expect(actor.getSnapshot().context.values).toMatchObject({ country: 'US', email: 'ana@example.com' });
  });

  it("starts with the country suggested from the browser's languages, and sends it", async () => {
    const { actor, api } = signUp('ES');
    expect(actor.getSnapshot().context.values.country).toBe('ES');
    fillSignUp(actor);
    actor.send({ type: 'form.submit' });
    expect(api.last.input).toMatchObject({ country: 'ES' });
  });

  it('blocks weak and mismatched passwords with the rule messages', () => {
    const { actor, api } = signUp();
    actor.send({ type: 'field.change', field: 'password', value: 'short' });
    actor.send({ type: 'field.change', field: 'cpassword', value: 'other' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ password: 'passwordInvalid', cpassword: 'passwordMismatch' });
    expect(api.calls).toHaveLength(0);
    actor.send({ type: 'field.change', field: 'cpassword', value: 'short' });
    expect(actor.getSnapshot().context.errors).toEqual({ password: 'passwordInvalid' });
  });

  it('sends the four fields and tells the session to go to /details', async () => {
    const { actor, api, tellSession } = signUp();
    fillSignUp(actor);
    actor.send({ type: 'form.submit' });
    expect(api.last.input).toEqual({ country: 'US', email: 'ana@example.com', password: 'Secret#123', cpassword: 'Secret#123' });
    api.last.resolve({ kind: 'ok', data: user });
    await settle();
    expect(tellSession).toHaveBeenCalledWith(expect.anything(), { user, remember: false, to: '/details' });
    expect(actor.getSnapshot().status).toBe('done');
  });

  const cases: [string, Outcome<never>, string][] = [
    ['409 (email taken)', refused(409, 'An account with this email already exists.'), 'An account with this email already exists.'],
    ['400', refused(400, 'password is too weak'), 'password is too weak'],
    ['502', refused(502), 'Register Failed...'],
    ['no response', { kind: 'unreachable' }, 'Failed to Register. Try Again...'],
  ];
  for (const [name, outcome, text] of cases) {
    it(`shows "${text}" for ${name}`, async () => {
      const { actor, api } = signUp();
      fillSignUp(actor);
      actor.send({ type: 'form.submit' });
      api.last.resolve(outcome);
      await settle();
      expect(noticeText(actor.getSnapshot().context.notice)).toBe(text);
      expect(actor.getSnapshot().context.scrollToTop).toBe(1);
    });
  }
});
