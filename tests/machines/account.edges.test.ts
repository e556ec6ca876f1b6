// The account machine's edges: a failed or quiet load and its retry, a refused deletion that
// stays in the dialog, cancelling the dialog, a 401 that says nothing, crashing calls, acting
// while a notice shows, and the notice's 3 s; then every page request the same three ways
// (answered, cancelled, refused), with its own section busy while it runs.
import { describe, expect, it } from 'vitest';
import { noticeText } from '@domain/notices';
import { cancelled, failed, ok, unreachable, type Outcome } from '@domain/request-outcome';
import { accountPage, accountView, loadedAccountPage, phone, tablet, task, thisDevice } from './account-test-kit';
import { settle } from './controlled-actor';
import type { AccountTask } from '@machines/account.machine';

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
    expect(task(actor, 'deletion').context.values.password).toBe('');
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
    expect(task(actor, 'devices').context.signingOut).toBeNull();
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
    expect(task(actor, 'email').context.values.email).toBe('x@example.com');
    actor.send({ type: 'data.download' });
    expect(task(actor, 'dataExport').matches('downloading')).toBe(true);
    // One section's request holds only that section: another starts meanwhile, and the dialog opens.
    actor.send({ type: 'language.select', language: 'en' });
    expect(task(actor, 'language').matches('saving')).toBe(true);
    actor.send({ type: 'delete.open' });
    expect(actor.getSnapshot().matches({ ready: 'confirmingDelete' })).toBe(true);
    // A task ending behind the dialog updates the page, and the dialog stays as it is.
    calls.language.last.resolve(ok({ language: 'en' }));
    await settle();
    expect(actor.getSnapshot().context.account?.language).toBe('en');
    expect(actor.getSnapshot().matches({ ready: 'confirmingDelete' })).toBe(true);
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('says it is loading, with no devices listed, until the account arrives', async () => {
    const { actor, calls } = accountPage();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().context.devices).toEqual([]);
    calls.load.last.resolve(failed(500));
    await settle();
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);
    expect(actor.getSnapshot().context.devices).toEqual([]);
  });

  it("a refused load shows the server's message, or the generic line without one", async () => {
    const withMessage = accountPage();
    withMessage.calls.load.last.resolve(failed(503, { message: 'Accounts are under maintenance.' }));
    await settle();
    expect(withMessage.actor.getSnapshot().matches('loadFailed')).toBe(true);
    expect(noticeText(withMessage.actor.getSnapshot().context.notice)).toBe('Accounts are under maintenance.');
    const without = accountPage();
    without.calls.load.last.resolve(failed(500));
    await settle();
    expect(noticeText(without.actor.getSnapshot().context.notice)).toBe('Something went wrong. Please try again.');
  });

  it('signing out one device drops only that device from the list', async () => {
    const { actor, calls } = await loadedAccountPage();
    actor.send({ type: 'device.signOut', sessionId: phone.id });
    calls.device.last.resolve(ok({ message: 'Signed out.' }));
    await settle();
    expect(actor.getSnapshot().context.devices).toEqual([thisDevice, tablet]);
  });

  it('the delete dialog shows busy while the account is deleted; a cancelled deletion leaves the dialog open and quiet', async () => {
    const { actor, calls } = await loadedAccountPage();
    actor.send({ type: 'delete.open' });
    actor.send({ type: 'field.change', form: 'delete', field: 'password', value: 'Str0ng#Pass' });
    actor.send({ type: 'delete.confirm' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    calls.remove.last.resolve(cancelled);
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'confirmingDelete' })).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(actor.getSnapshot().context.notice).toBeNull();
  });
});

type Page = Awaited<ReturnType<typeof loadedAccountPage>>;

