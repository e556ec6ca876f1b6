// The digest's week (docs/decisions/037): an ISO week in the account's time zone (UTC when it
// has none), due from Monday 08:00 there. A server that was down on Monday builds it later
// that week; never twice (the week is part of the digest's key).
import { TZDate } from '@date-fns/tz';
import { getISOWeek, getISOWeekYear } from 'date-fns';

/** The local hour on Monday from which a week's digest is due. */
export const DIGEST_HOUR = 8;

function zoned(now: Date, timeZone: string | null): TZDate {
  try {
    return new TZDate(now.getTime(), timeZone ?? 'UTC');
  } catch {
    return new TZDate(now.getTime(), 'UTC');
  }
}

/** '2026-W48': the ISO week `now` falls in, in `timeZone`. */
export function digestWeek(now: Date, timeZone: string | null): string {
  const local = zoned(now, timeZone);
  if (Number.isNaN(local.getTime())) return 'invalid';
  return `${getISOWeekYear(local)}-W${String(getISOWeek(local)).padStart(2, '0')}`;
}

/** Whether this week's digest is due: any time from Monday 08:00 in `timeZone` on. */
export function digestDue(now: Date, timeZone: string | null): boolean {
  const local = zoned(now, timeZone);
  return !(local.getDay() === 1 && local.getHours() < DIGEST_HOUR);
}
