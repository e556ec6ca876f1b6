// The schedule's actors other flows run: the account page's schedule section
// (machines/account-schedule.machine.ts) and "Add to schedule" on a class
// (machines/schedule-add.machine.ts).
import type { Api } from '@api/calls';
import type { AddItemInput } from '@machines/schedule-add.machine';
import { browserTimeZone } from '@domain/schedule';
import { fromCall } from '@lib/call-actor';

/** The account's schedule settings (with this browser's zone proposed), reminders, calendar link and time zone. */
export const accountScheduleActors = (api: Api) => ({
  loadScheduleSettings: fromCall(async (_: unknown, signal: AbortSignal) => {
    const settings = await api.scheduleSettings(signal);
    return settings.kind === 'ok' ? { kind: 'ok' as const, data: { ...settings.data, proposedZone: browserTimeZone() } } : settings;
  }),
  setReminders: fromCall(api.setScheduleReminders),
  resetFeedLink: fromCall((_: unknown, signal: AbortSignal) => api.resetScheduleFeedLink(signal)),
  saveAccountZone: fromCall(api.setAccountTimeZone),
});

/** Plans a class on the account's schedule; the first time, asks whether the account has a time zone and keeps the one chosen. */
export const addToScheduleActors = (api: Api) => ({
  addItem: fromCall((input: AddItemInput, signal) => api.addScheduleItem(input, signal)),
  loadZone: fromCall(async (_: unknown, signal: AbortSignal) => {
    const settings = await api.scheduleSettings(signal);
    return settings.kind === 'ok' ? { kind: 'ok' as const, data: { timeZone: settings.data.timeZone } } : settings;
  }),
  saveZone: fromCall(api.setAccountTimeZone),
});
