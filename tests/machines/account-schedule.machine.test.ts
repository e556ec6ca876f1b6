// The schedule settings on /account (machines/account-schedule.machine.ts, a child of the account
// page): read on their own; the time zone saved, morning reminders switched, the calendar link
// made (shown once, with Copy); the section busy while a request runs and told how it ended; a
// password change or signing out everywhere on the page ends the link, and the section says so.
import { describe, expect, it } from 'vitest';
import { noticeText } from '@domain/notices';
import { failed, ok } from '@domain/request-outcome';
import type { ScheduleSettings } from '@machines/account-schedule.machine';
import { loadedAccountPage, phone, task } from './account-test-kit';
import { settle } from './controlled-actor';

const settings: ScheduleSettings = { timeZone: 'Europe/Madrid', reminders: false, hasFeedLink: false, feedLinkRevoked: null, proposedZone: 'America/New_York' };
const link = { url: 'https://fitstream.test/calendar/abc.ics', webcalUrl: 'webcal://fitstream.test/calendar/abc.ics' };

async function pageWithSchedule(loaded: ScheduleSettings = settings) {
  const page = await loadedAccountPage();
  page.calls.loadSchedule.last.resolve(ok(loaded));
  await settle();
  return page;
}

describe('account schedule settings', () => {
  it('reads the settings on its own and fills the time zone field with the account’s zone', async () => {
    const { actor } = await pageWithSchedule();
    expect(task(actor, 'schedule').value).toBe('idle');
    expect(task(actor, 'schedule').context).toMatchObject({ settings, zoneDraft: 'Europe/Madrid', link: null, copied: false });
  });

  it('offers the browser’s zone while the account has none', async () => {
    const { actor } = await pageWithSchedule({ ...settings, timeZone: null });
    expect(task(actor, 'schedule').context.zoneDraft).toBe('America/New_York');
  });

  it('says the section is unavailable when the settings cannot be read, and the page goes on', async () => {
    for (const answer of [failed(500), { kind: 'unreachable' } as const, { kind: 'cancelled' } as const]) {
      const page = await loadedAccountPage();
      if (answer.kind === 'unreachable') page.calls.loadSchedule.last.reject(new Error('offline'));
      else page.calls.loadSchedule.last.resolve(answer);
      await settle();
      expect(task(page.actor, 'schedule').value).toBe('unavailable');
      expect(task(page.actor, 'schedule').context.settings).toBeNull();
      expect(page.actor.getSnapshot().context.notice).toBeNull();
      page.actor.send({ type: 'reminders.toggle', enabled: true });
      expect(page.calls.setReminders.calls).toHaveLength(0);
    }
  });

  it('saves the time zone as typed, trimmed, and shows it saved', async () => {
    const { actor, calls } = await pageWithSchedule();
    actor.send({ type: 'scheduleZone.change', timeZone: '  Asia/Tokyo ' });
    expect(task(actor, 'schedule').context.zoneDraft).toBe('  Asia/Tokyo ');
    actor.send({ type: 'scheduleZone.save' });
    expect(task(actor, 'schedule').hasTag('busy')).toBe(true);
    expect(task(actor, 'schedule').hasTag('busy')).toBe(true);
    expect(calls.saveZone.last.input).toEqual({ timeZone: 'Asia/Tokyo' });
    calls.saveZone.last.resolve(ok({ timeZone: 'Asia/Tokyo' }));
    await settle();
    expect(task(actor, 'schedule').value).toBe('idle');
    expect(task(actor, 'schedule').context.settings?.timeZone).toBe('Asia/Tokyo');
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Your time zone has been saved.');
  });

  it('does not save an empty time zone', async () => {
    const { actor, calls } = await pageWithSchedule();
    actor.send({ type: 'scheduleZone.change', timeZone: '   ' });
    actor.send({ type: 'scheduleZone.save' });
    expect(calls.saveZone.calls).toHaveLength(0);
    expect(task(actor, 'schedule').value).toBe('idle');
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
  });

  it('a refused time zone keeps the one saved and shows why; a lost session says nothing', async () => {
    const { actor, calls } = await pageWithSchedule();
    actor.send({ type: 'scheduleZone.change', timeZone: 'Mars/Olympus' });
    actor.send({ type: 'scheduleZone.save' });
    calls.saveZone.last.resolve(failed(400, { isSuccess: false, message: 'That is not a time zone we know.' }));
    await settle();
    expect(task(actor, 'schedule').value).toBe('idle');
    expect(task(actor, 'schedule').context.settings?.timeZone).toBe('Europe/Madrid');
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('That is not a time zone we know.');
    actor.send({ type: 'notice.dismiss' });
    actor.send({ type: 'scheduleZone.save' });
    calls.saveZone.last.resolve(failed(401));
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('switches morning reminders on and off, saying which', async () => {
    const { actor, calls } = await pageWithSchedule();
    actor.send({ type: 'reminders.toggle', enabled: true });
    expect(task(actor, 'schedule').hasTag('busy')).toBe(true);
    expect(calls.setReminders.last.input).toEqual({ enabled: true });
    calls.setReminders.last.resolve(ok({ reminders: true }));
    await settle();
    expect(task(actor, 'schedule').context.settings?.reminders).toBe(true);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('You will get a reminder email on the morning of each planned day.');
    actor.send({ type: 'reminders.toggle', enabled: false });
    expect(calls.setReminders.last.input).toEqual({ enabled: false });
    calls.setReminders.last.resolve(ok({ reminders: false }));
    await settle();
    expect(task(actor, 'schedule').context.settings?.reminders).toBe(false);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Reminders are off.');
  });

  it('keeps the reminders as they were when the switch is refused', async () => {
    const { actor, calls } = await pageWithSchedule();
    actor.send({ type: 'reminders.toggle', enabled: true });
    calls.setReminders.last.reject(new Error('offline'));
    await settle();
    expect(task(actor, 'schedule').context.settings?.reminders).toBe(false);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Could not reach FitStream. Please try again.');
  });

  it('makes the calendar link, shows it once with Copy, and a new one needs copying again', async () => {
    const { actor, calls, copied } = await pageWithSchedule();
    actor.send({ type: 'feedLink.copy' });
    expect(copied).toEqual([]);
    actor.send({ type: 'feedLink.reset' });
    expect(task(actor, 'schedule').hasTag('busy')).toBe(true);
    expect(calls.resetFeedLink.calls).toHaveLength(1);
    calls.resetFeedLink.last.resolve(ok(link));
    await settle();
    expect(task(actor, 'schedule').context).toMatchObject({ link, copied: false, settings: { ...settings, hasFeedLink: true } });
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Your calendar link is ready. Any earlier link no longer works.');
    actor.send({ type: 'feedLink.copy' });
    expect(copied).toEqual([link.url]);
    expect(task(actor, 'schedule').context.copied).toBe(true);
    actor.send({ type: 'feedLink.reset' });
    const again = { url: 'https://fitstream.test/calendar/def.ics', webcalUrl: 'webcal://fitstream.test/calendar/def.ics' };
    calls.resetFeedLink.last.resolve(ok(again));
    await settle();
    expect(task(actor, 'schedule').context).toMatchObject({ link: again, copied: false });
  });

  it('keeps the link as it was when a new one is refused', async () => {
    const { actor, calls } = await pageWithSchedule();
    actor.send({ type: 'feedLink.reset' });
    calls.resetFeedLink.last.resolve(failed(500));
    await settle();
    expect(task(actor, 'schedule').context).toMatchObject({ link: null, settings });
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Something went wrong. Please try again.');
  });

  it('a password change on the page ends the link shown, reads the settings again for why, and keeps a zone being typed', async () => {
    const { actor, calls } = await pageWithSchedule();
    actor.send({ type: 'feedLink.reset' });
    calls.resetFeedLink.last.resolve(ok(link));
    await settle();
    actor.send({ type: 'notice.dismiss' });
    actor.send({ type: 'scheduleZone.change', timeZone: 'Asia/Tokyo' });
    for (const [field, value] of [['currentPassword', 'Str0ng#Pass'], ['password', 'N3w#Secret'], ['cpassword', 'N3w#Secret']] as const) {
      actor.send({ type: 'field.change', form: 'password', field, value });
    }
    actor.send({ type: 'password.submit' });
    calls.password.last.resolve(ok({ message: 'Changed.' }));
    await settle();
    expect(task(actor, 'schedule').value).toBe('rereading');
    expect(task(actor, 'schedule').context).toMatchObject({ link: null, copied: false, settings: { hasFeedLink: false } });
    expect(calls.loadSchedule.calls).toHaveLength(2);
    const revoked = { at: '2026-12-01T09:30:00.000Z', reason: 'password_changed' as const };
    calls.loadSchedule.last.resolve(ok({ ...settings, feedLinkRevoked: revoked }));
    await settle();
    expect(task(actor, 'schedule').value).toBe('idle');
    expect(task(actor, 'schedule').context).toMatchObject({ zoneDraft: 'Asia/Tokyo', settings: { hasFeedLink: false, feedLinkRevoked: revoked } });
    // The page told only of the password change.
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Your password has been changed. Every other device has been signed out.');

    // A new link: the section no longer says the last one ended.
    actor.send({ type: 'notice.dismiss' });
    actor.send({ type: 'feedLink.reset' });
    calls.resetFeedLink.last.resolve(ok(link));
    await settle();
    expect(task(actor, 'schedule').context.settings).toMatchObject({ hasFeedLink: true, feedLinkRevoked: null });
  });

  it('signing out every other device ends the link too; a failed read again still drops it', async () => {
    const { actor, calls } = await pageWithSchedule({ ...settings, hasFeedLink: true });
    actor.send({ type: 'devices.signOutOthers' });
    calls.others.last.resolve(ok({ message: 'Signed out.' }));
    await settle();
    expect(task(actor, 'schedule').value).toBe('rereading');
    calls.loadSchedule.last.reject(new Error('offline'));
    await settle();
    expect(task(actor, 'schedule').value).toBe('idle');
    expect(task(actor, 'schedule').context.settings).toMatchObject({ hasFeedLink: false, feedLinkRevoked: null });
  });

  it('another change on the page (a failed password change, a device signed out) leaves the link alone', async () => {
    const { actor, calls } = await pageWithSchedule({ ...settings, hasFeedLink: true });
    actor.send({ type: 'device.signOut', sessionId: phone.id });
    calls.device.last.resolve(ok({ message: 'Signed out.' }));
    await settle();
    actor.send({ type: 'notice.dismiss' });
    for (const [field, value] of [['currentPassword', 'wr0ng#Pass'], ['password', 'N3w#Secret'], ['cpassword', 'N3w#Secret']] as const) {
      actor.send({ type: 'field.change', form: 'password', field, value });
    }
    actor.send({ type: 'password.submit' });
    calls.password.last.resolve(failed(400, { isSuccess: false, message: 'Your current password is not right.' }));
    await settle();
    expect(task(actor, 'schedule').value).toBe('idle');
    expect(task(actor, 'schedule').context.settings?.hasFeedLink).toBe(true);
    expect(calls.loadSchedule.calls).toHaveLength(1);
  });

  it('a link ended while the settings still load asks for them again', async () => {
    const page = await loadedAccountPage();
    page.actor.send({ type: 'devices.signOutOthers' });
    page.calls.others.last.resolve(ok({ message: 'Signed out.' }));
    await settle();
    expect(task(page.actor, 'schedule').value).toBe('loading');
    expect(page.calls.loadSchedule.calls).toHaveLength(2);
    page.calls.loadSchedule.last.resolve(ok({ ...settings, feedLinkRevoked: { at: '2026-12-01T09:30:00.000Z', reason: 'signed_out_everywhere' } }));
    await settle();
    expect(task(page.actor, 'schedule').context.settings?.feedLinkRevoked?.reason).toBe('signed_out_everywhere');
  });
});
