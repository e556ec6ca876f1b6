// Sign-in's edges the main tests leave open: the blank or prefilled form, remember-me, a
// resubmit after a failure, cancelled and crashing requests, and a flow wired without its call.
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { signInMachine, type SignInInput, type SignInOutput } from '@machines/sign-in.machine';
import { noticeText } from '@domain/notices';
import { cancelled, failed, ok } from '@domain/request-outcome';
import { controlledActor, settle } from './controlled-actor';

const user = { email: 'ana@example.com', token: 'jwt', profile: null };

function signIn(input?: { origin?: string | null; email?: string }) {
  const api = controlledActor<SignInOutput, SignInInput>();
  const tellSession = vi.fn();
  const actor = createActor(signInMachine.provide({ actors: { signIn: api.logic }, actions: { tellSession } }), { input }).start();
  return { actor, api, tellSession };
}

type SignInActor = ReturnType<typeof signIn>['actor'];

function submitFilled(actor: SignInActor) {
  actor.send({ type: 'field.change', field: 'email', value: 'ana@example.com' });
  actor.send({ type: 'field.change', field: 'password', value: 'Secret#123' });
  actor.send({ type: 'form.submit' });
}

describe('sign-in machine: the form', () => {
  it('opens blank, not remembered, and signs in to /home when nobody sent the user here', async () => {
    const { actor, api, tellSession } = signIn();
    expect(actor.getSnapshot().context).toMatchObject({ values: { email: '', password: '' }, remember: false, errors: {}, notice: null });
    submitFilled(actor);
    api.last.resolve(ok(user));
    await settle();
    expect(tellSession).toHaveBeenCalledWith(expect.anything(), { user, remember: false, to: '/home' });
  });

  it('opens with the address it was given, and the password empty', () => {
    const { actor } = signIn({ email: 'ana@example.com' });
    expect(actor.getSnapshot().context.values).toEqual({ email: 'ana@example.com', password: '' });
  });

  it('forgets remember-me when it is unticked again', async () => {
    const { actor, api, tellSession } = signIn();
    actor.send({ type: 'remember.change', value: true });
    actor.send({ type: 'remember.change', value: false });
    submitFilled(actor);
    api.last.resolve(ok(user));
    await settle();
    expect(tellSession).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ remember: false }));
  });
});

describe('sign-in machine: after a failure', () => {
  it('is back on the form, and a new submit takes the old banner away while it runs', async () => {
    const { actor, api } = signIn();
    submitFilled(actor);
    api.last.resolve(failed(401, { isSuccess: false, message: 'Wrong email or password.' }));
    await settle();
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Wrong email or password.');
    actor.send({ type: 'form.submit' });
    expect(api.calls).toHaveLength(2);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('says nothing after a cancelled request, tells the session nothing, and can be sent again', async () => {
    const { actor, api, tellSession } = signIn();
    submitFilled(actor);
    api.last.resolve(cancelled);
    await settle();
    expect(actor.getSnapshot().context.scrollToTop).toBe(0);
    expect(tellSession).not.toHaveBeenCalled();
    actor.send({ type: 'form.submit' });
    expect(api.calls).toHaveLength(2);
  });

  it('is back on the form after a crashing request and can be sent again', async () => {
    const { actor, api, tellSession } = signIn({ origin: '/billing' });
    submitFilled(actor);
    api.last.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(actor.getSnapshot().context.scrollToTop).toBe(1);
    actor.send({ type: 'form.submit' });
    api.last.resolve(ok(user));
    await settle();
    expect(tellSession).toHaveBeenCalledWith(expect.anything(), { user, remember: false, to: '/billing' });
  });
});

describe('sign-in machine: wired without its request', () => {
  it('answers a submit with the no-response banner', async () => {
    const actor = createActor(signInMachine, { input: undefined }).start();
    submitFilled(actor);
    await settle();
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Failed to Login In. Try Again...');
  });
});
