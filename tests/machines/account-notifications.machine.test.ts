// New-class notifications on /account (machines/account-notifications.machine.ts, a child of the
// account page): the choice read on its own, the form kept and saved, push on and off for this
// device (each browser step bounded in time), the section busy while a request runs, the rest of
// the page free, and told how it ended.
import { describe, expect, it } from 'vitest';
import { noticeText } from '@domain/notices';
import { cancelled, failed, ok, unreachable } from '@domain/request-outcome';
import type { NotificationsView } from '@machines/account.machine';
import { grantPush, loadedAccountPage, task } from './account-test-kit';
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
    expect(task(actor, 'notifications').hasTag('busy')).toBe(true);
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
    const page = await pageWithNotifications();
    const { actor, calls } = page;
    actor.send({ type: 'push.disable' });
    expect(calls.disablePush.calls).toHaveLength(0);
    actor.send({ type: 'push.enable' });
    await grantPush(page);
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

describe('account notifications, each step', () => {
  it('starts the form from the saved choice and goes quiet (unavailable, no notice) on a cancelled read', async () => {
    const { actor } = await pageWithNotifications({ ...view, choice: { enabled: true, disciplines: ['yoga'] } });
    const loaded = task(actor, 'notifications');
    expect(loaded.matches({ ready: 'idle' })).toBe(true);
    expect(loaded.context.draft).toEqual({ enabled: true, disciplines: ['yoga'] });
    expect(loaded.context.view?.available.map((discipline) => discipline.id)).toEqual(['yoga', 'hiit']);
    const page = await loadedAccountPage();
    page.calls.loadNotifications.last.resolve(cancelled);
    await settle();
    expect(task(page.actor, 'notifications').matches('unavailable')).toBe(true);
    expect(task(page.actor, 'notifications').context.view).toBeNull();
    expect(page.actor.getSnapshot().context.notice).toBeNull();
  });

  it('ticking a discipline twice keeps it once; unticking the other leaves the first; turning off keeps the disciplines', async () => {
    const { actor, calls } = await pageWithNotifications();
    actor.send({ type: 'notifications.discipline', id: 'hiit', chosen: true });
    actor.send({ type: 'notifications.discipline', id: 'yoga', chosen: true });
    actor.send({ type: 'notifications.discipline', id: 'hiit', chosen: true });
    expect(task(actor, 'notifications').context.draft.disciplines).toEqual(['yoga', 'hiit']);
    actor.send({ type: 'notifications.enable', enabled: true });
    actor.send({ type: 'notifications.enable', enabled: false });
    expect(task(actor, 'notifications').context.draft).toEqual({ enabled: false, disciplines: ['yoga', 'hiit'] });
    actor.send({ type: 'notifications.save' });
    expect(task(actor, 'notifications').matches({ ready: 'saving' })).toBe(true);
    expect(calls.saveNotifications.last.input).toEqual({ enabled: false, disciplines: ['yoga', 'hiit'] });
    actor.send({ type: 'notifications.discipline', id: 'yoga', chosen: false });
    actor.send({ type: 'notifications.enable', enabled: true });
    actor.send({ type: 'notifications.save' });
    expect(calls.saveNotifications.calls).toHaveLength(1);
    expect(task(actor, 'notifications').context.draft).toEqual({ enabled: false, disciplines: ['yoga', 'hiit'] });
  });

  it('after a save the form and view are the server\'s, and the section is idle again', async () => {
    const { actor, calls } = await pageWithNotifications();
    actor.send({ type: 'notifications.enable', enabled: true });
    actor.send({ type: 'notifications.save' });
    const saved: NotificationsView = { ...view, choice: { enabled: true, disciplines: ['yoga'] }, available: [view.available[0]!] };
    calls.saveNotifications.last.resolve(ok(saved));
    await settle();
    const after = task(actor, 'notifications');
    expect(after.matches({ ready: 'idle' })).toBe(true);
    expect(after.context.view).toEqual(saved);
    expect(after.context.draft).toEqual({ enabled: true, disciplines: ['yoga'] });
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
  });

  it('a save cancelled says nothing and keeps the form; an unreachable server says so', async () => {
    const { actor, calls } = await pageWithNotifications();
    actor.send({ type: 'notifications.enable', enabled: true });
    actor.send({ type: 'notifications.save' });
    calls.saveNotifications.last.resolve(cancelled);
    await settle();
    expect(task(actor, 'notifications').matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.notice).toBeNull();
    expect(task(actor, 'notifications').context.draft.enabled).toBe(true);
    expect(task(actor, 'notifications').context.view).toEqual(view);
    actor.send({ type: 'notifications.save' });
    calls.saveNotifications.last.resolve(unreachable);
    await settle();
    expect(actor.getSnapshot().context.notice).not.toBeNull();
    expect(task(actor, 'notifications').context.view).toEqual(view);
  });

  it('push refused by the server stays off (and on stays on), with the reason shown', async () => {
    const page = await pageWithNotifications();
    const { actor, calls } = page;
    actor.send({ type: 'push.enable' });
    await grantPush(page);
    expect(task(actor, 'notifications').matches({ ready: 'subscribing' })).toBe(true);
    expect(task(actor, 'notifications').hasTag('busy')).toBe(true);
    calls.enablePush.last.resolve(failed(400, { message: 'That subscription is not valid.' }));
    await settle();
    expect(task(actor, 'notifications').matches({ ready: 'idle' })).toBe(true);
    expect(task(actor, 'notifications').context.view?.push).toEqual(view.push);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('That subscription is not valid.');
    actor.send({ type: 'notice.dismiss' });

    const on = await pageWithNotifications({ ...view, push: { ...view.push, subscribed: true } });
    on.actor.send({ type: 'push.disable' });
    expect(task(on.actor, 'notifications').matches({ ready: 'unsubscribing' })).toBe(true);
    expect(task(on.actor, 'notifications').hasTag('busy')).toBe(true);
    on.calls.disablePush.last.resolve(failed(500, { message: 'Try again later.' }));
    await settle();
    expect(task(on.actor, 'notifications').context.view?.push.subscribed).toBe(true);
    expect(noticeText(on.actor.getSnapshot().context.notice)).toBe('Try again later.');
    on.actor.send({ type: 'notice.dismiss' });
    on.actor.send({ type: 'push.disable' });
    on.calls.disablePush.last.resolve(ok({ subscribed: false }));
    await settle();
    expect(task(on.actor, 'notifications').context.view?.push).toEqual({ supported: true, publicKey: 'BKey', subscribed: false });
    expect(noticeText(on.actor.getSnapshot().context.notice)).toBe('This device will no longer be told about new classes.');
    expect(task(on.actor, 'notifications').context.view?.choice).toEqual(view.choice);
  });

  it('push on keeps the rest of the view (the choice, the key) as it was', async () => {
    const page = await pageWithNotifications();
    const { actor, calls } = page;
    actor.send({ type: 'notifications.enable', enabled: true });
    actor.send({ type: 'push.enable' });
    await grantPush(page);
    calls.enablePush.last.resolve(ok({ subscribed: true }));
    await settle();
    expect(task(actor, 'notifications').context.view).toEqual({ ...view, push: { ...view.push, subscribed: true } });
    expect(task(actor, 'notifications').context.draft.enabled).toBe(true);
  });
});

