// Password reset's edges: other refusals keep the form with their message, a bare 500 and no
// response read as the form's own lines, a cancelled call is silent, and a machine wired
// without its calls answers "unreachable"; the blank forms, the busy look while the password is
// saved, a crashing save, which refusals show the server's own text, and a new link request
// that takes the old banner away.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  passwordResetMachine,
  type RequestLinkInput,
  type RequestLinkOutput,
  type ResetPasswordInput,
  type ResetPasswordOutput,
} from '@machines/password-reset.machine';
import { noticeText } from '@domain/notices';
import { cancelled, failed, unreachable, type Outcome } from '@domain/request-outcome';
import { controlledActor, settle } from './controlled-actor';

function choosing() {
  const resetPassword = controlledActor<ResetPasswordOutput, ResetPasswordInput>();
  const actor = createActor(passwordResetMachine.provide({ actors: { resetPassword: resetPassword.logic } }), { input: { mode: 'reset', token: 'tok' } }).start();
  actor.send({ type: 'field.change', field: 'password', value: 'N3w#Secret' });
  actor.send({ type: 'field.change', field: 'cpassword', value: 'N3w#Secret' });
  actor.send({ type: 'form.submit' });
  return { actor, resetPassword };
}

function asking() {
  const requestLink = controlledActor<RequestLinkOutput, RequestLinkInput>();
  const actor = createActor(passwordResetMachine.provide({ actors: { requestLink: requestLink.logic } }), { input: { mode: 'forgot' } }).start();
  actor.send({ type: 'field.change', field: 'email', value: 'ana@example.com' });
  actor.send({ type: 'form.submit' });
  return { actor, requestLink };
}

describe('password-reset machine: edges', () => {
  it('a rule refusal from the server (not the link) stays on the form with its message', async () => {
    const { actor, resetPassword } = choosing();
    resetPassword.last.resolve(failed(400, { isSuccess: false, message: 'Your password must contain…', statusCode: 400, code: 'validation.password.invalid' }));
    await settle();
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Your password must contain…');
  });

  it('a 500 and no response read as the form lines; a new submit clears the banner', async () => {
    const { actor, resetPassword } = choosing();
    resetPassword.last.resolve(failed(500));
    await settle();
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('We could not change the password. Please try again.');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.notice).toBeNull();
    resetPassword.last.resolve(unreachable);
    await settle();
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Could not reach FitStream. Please try again.');
  });

  it('a cancelled call is silent', async () => {
    const { actor, resetPassword } = choosing();
    resetPassword.last.resolve(cancelled);
    await settle();
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('without its calls provided, the request answers unreachable', async () => {
    const actor = createActor(passwordResetMachine, { input: { mode: 'forgot' } }).start();
    actor.send({ type: 'field.change', field: 'email', value: 'ana@example.com' });
    actor.send({ type: 'form.submit' });
    await settle();
    expect(actor.getSnapshot().value).toBe('asking');
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Could not reach FitStream. Please try again.');
  });

  it('opens both forms blank', () => {
    for (const input of [{ mode: 'forgot' } as const, { mode: 'reset', token: 'tok' } as const]) {
      const actor = createActor(passwordResetMachine, { input }).start();
      expect(actor.getSnapshot().context.values).toEqual({ email: '', password: '', cpassword: '' });
    }
  });

  it('looks busy while the new password is saved, and not after a crash, which reads as no response', async () => {
    const { actor, resetPassword } = choosing();
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    resetPassword.last.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Could not reach FitStream. Please try again.');
  });

  it.each<[string, Outcome<never>]>([
    ['a 500 with a message', failed(500, { message: 'Internal error.' })],
    ['a 409 with a message', failed(409, { message: 'Conflict.' })],
    ['a 400 without a message', failed(400)],
  ])("%s reads as the form's own line, not the server's text", async (_, outcome) => {
    const { actor, resetPassword } = choosing();
    resetPassword.last.resolve(outcome);
    await settle();
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('We could not change the password. Please try again.');
  });

  it('a cancelled link request returns to the form quietly, and can be sent again', async () => {
    const { actor, requestLink } = asking();
    requestLink.last.resolve(cancelled);
    await settle();
    expect(actor.getSnapshot().value).toBe('asking');
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(actor.getSnapshot().context.notice).toBeNull();
    actor.send({ type: 'form.submit' });
    expect(requestLink.calls).toHaveLength(2);
  });

  it('asking for the link again takes the old banner away while it is sent', async () => {
    const { actor, requestLink } = asking();
    requestLink.last.resolve(failed(500));
    await settle();
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('We could not send the link. Please try again.');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('sending');
    expect(actor.getSnapshot().context.notice).toBeNull();
  });
});
