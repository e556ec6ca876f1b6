// Model of the account page's schedule settings (machines/account-schedule.machine.ts): read on
// their own (a failure leaves the section unavailable, not the page), then the time zone, the
// reminders switch and the calendar link, each one request that tells the page; Copy puts the
// new link on the clipboard. A page change that ended the link drops it and reads the settings
// again, quietly (the page is not told).
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { accountScheduleMachine, type AccountScheduleContext } from '@machines/account-schedule.machine';
import type { MachineModel } from './machine-model';
import { cancelled, ok, outcomes, outputOf, refused, unreachable } from './outcomes';
import { toldBusy, toldEnd } from './task-reports';

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as AccountScheduleContext;
const link = { url: 'https://fitstream.example/api/v1/schedule/feed/s3cret.ics', webcalUrl: 'webcal://fitstream.example/api/v1/schedule/feed/s3cret.ics' };
const revoked = { at: '2026-12-01T09:30:00.000Z', reason: 'password_changed' as const };

export const model: MachineModel = {
  machine: accountScheduleMachine,
  events: {
    'scheduleZone.change': [
      { type: 'scheduleZone.change', timeZone: 'Asia/Tokyo' },
      { type: 'scheduleZone.change', timeZone: '' },
    ],
    'reminders.toggle': [
      { type: 'reminders.toggle', enabled: true },
      { type: 'reminders.toggle', enabled: false },
    ],
    'page.changed': [
      { type: 'page.changed', change: { keepThisDeviceOnly: true, feedLinkEnded: true } },
      { type: 'page.changed', change: { language: 'es' } },
    ],
  },
  outputs: {
    loadScheduleSettings: [
      ok({ timeZone: null, reminders: false, hasFeedLink: false, feedLinkRevoked: null, proposedZone: 'Europe/Madrid' }),
      ok({ timeZone: 'Europe/Madrid', reminders: true, hasFeedLink: true, feedLinkRevoked: null, proposedZone: 'Europe/Madrid' }),
      ok({ timeZone: 'Europe/Madrid', reminders: false, hasFeedLink: false, feedLinkRevoked: revoked, proposedZone: 'Europe/Madrid' }),
      refused(500),
      unreachable,
      cancelled,
    ],
    saveAccountZone: outcomes({ timeZone: 'Asia/Tokyo' }),
    setReminders: [ok({ reminders: true }), ok({ reminders: false }), refused(400), refused(401), unreachable, cancelled],
    resetFeedLink: outcomes(link),
  },
  states: {
    loading: ({ lastStarted }) => expect(lastStarted('loadScheduleSettings')).toBeDefined(),
    unavailable: ({ snapshot }) => expect(contextOf(snapshot).settings).toBeNull(),
    idle: ({ snapshot }) => {
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(contextOf(snapshot).settings).not.toBeNull();
    },
    savingZone: (world) => {
      toldBusy(world);
      expect(world.lastStarted('saveAccountZone')?.input).toEqual({ timeZone: contextOf(world.snapshot).zoneDraft });
    },
    savingReminders: (world) => {
      toldBusy(world);
      expect(world.lastStarted('setReminders')?.input).toEqual({ enabled: world.event.enabled });
    },
    resettingLink: (world) => toldBusy(world),
    rereading: ({ snapshot, lastStarted, toParent }) => {
      expect(lastStarted('loadScheduleSettings')).toBeDefined();
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(toParent).toEqual([]);
      expect(contextOf(snapshot)).toMatchObject({ link: null, copied: false, settings: { hasFeedLink: false } });
    },
  },
  after: {
    'done: loadScheduleSettings': ({ snapshot, previous, event, toParent }) => {
      const output = outputOf(event);
      expect(toParent).toEqual([]);
      if (output.kind !== 'ok') return;
      const data = output.data as { hasFeedLink: boolean; feedLinkRevoked: unknown };
      expect(contextOf(snapshot).settings).toMatchObject({ hasFeedLink: data.hasFeedLink, feedLinkRevoked: data.feedLinkRevoked });
      // Read again after the link ended: a time zone being typed stays.
      if (previous?.matches('rereading')) expect(contextOf(snapshot).zoneDraft).toBe(contextOf(previous).zoneDraft);
      else expect(contextOf(snapshot).zoneDraft).toBe('Europe/Madrid');
    },
    'page.changed': ({ snapshot, previous, event }) => {
      const ends = (event.change as { feedLinkEnded?: boolean }).feedLinkEnded === true;
      if (ends && previous?.matches('idle')) expect(snapshot.matches('rereading')).toBe(true);
      else if (ends && previous?.matches('loading')) expect(snapshot.matches('loading')).toBe(true);
      else expect(snapshot.value).toEqual(previous?.value);
    },
    'done: saveAccountZone': toldEnd('Your time zone has been saved.'),
    'error: saveAccountZone': toldEnd(''),
    'done: setReminders': (world) => {
      const output = outputOf(world.event);
      const on = output.kind === 'ok' && (output.data as { reminders: boolean }).reminders;
      toldEnd(on ? 'You will get a reminder email on the morning of each planned day.' : 'Reminders are off.')(world);
      if (output.kind === 'ok') expect(contextOf(world.snapshot).settings?.reminders).toBe(on);
    },
    'error: setReminders': toldEnd(''),
    'done: resetFeedLink': (world) => {
      toldEnd('Your calendar link is ready. Any earlier link no longer works.')(world);
      const output = outputOf(world.event);
      if (output.kind === 'ok') {
        expect(contextOf(world.snapshot).link).toEqual(link);
        expect(contextOf(world.snapshot).settings).toMatchObject({ hasFeedLink: true, feedLinkRevoked: null });
      }
    },
    'error: resetFeedLink': toldEnd(''),
    'feedLink.copy': ({ actions, snapshot, previous }) => {
      const copied = actions.filter((action) => action.name === 'copyText').map((action) => action.params);
      const hadLink = previous !== undefined && (previous.context as AccountScheduleContext).link !== null && previous.matches('idle');
      expect(copied).toEqual(hadLink ? [link.url] : []);
      if (hadLink) expect(contextOf(snapshot).copied).toBe(true);
    },
  },
};