/** Each request the page starts from idle: how the user starts it, and how the test answers it. */
const requests: { name: string; section: AccountTask; start: (page: Page) => void; answer: (page: Page, outcome: Outcome<never> | 'ok') => void }[] = [
  {
    name: 'changing the email',
    section: 'email',
    start: ({ actor }) => {
      actor.send({ type: 'field.change', form: 'email', field: 'email', value: 'new@example.com' });
      actor.send({ type: 'field.change', form: 'email', field: 'password', value: 'Str0ng#Pass' });
      actor.send({ type: 'email.submit' });
    },
    answer: ({ calls }, outcome) => calls.email.last.resolve(outcome === 'ok' ? ok({ email: 'new@example.com' }) : outcome),
  },
  {
    name: 'changing the password',
    section: 'password',
    start: ({ actor }) => {
      actor.send({ type: 'field.change', form: 'password', field: 'currentPassword', value: 'Str0ng#Pass' });
      actor.send({ type: 'field.change', form: 'password', field: 'password', value: 'N3w#Secret' });
      actor.send({ type: 'field.change', form: 'password', field: 'cpassword', value: 'N3w#Secret' });
      actor.send({ type: 'password.submit' });
    },
    answer: ({ calls }, outcome) => calls.password.last.resolve(outcome === 'ok' ? ok({ message: 'Changed.' }) : outcome),
  },
  {
    name: 'saving the language',
    section: 'language',
    start: ({ actor }) => actor.send({ type: 'language.select', language: 'es' }),
    answer: ({ calls }, outcome) => calls.language.last.resolve(outcome === 'ok' ? ok({ language: 'es' }) : outcome),
  },
  {
    name: 'signing out a device',
    section: 'devices',
    start: ({ actor }) => actor.send({ type: 'device.signOut', sessionId: phone.id }),
    answer: ({ calls }, outcome) => calls.device.last.resolve(outcome === 'ok' ? ok({ message: 'Signed out.' }) : outcome),
  },
  {
    name: 'signing out every other device',
    section: 'devices',
    start: ({ actor }) => actor.send({ type: 'devices.signOutOthers' }),
    answer: ({ calls }, outcome) => calls.others.last.resolve(outcome === 'ok' ? ok({ message: 'Signed out.' }) : outcome),
  },
  {
    name: 'downloading the data',
    section: 'dataExport',
    start: ({ actor }) => actor.send({ type: 'data.download' }),
    answer: ({ calls }, outcome) => calls.exportData.last.resolve(outcome === 'ok' ? ok({ exportedAt: '2026-11-22T12:00:00.000Z' }) : outcome),
  },
];

describe('account machine: every page request', () => {
  it.each(requests)('$name shows its own section busy (not the page), then the success notice for 3 s in that section, then the page', async ({ start, answer, section }) => {
    const page = await loadedAccountPage();
    start(page);
    expect(task(page.actor, section).hasTag('busy')).toBe(true);
    expect(page.actor.getSnapshot().hasTag('busy')).toBe(false);
    answer(page, 'ok');
    await settle();
    expect(page.actor.getSnapshot().matches({ ready: 'showingNotice' })).toBe(true);
    expect(page.actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(page.actor.getSnapshot().context.notice?.tone).toBe('success');
    expect(page.actor.getSnapshot().context.noticeFrom).toBe(section);
    page.clock.increment(3000);
    expect(page.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(page.actor.getSnapshot().context.notice).toBeNull();
  });

  it.each(requests)('$name, cancelled, returns to the page without a word and with nothing busy', async ({ start, answer }) => {
    const page = await loadedAccountPage();
    start(page);
    answer(page, cancelled);
    await settle();
    expect(page.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(page.actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(page.actor.getSnapshot().context).toMatchObject({ notice: null });
    expect(task(page.actor, 'devices').context).toMatchObject({ signingOut: null });
  });

  it.each(requests)("$name, refused, shows the server's message for 3 s", async ({ start, answer }) => {
    const page = await loadedAccountPage();
    start(page);
    answer(page, failed(409, { message: 'Not now.' }));
    await settle();
    expect(page.actor.getSnapshot().matches({ ready: 'showingNotice' })).toBe(true);
    expect(page.actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(noticeText(page.actor.getSnapshot().context.notice)).toBe('Not now.');
    page.clock.increment(3000);
    expect(page.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });
});
