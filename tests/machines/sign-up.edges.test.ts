// Sign-up's edges the main tests leave open: the blank form, what is sent, the busy look, a
// resubmit after a failure, cancelled and crashing requests, and a flow wired without its call.
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { signUpMachine, type SignUpInput, type SignUpOutput } from '@machines/sign-up.machine';
import { noticeText } from '@domain/notices';
import { cancelled, failed, ok } from '@domain/request-outcome';
import { controlledActor, settle } from './controlled-actor';

const user = { email: 'ana@example.com', token: 'jwt', profile: null };
const strong = 'Secret#123';

function signUp(input?: { email?: string }) {
  const api = controlledActor<SignUpOutput, SignUpInput>();
  const tellSession = vi.fn();
  const actor = createActor(signUpMachine.provide({ actors: { signUp: api.logic }, actions: { tellSession } }), { input }).start();
  return { actor, api, tellSession };
}

type SignUpActor = ReturnType<typeof signUp>['actor'];

function submitFilled(actor: SignUpActor, email = 'ana@example.com') {
  actor.send({ type: 'field.change', field: 'email', value: email });
  actor.send({ type: 'field.change', field: 'password', value: strong });
  actor.send({ type: 'field.change', field: 'cpassword', value: strong });
  actor.send({ type: 'form.submit' });
}

describe('sign-up machine: the form', () => {
  it('opens blank with the United States chosen when no address came from the landing page', () => {
    for (const input of [undefined, {}]) {
      const { actor } = signUp(input);
      expect(actor.getSnapshot().context).toMatchObject({
        values: { country: 'US', email: '', password: '', cpassword: '' },
        errors: {},
        notice: null,
      });
    }
  });

  it('sends the address without the spaces around it', () => {
    const { actor, api } = signUp();
    submitFilled(actor, '  ana@example.com ');
    expect(api.last.input).toEqual({ country: 'US', email: 'ana@example.com', password: strong, cpassword: strong });
  });

  it('looks busy only while the request runs', async () => {
    const { actor, api } = signUp();
    submitFilled(actor);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    api.last.resolve(failed(409, { isSuccess: false, message: 'An account with this email already exists.' }));
    await settle();
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
  });
});

describe('sign-up machine: after a failure', () => {
  it('is back on the form, and a new submit takes the old banner away while it runs', async () => {
    const { actor, api } = signUp();
    submitFilled(actor);
    api.last.resolve(failed(409, { isSuccess: false, message: 'An account with this email already exists.' }));
    await settle();
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('An account with this email already exists.');
    submitFilled(actor, 'other@example.com');
    expect(api.calls).toHaveLength(2);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('says nothing after a cancelled request, tells the session nothing, and can be sent again', async () => {
    const { actor, api, tellSession } = signUp();
    submitFilled(actor);
    api.last.resolve(cancelled);
    await settle();
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.notice).toBeNull();
    expect(actor.getSnapshot().context.scrollToTop).toBe(0);
    expect(tellSession).not.toHaveBeenCalled();
    actor.send({ type: 'form.submit' });
    expect(api.calls).toHaveLength(2);
  });

  it('treats a crashing request as no response, back on the form and scrolled to the banner', async () => {
    const { actor, api, tellSession } = signUp();
    submitFilled(actor);
    api.last.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Failed to Register. Try Again...');
    expect(actor.getSnapshot().context.notice?.tone).toBe('error');
    expect(actor.getSnapshot().context.scrollToTop).toBe(1);
    expect(tellSession).not.toHaveBeenCalled();
    actor.send({ type: 'form.submit' });
    api.last.resolve(ok(user));
    await settle();
    expect(tellSession).toHaveBeenCalledWith(expect.anything(), { user, remember: false, to: '/details' });
  });
});

describe('sign-up machine: wired without its request', () => {
  it('answers a submit with the no-response banner', async () => {
    const actor = createActor(signUpMachine, { input: undefined }).start();
    submitFilled(actor);
    await settle();
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Failed to Register. Try Again...');
  });
});
