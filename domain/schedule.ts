// The schedule's days (docs/decisions/034): local dates ("YYYY-MM-DD") in the account's time
// zone, weeks from Monday in every language, and what the notices say. Calendar arithmetic on
// UTC midnights, so a daylight-saving change never moves a day.
import { defineMessages } from '@formatjs/intl';
import type { Schemas } from './contract';

export type ScheduleItem = Schemas['ScheduleItem'];

/** `date` moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  parsed.setUTCDate(parsed.getUTCDate() + days);
  return parsed.toISOString().slice(0, 10);
}

/** The Monday of the week `date` is in (weeks start on Monday in English and Spanish alike). */
export function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/** The seven days of the week starting on `monday`. */
export const weekDays = (monday: string): string[] => Array.from({ length: 7 }, (_, i) => addDays(monday, i));

/** Today in `timeZone`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The browser's IANA time zone, the default offered when the account has none. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export const scheduleNotices = defineMessages({
  added: { id: 'schedule.notice.added', defaultMessage: 'The class is on your schedule.' },
  moved: { id: 'schedule.notice.moved', defaultMessage: 'The class has been moved.' },
  removed: { id: 'schedule.notice.removed', defaultMessage: 'The class has been removed from your schedule.' },
  timeZoneSaved: { id: 'schedule.notice.timeZoneSaved', defaultMessage: 'Your time zone has been saved.' },
  remindersOn: { id: 'schedule.notice.remindersOn', defaultMessage: 'You will get a reminder email on the morning of each planned day.' },
  remindersOff: { id: 'schedule.notice.remindersOff', defaultMessage: 'Reminders are off.' },
  linkReady: { id: 'schedule.notice.linkReady', defaultMessage: 'Your calendar link is ready. Any earlier link no longer works.' },
  loadFailed: { id: 'schedule.notice.loadFailed', defaultMessage: 'Your schedule could not be loaded.' },
});
