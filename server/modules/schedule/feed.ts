// The calendar feed (RFC 5545) of an account's planned items, made with ical-generator: one
// VEVENT per item, its UID stable across reads (the item's id), a timed item in the account's
// time zone (DTSTART;TZID=…), an untimed one as an all-day event, the class title as SUMMARY and
// the class page as URL, and a VTIMEZONE for that zone. Nothing else about the account is in it.
import ical, { ICalCalendarMethod } from 'ical-generator';
import { TZDate } from '@date-fns/tz';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import type { AppLocale } from '@domain/locales';
import { routes } from '@domain/routes';
import { instantOf } from './days';
import type { PlannedItem } from './planned-items';

/** The domain that makes each event's UID globally unique. */
const UID_DOMAIN = 'schedule.fitstream';

export function eventUid(item: Pick<PlannedItem, 'id'>): string {
  return `${item.id}@${UID_DOMAIN}`;
}

/**
 * The VTIMEZONE of a zone, named as the feed's TZID names it: strict clients (Outlook) misplace
 * a TZID they find no VTIMEZONE for. The library files an alias under its canonical name
 * ("UTC" as "Etc/UTC", "Asia/Calcutta" as "Asia/Kolkata"), while the runtime may spell the
 * account's zone either way, so the block takes the feed's spelling; the rules are the same.
 */
export function vtimezone(timeZone: string): string | null {
  const [block] = tzlib_get_ical_block(timeZone);
  if (typeof block !== 'string' || !block) return null;
  return block.replace(/^TZID:.*$/m, `TZID:${timeZone}`).replace(/^X-LIC-LOCATION:.*$/m, `X-LIC-LOCATION:${timeZone}`);
}

export function calendarFeed(items: readonly PlannedItem[], timeZone: string, locale: AppLocale, publicUrl: string, now: Date): string {
  const calendar = ical({
    name: locale === 'es' ? 'FitStream: mi agenda' : 'FitStream: my schedule',
    prodId: { company: 'FitStream', product: 'schedule', language: locale.toUpperCase() },
    method: ICalCalendarMethod.PUBLISH,
    // Calendar apps read the feed again about every few hours; this asks for hourly.
    ttl: 60 * 60,
    // No calendar-wide zone (all-day events stay dates); a VTIMEZONE for each event's TZID.
    timezone: { name: null, generator: vtimezone },
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

/**
 * The last feed made for each account, kept while what it shows is the same: making one is
 * about 40 ms of CPU for 200 items (ical-generator formats every date in the zone), while
 * reading what it shows is a few indexed queries. The key is everything the text depends on
 * but its DTSTAMP (when it was made, which RFC 5545 lets stay the first making's), so any
 * change (an item moved, the language or zone changed, a day passing) makes a new one at once,
 * on every instance. Bounded in characters, the least recently read dropped first.
 */
export class FeedCache {
  private readonly feeds = new Map<string, { key: string; text: string }>();
  private chars = 0;

  constructor(private readonly maxChars = 4_000_000) {}

  feed(accountId: string, items: readonly PlannedItem[], timeZone: string, locale: AppLocale, publicUrl: string, now: Date): string {
    const key = JSON.stringify([timeZone, locale, publicUrl, items.map((item) => [item.id, item.date, item.time, item.classId, item.classTitle[locale], item.durationSeconds])]);
    const kept = this.feeds.get(accountId);
    this.drop(accountId);
    const text = kept?.key === key ? kept.text : calendarFeed(items, timeZone, locale, publicUrl, now);
    if (text.length <= this.maxChars) {
      this.feeds.set(accountId, { key, text });
      this.chars += text.length;
      for (const [oldest, entry] of this.feeds) {
        if (this.chars <= this.maxChars) break;
        this.drop(oldest, entry);
      }
    }
    return text;
  }

  private drop(accountId: string, entry = this.feeds.get(accountId)): void {
    if (!entry) return;
    this.feeds.delete(accountId);
    this.chars -= entry.text.length;
  }
}
