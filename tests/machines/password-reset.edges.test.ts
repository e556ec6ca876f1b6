// Password reset's edges: other refusals keep the form with their message, a bare 500 and no
// response read as the form's own lines, a cancelled call is silent, and a machine wired
// without its calls answers "unreachable".
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { passwordResetMachine, type ResetPasswordInput, type ResetPasswordOutput } from '../../machines/password-reset.machine';
import { noticeText } from '../../src/domain/notices';
import { cancelled, failed, unreachable } from '../../src/domain/request-outcome';
import { controlledActor, settle } from './controlled-actor';

function choosing() {
  const resetPassword = controlledActor<ResetPasswordOutput, ResetPasswordInput>();
  const actor = createActor(passwordResetMachine.provide({ actors: { resetPassword: resetPassword.logic } }), { input: { mode: 'reset', token: 'tok' } }).start();
  actor.send({ type: 'field.change', field: 'password', value: 'N3w#Secret' });
  actor.send({ type: 'field.change', field: 'cpassword', value: 'N3w#Secret' });
  actor.send({ type: 'form.submit' });
  return { actor, resetPassword };
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
});
