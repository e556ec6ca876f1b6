// /settings (machines/profile-settings.machine.ts): a member profile's own settings. No account is
// read (that page is the owner's): the language, notifications and schedule tasks start at once;
// a language saved is spoken at once and shown; a section's result shows in that section for 3 s.
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { noticeText } from '@domain/notices';
import { cancelled, failed, ok } from '@domain/request-outcome';
import type { NotificationsView } from '@machines/account.machine';
import type { ScheduleSettings } from '@machines/account-schedule.machine';
import { profileSettingsMachine } from '@machines/profile-settings.machine';
import { provideTree } from '@machines/provide-tree';
import type { AccountLanguage } from '@machines/account-task';
import { settle } from './controlled-actor';
import { profileTaskActors, profileTaskCalls } from './account-test-kit';

const view: NotificationsView = {
  choice: { enabled: false, disciplines: [] },
  available: [{ id: 'yoga', name: { en: 'Yoga', es: 'Yoga' } }],
  push: { supported: false, publicKey: 'BKey', subscribed: false },
};
const schedule: ScheduleSettings = { timeZone: 'Europe/Madrid', reminders: false, hasFeedLink: false, feedLinkRevoked: null, proposedZone: 'Europe/Madrid' };

function settingsPage(language: AccountLanguage = 'en') {
  const calls = profileTaskCalls();
  const adopted: string[] = [];
  const clock = new SimulatedClock();
  const actor = createActor(
    provideTree(profileSettingsMachine, {
      actors: profileTaskActors(calls),
      actions: {
        adoptLanguage: (_, value) => void adopted.push(value),
        copyText: () => {},
      },
    }),
    { clock, input: { language } },
  ).start();
  return { actor, calls, clock, adopted };
}

describe('profile settings (/settings)', () => {
  it('reads the notifications and the schedule at once, with no account to load', () => {
    const { actor, calls } = settingsPage();
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(calls.loadNotifications.calls).toHaveLength(1);
    expect(calls.loadSchedule.calls).toHaveLength(1);
    expect(Object.keys(actor.getSnapshot().children).sort()).toEqual(['language', 'notifications', 'schedule']);
  });

  it('saves a different language, speaks it at once and shows it; the language spoken sends nothing', async () => {
    const { actor, calls, adopted } = settingsPage('en');
    actor.send({ type: 'language.select', language: 'en' });
    expect(calls.language.calls).toHaveLength(0);
    actor.send({ type: 'language.select', language: 'es' });
    expect(calls.language.last.input).toEqual({ language: 'es' });
    calls.language.last.resolve(ok({ language: 'es' }));
    await settle();
    expect(adopted).toEqual(['es']);
    expect(actor.getSnapshot().context).toMatchObject({ language: 'es', noticeFrom: 'language' });
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Your language has been saved.');
    actor.send({ type: 'language.select', language: 'es' });
    expect(calls.language.calls).toHaveLength(1);
  });

  it('follows the language the app speaks now (the navbar switched it): choosing it again saves nothing', () => {
    const { actor, calls } = settingsPage('en');
    actor.send({ type: 'language.spoken', language: 'es' });
    expect(actor.getSnapshot().context.language).toBe('es');
    actor.send({ type: 'language.select', language: 'es' });
    expect(calls.language.calls).toHaveLength(0);
    actor.send({ type: 'language.select', language: 'en' });
    expect(calls.language.last.input).toEqual({ language: 'en' });
  });

  it('keeps the language shown when saving it fails, and says why in its section', async () => {
    const { actor, calls, adopted } = settingsPage('es');
    actor.send({ type: 'language.select', language: 'en' });
    calls.language.last.resolve(failed(500, { message: 'Try later.' }));
    await settle();
    expect(adopted).toEqual([]);
    expect(actor.getSnapshot().context).toMatchObject({ language: 'es', noticeFrom: 'language' });
    expect(noticeText(actor.getSnapshot().context.notice)).toContain('Try later.');
  });

  it('turns new-class notifications on; the notice shows in that section for 3 s', async () => {
    const { actor, calls, clock } = settingsPage();
    calls.loadNotifications.last.resolve(ok(view));
    await settle();
    actor.send({ type: 'notifications.enable', enabled: true });
    actor.send({ type: 'notifications.save' });
    expect(calls.saveNotifications.last.input).toEqual({ enabled: true, disciplines: [] });
    calls.saveNotifications.last.resolve(ok({ ...view, choice: { enabled: true, disciplines: [] } }));
    await settle();
    expect(actor.getSnapshot().matches('showingNotice')).toBe(true);
    expect(actor.getSnapshot().context.noticeFrom).toBe('notifications');
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Your new-class notifications have been saved.');
    clock.increment(2999);
    expect(actor.getSnapshot().matches('showingNotice')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('switches morning reminders while the language saves: neither waits for the other', async () => {
    const { actor, calls } = settingsPage();
    calls.loadSchedule.last.resolve(ok(schedule));
    await settle();
    actor.send({ type: 'language.select', language: 'es' });
    actor.send({ type: 'reminders.toggle', enabled: true });
    expect(calls.setReminders.last.input).toEqual({ enabled: true });
    calls.setReminders.last.resolve(ok({ reminders: true }));
    await settle();
    expect(actor.getSnapshot().context.noticeFrom).toBe('schedule');
    expect(actor.getSnapshot().children.language?.getSnapshot().matches('saving')).toBe(true);
  });

  it('while a section says how it ended, the other sections still work; their result takes its place for a full 3 s', async () => {
    const { actor, calls, clock } = settingsPage('en');
    calls.loadSchedule.last.resolve(ok(schedule));
    await settle();
    actor.send({ type: 'reminders.toggle', enabled: true });
    calls.setReminders.last.resolve(ok({ reminders: true }));
    await settle();
    expect(actor.getSnapshot().context.noticeFrom).toBe('schedule');
    clock.increment(2000);
    actor.send({ type: 'language.select', language: 'es' });
    expect(calls.language.last.input).toEqual({ language: 'es' });
    calls.language.last.resolve(ok({ language: 'es' }));
    await settle();
    expect(actor.getSnapshot().context.noticeFrom).toBe('language');
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Your language has been saved.');
    clock.increment(2999);
    expect(actor.getSnapshot().context.noticeFrom).toBe('language');
    clock.increment(1);
    expect(actor.getSnapshot().context).toMatchObject({ notice: null, noticeFrom: null });
  });

  it('a save that ends without a word (cancelled) shows nothing and leaves a notice its own 3 s', async () => {
    const { actor, calls, clock } = settingsPage('en');
    actor.send({ type: 'language.select', language: 'es' });
    calls.language.last.resolve(cancelled);
    await settle();
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ language: 'en', notice: null, noticeFrom: null });

    calls.loadSchedule.last.resolve(ok(schedule));
    await settle();
    actor.send({ type: 'reminders.toggle', enabled: true });
    calls.setReminders.last.resolve(ok({ reminders: true }));
    await settle();
    clock.increment(2000);
    actor.send({ type: 'language.select', language: 'es' });
    calls.language.last.resolve(cancelled);
    await settle();
    expect(actor.getSnapshot().context.noticeFrom).toBe('schedule');
    clock.increment(1000);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.notice).toBeNull();
  });
});
