// Account machine (/account): load (and adopt the account's language), change email, change
// password, language, devices, data download, and deletion behind its dialog.
import { describe, expect, it } from 'vitest';
import { noticeText } from '@domain/notices';
import { failed, ok } from '@domain/request-outcome';
import { accountView, loadedAccountPage, phone, task, thisDevice } from './account-test-kit';
import { settle } from './controlled-actor';

describe('account machine', () => {
  it('loads the account and adopts its language', async () => {
    const page = await loadedAccountPage({ ...accountView, account: { ...accountView.account, language: 'es' } });
    expect(page.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(page.actor.getSnapshot().context.devices).toHaveLength(3);
    expect(page.adopted).toEqual(['es']);
  });

  it('changes the email with the password (trimmed), then shows it and clears the form', async () => {
    const { actor, calls } = await loadedAccountPage();
    actor.send({ type: 'field.change', form: 'email', field: 'email', value: ' new@example.com ' });
    actor.send({ type: 'field.change', form: 'email', field: 'password', value: 'Str0ng#Pass' });
    actor.send({ type: 'email.submit' });
    expect(task(actor, 'email').hasTag('busy')).toBe(true);
    expect(calls.email.last.input).toEqual({ email: 'new@example.com', password: 'Str0ng#Pass' });
    calls.email.last.resolve(ok({ email: 'new@example.com' }));
    await settle();
    const { context } = actor.getSnapshot();
    expect(context.account?.email).toBe('new@example.com');
    expect(task(actor, 'email').context.values).toEqual({ email: '', password: '' });
    expect(noticeText(context.notice)).toBe('Your email has been changed.');
  });

  it('checks the email form by the shared rules before sending anything', async () => {
    const { actor, calls } = await loadedAccountPage();
    actor.send({ type: 'field.change', form: 'email', field: 'email', value: 'not-an-email' });
    actor.send({ type: 'email.submit' });
    expect(task(actor, 'email').context.errors).toEqual({ email: 'emailInvalid', password: 'passwordRequired' });
    expect(calls.email.calls).toHaveLength(0);
    actor.send({ type: 'field.change', form: 'email', field: 'email', value: 'ok@example.com' });
    expect(task(actor, 'email').context.errors).toEqual({ password: 'passwordRequired' });
  });

  it("shows the server's refusal of a wrong password and keeps what was typed", async () => {
    const { actor, calls } = await loadedAccountPage();
    actor.send({ type: 'field.change', form: 'email', field: 'email', value: 'new@example.com' });
    actor.send({ type: 'field.change', form: 'email', field: 'password', value: 'Wr0ng#Pass' });
    actor.send({ type: 'email.submit' });
    calls.email.last.resolve(failed(400, { message: 'The password is not correct.', code: 'account.wrongPassword' }));
    await settle();
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('The password is not correct.');
    expect(task(actor, 'email').context.values.email).toBe('new@example.com');
    expect(actor.getSnapshot().context.account?.email).toBe('ana@example.com');
  });

  it('changes the password by the shared rules; the other devices leave the list', async () => {
    const { actor, calls } = await loadedAccountPage();
    actor.send({ type: 'field.change', form: 'password', field: 'currentPassword', value: 'Str0ng#Pass' });
    actor.send({ type: 'field.change', form: 'password', field: 'password', value: 'weak' });
    actor.send({ type: 'field.change', form: 'password', field: 'cpassword', value: 'weak' });
    actor.send({ type: 'password.submit' });
    expect(task(actor, 'password').context.errors).toEqual({ password: 'passwordInvalid' });
    actor.send({ type: 'field.change', form: 'password', field: 'password', value: 'N3w#Secret' });
    actor.send({ type: 'password.submit' });
    expect(task(actor, 'password').context.errors).toEqual({ cpassword: 'passwordMismatch' });
    actor.send({ type: 'field.change', form: 'password', field: 'cpassword', value: 'N3w#Secret' });
    actor.send({ type: 'password.submit' });
    expect(calls.password.last.input).toEqual({ currentPassword: 'Str0ng#Pass', password: 'N3w#Secret', cpassword: 'N3w#Secret' });
    calls.password.last.resolve(ok({ message: 'Changed.' }));
    await settle();
    expect(actor.getSnapshot().context.devices).toEqual([thisDevice]);
    expect(task(actor, 'password').context.values).toEqual({ currentPassword: '', password: '', cpassword: '' });
  });

  it('saves a different language and adopts it; the same language sends nothing', async () => {
    const { actor, calls, adopted } = await loadedAccountPage();
    actor.send({ type: 'language.select', language: 'en' });
    expect(calls.language.calls).toHaveLength(0);
    actor.send({ type: 'language.select', language: 'es' });
    expect(calls.language.last.input).toEqual({ language: 'es' });
    calls.language.last.resolve(ok({ language: 'es' }));
    await settle();
    expect(actor.getSnapshot().context.account?.language).toBe('es');
    expect(adopted).toEqual(['en', 'es']);
  });

  it('signs out another device, never this one, and drops it from the list', async () => {
    const { actor, calls } = await loadedAccountPage();
    actor.send({ type: 'device.signOut', sessionId: thisDevice.id });
    expect(calls.device.calls).toHaveLength(0);
    actor.send({ type: 'device.signOut', sessionId: phone.id });
    expect(task(actor, 'devices').context.signingOut).toBe(phone.id);
    expect(calls.device.last.input).toEqual({ sessionId: phone.id });
    calls.device.last.resolve(ok({ message: 'Signed out.' }));
    await settle();
    expect(actor.getSnapshot().context.devices.map((device) => device.id)).not.toContain(phone.id);
    expect(task(actor, 'devices').context.signingOut).toBeNull();
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('That device has been signed out.');
  });

  it('signs out every other device, keeping this one', async () => {
    const { actor, calls } = await loadedAccountPage();
    actor.send({ type: 'devices.signOutOthers' });
    calls.others.last.resolve(ok({ message: 'Signed out.' }));
    await settle();
    expect(actor.getSnapshot().context.devices).toEqual([thisDevice]);
    actor.send({ type: 'notice.dismiss' });
    actor.send({ type: 'devices.signOutOthers' });
    expect(calls.others.calls).toHaveLength(1);
  });

  it('downloads the data as a file named after the day it was made', async () => {
    const { actor, calls, files } = await loadedAccountPage();
    actor.send({ type: 'data.download' });
    calls.exportData.last.resolve(ok({ exportedAt: '2026-11-22T12:00:00.000Z', profile: { email: 'ana@example.com' } }));
    await settle();
    expect(files).toHaveLength(1);
    expect(files[0]!.fileName).toBe('fitstream-data-2026-11-22.json');
    expect(JSON.parse(files[0]!.contents)).toEqual({ exportedAt: '2026-11-22T12:00:00.000Z', profile: { email: 'ana@example.com' } });
  });

  it('deletes the account from the dialog with the password, then signs out', async () => {
    const page = await loadedAccountPage();
    const { actor, calls } = page;
    actor.send({ type: 'delete.open' });
    expect(actor.getSnapshot().matches({ ready: 'confirmingDelete' })).toBe(true);
    actor.send({ type: 'delete.confirm' });
    expect(task(actor, 'deletion').context.errors).toEqual({ password: 'passwordRequired' });
    actor.send({ type: 'field.change', form: 'delete', field: 'password', value: 'Str0ng#Pass' });
    actor.send({ type: 'delete.confirm' });
    expect(calls.remove.last.input).toEqual({ password: 'Str0ng#Pass' });
    calls.remove.last.resolve(ok({ message: 'Deleted.' }));
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(page.signOuts()).toBe(1);
  });
});