describe('account notifications, a browser that does not answer', () => {
  it('a push subscription that never answers ends after 10 s with a clear message; the rest of the page works meanwhile', async () => {
    const page = await pageWithNotifications();
    const { actor, calls, clock } = page;
    actor.send({ type: 'push.enable' });
    await grantPush(page);
    expect(task(actor, 'notifications').matches({ ready: 'subscribing' })).toBe(true);
    // The page is not busy: another section starts (and finishes) its own request.
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    actor.send({ type: 'data.download' });
    expect(task(actor, 'dataExport').matches('downloading')).toBe(true);
    calls.exportData.last.resolve(ok({ exportedAt: '2026-11-22T12:00:00.000Z' }));
    await settle();
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Your data has been downloaded.');
    expect(actor.getSnapshot().context.noticeFrom).toBe('dataExport');
    clock.increment(9_999);
    expect(task(actor, 'notifications').matches({ ready: 'subscribing' })).toBe(true);
    clock.increment(1);
    expect(task(actor, 'notifications').matches({ ready: 'idle' })).toBe(true);
    expect(calls.enablePush.last.signal.aborted).toBe(true);
    expect(task(actor, 'notifications').context.view?.push.subscribed).toBe(false);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe(
      'Your browser did not finish turning on notifications for this device. Nothing has changed; please try again later.',
    );
    expect(actor.getSnapshot().context.noticeFrom).toBe('notifications');
    // And it may be tried again.
    actor.send({ type: 'push.enable' });
    expect(calls.askPushPermission.calls).toHaveLength(2);
  });

  it('a permission question left unanswered ends after 30 s; a refusal says notifications are blocked', async () => {
    const page = await pageWithNotifications();
    const { actor, calls, clock } = page;
    actor.send({ type: 'push.enable' });
    expect(task(actor, 'notifications').matches({ ready: 'askingPermission' })).toBe(true);
    expect(task(actor, 'notifications').hasTag('busy')).toBe(true);
    clock.increment(29_999);
    expect(task(actor, 'notifications').matches({ ready: 'askingPermission' })).toBe(true);
    clock.increment(1);
    expect(task(actor, 'notifications').matches({ ready: 'idle' })).toBe(true);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe(
      'Your browser did not answer when we asked to notify you. Nothing has changed; try again, or check the browser’s site settings.',
    );
    actor.send({ type: 'push.enable' });
    calls.askPushPermission.last.resolve(ok({ granted: false }));
    await settle();
    expect(calls.enablePush.calls).toHaveLength(0);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe(
      'Notifications are blocked for FitStream in this browser. Allow them in the browser’s site settings, then try again.',
    );
  });

  it('turning push off that never answers ends after 10 s, still on', async () => {
    const { actor, clock } = await pageWithNotifications({ ...view, push: { ...view.push, subscribed: true } });
    actor.send({ type: 'push.disable' });
    clock.increment(10_000);
    expect(task(actor, 'notifications').matches({ ready: 'idle' })).toBe(true);
    expect(task(actor, 'notifications').context.view?.push.subscribed).toBe(true);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Your browser did not finish turning off notifications for this device. Please try again later.');
  });

  it('a read of the choice that never answers leaves the section unavailable after 10 s', async () => {
    const { actor, clock } = await loadedAccountPage();
    clock.increment(10_000);
    expect(task(actor, 'notifications').matches('unavailable')).toBe(true);
  });
});
