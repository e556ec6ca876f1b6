// The account machine's edges: a failed or quiet load and its retry, a refused deletion that
// stays in the dialog, cancelling the dialog, a 401 that says nothing, crashing calls, acting
// while a notice shows, and the notice's 3 s.
import { describe, expect, it } from 'vitest';
import { noticeText } from '../../src/domain/notices';
import { cancelled, failed, ok, unreachable } from '../../src/domain/request-outcome';
import { accountPage, accountView, loadedAccountPage, phone } from './account-test-kit';
import { settle } from './controlled-actor';

describe('account machine edges', () => {
  it('a load that gets no answer offers to try again, and the retry loads', async () => {
    const { actor, calls, adopted } = accountPage();
    calls.load.last.resolve(unreachable);
    await settle();
    expect(actor.getSnapshot().matches('loadFailed')).toBe(true);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Your account could not be loaded.');
    expect(adopted).toEqual([]);
    actor.send({ type: 'account.retry' });
    expect(actor.getSnapshot().context.notice).toBeNull();
    calls.load.last.resolve(ok(accountView));
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });

  it('a 401 while loading says nothing (the session is taking the user to sign in)', async () => {
    const { actor, calls } = accountPage();
    calls.load.last.resolve(failed(401, { message: 'Your session has expired.' }));
    await settle();
    expect(actor.getSnapshot().matches('loadFailed')).toBe(true);
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('a refused deletion stays in the dialog with the message; Cancel closes it and forgets the password', async () => {
    const { actor, calls } = await loadedAccountPage();
    actor.send({ type: 'delete.open' });
    actor.send({ type: 'field.change', form: 'delete', field: 'password', value: 'Wr0ng#Pass' });
    actor.send({ type: 'delete.confirm' });
    calls.remove.last.resolve(failed(400, { message: 'The password is not correct.' }));
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'confirmingDelete' })).toBe(true);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('The password is not correct.');
    actor.send({ type: 'delete.cancel' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.deletePassword).toBe('');
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('a deletion the provider cannot complete (502) stays in the dialog and can be tried again', async () => {
    const page = await loadedAccountPage();
    page.actor.send({ type: 'delete.open' });
    page.actor.send({ type: 'field.change', form: 'delete', field: 'password', value: 'Str0ng#Pass' });
    page.actor.send({ type: 'delete.confirm' });
    page.calls.remove.last.resolve(failed(502, { message: 'The payment provider could not be reached. Please try again later.' }));
    await settle();
    expect(page.signOuts()).toBe(0);
    page.actor.send({ type: 'delete.confirm' });
    expect(page.calls.remove.calls).toHaveLength(2);
  });

  it('a crashing call shows the generic failure; a cancelled one says nothing', async () => {
    const { actor, calls } = await loadedAccountPage();
    actor.send({ type: 'data.download' });
    calls.exportData.last.reject(new Error('boom'));
    await settle();
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Could not reach FitStream. Please try again.');
    actor.send({ type: 'notice.dismiss' });
    actor.send({ type: 'devices.signOutOthers' });
    calls.others.last.resolve(cancelled);
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('a failed device sign-out keeps the device and frees its button', async () => {
    const { actor, calls } = await loadedAccountPage();
    actor.send({ type: 'device.signOut', sessionId: phone.id });
    calls.device.last.resolve(failed(404, { message: 'This device is not signed in to your account.' }));
    await settle();
    expect(actor.getSnapshot().context.signingOut).toBeNull();
    expect(actor.getSnapshot().context.devices.map((device) => device.id)).toContain(phone.id);
  });

  it('a notice shows for 3 s, and the page can be used meanwhile', async () => {
    const { actor, calls, clock } = await loadedAccountPage();
    actor.send({ type: 'language.select', language: 'es' });
    calls.language.last.resolve(ok({ language: 'es' }));
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'showingNotice' })).toBe(true);
    actor.send({ type: 'field.change', form: 'email', field: 'email', value: 'x@example.com' });
    expect(actor.getSnapshot().matches({ ready: 'showingNotice' })).toBe(true);
    clock.increment(2999);
    expect(actor.getSnapshot().context.notice).not.toBeNull();
    clock.increment(1);
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.emailForm.email).toBe('x@example.com');
    actor.send({ type: 'data.download' });
    expect(actor.getSnapshot().matches({ ready: 'downloading' })).toBe(true);
    // One request at a time: nothing else starts while busy.
    actor.send({ type: 'delete.open' });
    expect(actor.getSnapshot().matches({ ready: 'downloading' })).toBe(true);
  });
});
