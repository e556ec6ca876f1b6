// The calendar feed (RFC 5545) of an account's planned items, made with ical-generator: one
// VEVENT per item, its UID stable across reads (the item's id), a timed item in the account's
// time zone (DTSTART;TZID=…), an untimed one as an all-day event, the class title as SUMMARY and
// the class page as URL. Nothing else about the account is in it.
import ical, { ICalCalendarMethod } from 'ical-generator';
import { TZDate } from '@date-fns/tz';
import type { AppLocale } from '@i18n/locales';
import { routes } from '@domain/routes';
import { instantOf } from './days';
import type { PlannedItem } from './planned-items';

/** The domain that makes each event's UID globally unique. */
const UID_DOMAIN = 'schedule.fitstream';

export function eventUid(item: Pick<PlannedItem, 'id'>): string {
  return `${item.id}@${UID_DOMAIN}`;
}

export function calendarFeed(items: readonly PlannedItem[], timeZone: string, locale: AppLocale, publicUrl: string, now: Date): string {
  const calendar = ical({
    name: locale === 'es' ? 'FitStream: mi agenda' : 'FitStream: my schedule',
    prodId: { company: 'FitStream', product: 'schedule', language: locale.toUpperCase() },
    method: ICalCalendarMethod.PUBLISH,
    // Calendar apps read the feed again about every few hours; this asks for hourly.
    ttl: 60 * 60,
  });
  for (const item of items) {
    const url = `${publicUrl}${routes.classDetail.href(item.classId)}`;
    const common = { id: eventUid(item), stamp: now, summary: item.classTitle[locale], url };
    if (item.time) {
      const start = instantOf(item.date, item.time, timeZone);
      const end = new TZDate(start.getTime() + Math.max(item.durationSeconds, 60) * 1000, timeZone);
      calendar.createEvent({ ...common, timezone: timeZone, start, end });
    } else {
      const [year, month, day] = item.date.split('-').map(Number) as [number, number, number];
      calendar.createEvent({ ...common, allDay: true, start: new TZDate(year, month - 1, day, 'UTC') });
    }
  }
  return calendar.toString();
}
