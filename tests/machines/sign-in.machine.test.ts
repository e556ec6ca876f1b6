// Sign-in machine (/login): rules block submit, errors clear on input, the busy state, success
// tells the session where to go (the remembered origin or /home), and every failure with the
// exact text the user reads (domain/notices.ts).
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { signInMachine, type SignInInput, type SignInOutput } from '@machines/sign-in.machine';
import { noticeText } from '@domain/notices';
import type { Outcome } from '@domain/request-outcome';
import { controlledActor, settle } from './controlled-actor';

const user = { email: 'ana@example.com', token: 'jwt', profile: null };
const refused = (status: number, message = `server says ${status}`): Outcome<never> => ({
  kind: 'failed',
  status,
  body: { isSuccess: false, message, statusCode: status },
});

function signIn(origin: string | null = null) {
  const api = controlledActor<SignInOutput, SignInInput>();
  const tellSession = vi.fn();
  const actor = createActor(signInMachine.provide({ actors: { signIn: api.logic }, actions: { tellSession } }), {
    input: { origin },
  }).start();
  return { actor, api, tellSession };
}

function fillSignIn(actor: ReturnType<typeof signIn>['actor']) {
  actor.send({ type: 'field.change', field: 'email', value: ' ana@example.com ' });
  actor.send({ type: 'field.change', field: 'password', value: 'Secret#123' });
}

describe('sign-in machine', () => {
  it('blocks an empty form with both messages, and clears a field error when it changes', () => {
    const { actor, api } = signIn();
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.errors).toEqual({ email: 'emailRequired', password: 'passwordRequired' });
    expect(api.calls).toHaveLength(0);
    actor.send({ type: 'field.change', field: 'email', value: 'a' });
    expect(actor.getSnapshot().context.errors).toEqual({ password: 'passwordRequired' });
  });

  it('submits trimmed credentials, shows the busy state, and tells the session to go /home', async () => {
    const { actor, api, tellSession } = signIn();
    fillSignIn(actor);
    actor.send({ type: 'remember.change', value: true });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(api.last.input).toEqual({ email: 'ana@example.com', password: 'Secret#123' });
    api.last.resolve({ kind: 'ok', data: user });
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(tellSession).toHaveBeenCalledWith(expect.anything(), { user, remember: true, to: '/home' });
  });

  it('returns to the remembered origin after signing in', async () => {
    const { actor, api, tellSession } = signIn('/billing');
    fillSignIn(actor);
    actor.send({ type: 'form.submit' });
    api.last.resolve({ kind: 'ok', data: user });
    await settle();
    expect(tellSession).toHaveBeenCalledWith(expect.anything(), { user, remember: false, to: '/billing' });
  });

  it("hands the session the account's language with the user, which keeps only the email, token and profile", async () => {
    const { actor, api, tellSession } = signIn();
    fillSignIn(actor);
    actor.send({ type: 'form.submit' });
    api.last.resolve({ kind: 'ok', data: { ...user, language: 'es' } });
    await settle();
    expect(tellSession).toHaveBeenCalledWith(expect.anything(), { user, language: 'es', remember: false, to: '/home' });
  });

  it('hands the session the profile the sign-in is on (an account with one profile is on it at once)', async () => {
    const { actor, api, tellSession } = signIn();
    fillSignIn(actor);
    actor.send({ type: 'form.submit' });
    const profile = { id: 'p-ana', name: 'Ana', image: null, language: 'es' as const, owner: true, locked: false };
    api.last.resolve({ kind: 'ok', data: { ...user, profile, language: 'es' } });
    await settle();
    expect(tellSession).toHaveBeenCalledWith(expect.anything(), { user: { ...user, profile }, language: 'es', remember: false, to: '/home' });
  });

  const cases: [string, Outcome<never>, string][] = [
    ['isSuccess false', { kind: 'failed', status: 200, body: { isSuccess: false, message: 'No luck' } }, 'No luck'],
    ['400', refused(400, 'email is required'), 'email is required'],
    ['401', refused(401, 'Wrong email or password.'), 'Wrong email or password.'],
    ['404', refused(404, 'No such account.'), 'No such account.'],
    ['409', refused(409, 'Conflict.'), 'Conflict.'],
    ['429', refused(429, 'Too many attempts. Try again in 60 seconds.'), 'Too many attempts. Try again in 60 seconds.'],
    ['500', refused(500, 'Internal Server Error'), 'Login Failed...'],
    ['an error body without a message', { kind: 'failed', status: 502, body: null }, 'Login Failed...'],
    ['no response', { kind: 'unreachable' }, 'Failed to Login In. Try Again...'],
  ];
  for (const [name, outcome, text] of cases) {
    it(`shows "${text}" for ${name}, back on the form, scrolled to the top`, async () => {
      const { actor, api, tellSession } = signIn();
      fillSignIn(actor);
      actor.send({ type: 'form.submit' });
      api.last.resolve(outcome);
      await settle();
      expect(actor.getSnapshot().matches('editing')).toBe(true);
      expect(noticeText(actor.getSnapshot().context.notice)).toBe(text);
      expect(actor.getSnapshot().context.notice?.tone).toBe('error');
      expect(actor.getSnapshot().context.scrollToTop).toBe(1);
      expect(tellSession).not.toHaveBeenCalled();
    });
  }

  it('says nothing about a cancelled request', async () => {
    const { actor, api } = signIn();
    fillSignIn(actor);
    actor.send({ type: 'form.submit' });
    api.last.resolve({ kind: 'cancelled' });
    await settle();
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('treats a crashing actor as no response', async () => {
    const { actor, api } = signIn();
    fillSignIn(actor);
    actor.send({ type: 'form.submit' });
    api.last.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Failed to Login In. Try Again...');
  });
});
