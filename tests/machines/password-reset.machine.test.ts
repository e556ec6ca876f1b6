// The password-reset machine: asking for a link (the email trimmed, the rules first, "sent"
// whatever the address) and choosing the new password (the rules, the token sent, the session
// told on success and taken to /home, a refused link shown as such).
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  passwordResetMachine,
  type RequestLinkInput,
  type RequestLinkOutput,
  type ResetPasswordInput,
  type ResetPasswordOutput,
} from '@machines/password-reset.machine';
import { noticeText } from '@domain/notices';
import { failed, ok } from '@domain/request-outcome';
import { controlledActor, settle } from './controlled-actor';

const user = { email: 'ana@example.com', token: 'jwt', profile: null };

function start(input: { mode: 'forgot' } | { mode: 'reset'; token: string | null }) {
  const requestLink = controlledActor<RequestLinkOutput, RequestLinkInput>();
  const resetPassword = controlledActor<ResetPasswordOutput, ResetPasswordInput>();
  const tellSession = vi.fn();
  const actor = createActor(
    passwordResetMachine.provide({ actors: { requestLink: requestLink.logic, resetPassword: resetPassword.logic }, actions: { tellSession } }),
    { input },
  ).start();
  return { actor, requestLink, resetPassword, tellSession };
}

describe('password-reset machine: asking for the link', () => {
  it('checks the address by the rules before sending anything', () => {
    const { actor, requestLink } = start({ mode: 'forgot' });
    expect(actor.getSnapshot().value).toBe('asking');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ email: 'emailInvalid' });
    actor.send({ type: 'field.change', field: 'email', value: 'not-an-email' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('asking');
    expect(requestLink.calls).toHaveLength(0);
  });

  it('sends the trimmed address and says "sent"; another link can be asked for', async () => {
    const { actor, requestLink } = start({ mode: 'forgot' });
    actor.send({ type: 'field.change', field: 'email', value: '  ana@example.com ' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(requestLink.last.input).toEqual({ email: 'ana@example.com' });
    requestLink.last.resolve(ok({ message: 'If an account exists…' }));
    await settle();
    expect(actor.getSnapshot().value).toBe('sent');
    actor.send({ type: 'link.again' });
    expect(actor.getSnapshot().value).toBe('asking');
    expect(actor.getSnapshot().context.values.email).toBe('  ana@example.com ');
  });

  it('shows the server message of a 429 and stays on the form', async () => {
    const { actor, requestLink } = start({ mode: 'forgot' });
    actor.send({ type: 'field.change', field: 'email', value: 'ana@example.com' });
    actor.send({ type: 'form.submit' });
    requestLink.last.resolve(failed(429, { isSuccess: false, message: 'Too many attempts.', statusCode: 429 }));
    await settle();
    expect(actor.getSnapshot().value).toBe('asking');
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Too many attempts.');
  });
});

describe('password-reset machine: choosing the new password', () => {
  it('checks the password rules, sends the token, and signs in to /home', async () => {
    const { actor, resetPassword, tellSession } = start({ mode: 'reset', token: 'tok' });
    expect(actor.getSnapshot().value).toBe('choosing');
    actor.send({ type: 'field.change', field: 'password', value: 'weak' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ password: 'passwordInvalid', cpassword: 'passwordMismatch' });
    actor.send({ type: 'field.change', field: 'password', value: 'N3w#Secret' });
    actor.send({ type: 'field.change', field: 'cpassword', value: 'N3w#Secret' });
    actor.send({ type: 'form.submit' });
    expect(resetPassword.last.input).toEqual({ token: 'tok', password: 'N3w#Secret', cpassword: 'N3w#Secret' });
    resetPassword.last.resolve(ok(user));
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(tellSession).toHaveBeenCalledWith(expect.anything(), { user, remember: false, to: '/home' });
  });

  it('a used or expired link leads to "ask for a new one"', async () => {
    const { actor, resetPassword, tellSession } = start({ mode: 'reset', token: 'tok' });
    actor.send({ type: 'field.change', field: 'password', value: 'N3w#Secret' });
    actor.send({ type: 'field.change', field: 'cpassword', value: 'N3w#Secret' });
    actor.send({ type: 'form.submit' });
    resetPassword.last.resolve(failed(400, { isSuccess: false, message: 'Expired.', statusCode: 400, code: 'auth.resetLinkInvalid' }));
    await settle();
    expect(actor.getSnapshot().value).toBe('linkInvalid');
    expect(tellSession).not.toHaveBeenCalled();
  });

  it('a link without a token is broken from the start', () => {
    expect(start({ mode: 'reset', token: null }).actor.getSnapshot().value).toBe('linkInvalid');
    expect(start({ mode: 'reset', token: '' }).actor.getSnapshot().value).toBe('linkInvalid');
  });
});
