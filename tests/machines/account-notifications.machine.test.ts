// New-class notifications on /account (machines/account-notifications.machine.ts, a child of the
// account page): the choice read on its own, the form kept and saved, push on and off for this
// device, the page busy while a request runs and told how it ended.
import { describe, expect, it } from 'vitest';
import { noticeText } from '@domain/notices';
import { failed, ok } from '@domain/request-outcome';
import type { NotificationsView } from '@machines/account.machine';
import { loadedAccountPage, task } from './account-test-kit';
import { settle } from './controlled-actor';

const view: NotificationsView = {
  choice: { enabled: false, disciplines: [] },
  available: [
    { id: 'yoga', name: { en: 'Yoga', es: 'Yoga' } },
    { id: 'hiit', name: { en: 'HIIT', es: 'HIIT' } },
  ],
  push: { supported: true, publicKey: 'BKey', subscribed: false },
};

async function pageWithNotifications(loaded: NotificationsView = view) {
  const page = await loadedAccountPage();
  page.calls.loadNotifications.last.resolve(ok(loaded));
  await settle();
  return page;
}

describe('account notifications', () => {
  it('reads the choice on its own; a failure leaves the rest of the page working', async () => {
    const page = await loadedAccountPage();
    expect(task(page.actor, 'notifications').matches('loading')).toBe(true);
    expect(page.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    page.calls.loadNotifications.last.resolve(failed(500, { message: 'No' }));
    await settle();
    expect(task(page.actor, 'notifications').matches('unavailable')).toBe(true);
    expect(page.actor.getSnapshot().context.notice).toBeNull();
  });

  it('saves the form as left (on, two disciplines, one unticked) and shows the server view', async () => {
    const { actor, calls } = await pageWithNotifications();
    actor.send({ type: 'notifications.enable', enabled: true });
    actor.send({ type: 'notifications.discipline', id: 'yoga', chosen: true });
    actor.send({ type: 'notifications.discipline', id: 'hiit', chosen: true });
    actor.send({ type: 'notifications.discipline', id: 'yoga', chosen: false });
    actor.send({ type: 'notifications.save' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(calls.saveNotifications.last.input).toEqual({ enabled: true, disciplines: ['hiit'] });
    actor.send({ type: 'push.enable' });
    expect(calls.enablePush.calls).toHaveLength(0);
    calls.saveNotifications.last.resolve(ok({ ...view, choice: { enabled: true, disciplines: ['hiit'] } }));
    await settle();
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Your new-class notifications have been saved.');
    expect(task(actor, 'notifications').context.draft).toEqual({ enabled: true, disciplines: ['hiit'] });
  });

  it('keeps the form when saving fails and shows why', async () => {
    const { actor, calls } = await pageWithNotifications();
    actor.send({ type: 'notifications.enable', enabled: true });
    actor.send({ type: 'notifications.save' });
    calls.saveNotifications.last.resolve(failed(400, { message: 'One of the chosen disciplines does not exist.' }));
    await settle();
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('One of the chosen disciplines does not exist.');
    expect(task(actor, 'notifications').context.draft.enabled).toBe(true);
  });

  it('turns push on with the server key, then off', async () => {
    const { actor, calls } = await pageWithNotifications();
    actor.send({ type: 'push.disable' });
    expect(calls.disablePush.calls).toHaveLength(0);
    actor.send({ type: 'push.enable' });
    expect(calls.enablePush.last.input).toEqual({ publicKey: 'BKey' });
    calls.enablePush.last.resolve(ok({ subscribed: true }));
    await settle();
    expect(task(actor, 'notifications').context.view?.push.subscribed).toBe(true);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('This device will be told when new classes arrive.');
    actor.send({ type: 'notice.dismiss' });
    actor.send({ type: 'push.enable' });
    expect(calls.enablePush.calls).toHaveLength(1);
    actor.send({ type: 'push.disable' });
    calls.disablePush.last.resolve(ok({ subscribed: false }));
    await settle();
    expect(task(actor, 'notifications').context.view?.push.subscribed).toBe(false);
  });

  it('offers no push where the browser has none', async () => {
    const { actor, calls } = await pageWithNotifications({ ...view, push: { ...view.push, supported: false } });
    actor.send({ type: 'push.enable' });
    expect(calls.enablePush.calls).toHaveLength(0);
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
  });
});
