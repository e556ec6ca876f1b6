// Model of the account page's schedule settings (machines/account-schedule.machine.ts): read on
// their own (a failure leaves the section unavailable, not the page), then the time zone, the
// reminders switch and the calendar link, each one request that tells the page; Copy puts the
// new link on the clipboard.
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { accountScheduleMachine, type AccountScheduleContext } from '@machines/account-schedule.machine';
import type { MachineModel } from './machine-model';
import { cancelled, ok, outcomes, outputOf, refused, unreachable } from './outcomes';
import { toldBusy, toldEnd } from './task-reports';

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as AccountScheduleContext;
const link = { url: 'https://fitstream.example/api/v1/schedule/feed/s3cret.ics', webcalUrl: 'webcal://fitstream.example/api/v1/schedule/feed/s3cret.ics' };

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
  },
  outputs: {
    loadScheduleSettings: [
      ok({ timeZone: null, reminders: false, hasFeedLink: false, proposedZone: 'Europe/Madrid' }),
      ok({ timeZone: 'Europe/Madrid', reminders: true, hasFeedLink: true, proposedZone: 'Europe/Madrid' }),
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
  },
  after: {
    'done: loadScheduleSettings': ({ snapshot, event }) => {
      const output = outputOf(event);
      if (output.kind === 'ok') expect(contextOf(snapshot).zoneDraft).toBe('Europe/Madrid');
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
        expect(contextOf(world.snapshot).settings?.hasFeedLink).toBe(true);
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
