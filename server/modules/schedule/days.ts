// Days and times in an account's IANA time zone (docs/decisions/034). Planned days are plain
// local dates ("2026-12-01"): the arithmetic on them is calendar arithmetic (UTC midnights),
// never 24-hour steps, so a daylight-saving change cannot move a planned day.
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

/** The time zone day-based features use while the account has none (`users.time_zone` null). */
export const FALLBACK_TIME_ZONE = 'UTC';

const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/**
 * The IANA zone's canonical spelling ("europe/madrid" → "Europe/Madrid"), or null for anything
 * that is not an IANA zone name (offsets like "+01:00", abbreviations the runtime does not know).
 */
export function canonicalTimeZone(value: string): string | null {
  if (value.length > 64 || !ZONE_NAME.test(value)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The local date ("YYYY-MM-DD") and time ("HH:MM") of `instant` in `timeZone`. */
export function localParts(instant: Date, timeZone: string): { date: string; time: string } {
  const local = new TZDate(instant.getTime(), timeZone);
  return { date: format(local, 'yyyy-MM-dd'), time: format(local, 'HH:mm') };
}

/** A real calendar date in `YYYY-MM-DD` (not 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** `date` moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  parsed.setUTCDate(parsed.getUTCDate() + days);
  return parsed.toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The instant a local date and time happen in `timeZone` (a skipped time, in a spring-forward gap, moves on by the gap). */
export function instantOf(date: string, time: string, timeZone: string): TZDate {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new TZDate(year, month - 1, day, hours, minutes, 0, timeZone);
}

/** The instant the day after `instant`'s begins in `timeZone` (ms since the epoch): when "today" next changes there. */
export function nextLocalMidnight(instant: Date, timeZone: string): number {
  return instantOf(addDays(localParts(instant, timeZone).date, 1), '00:00', timeZone).getTime();
}
