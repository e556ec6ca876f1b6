// The programme calendar's day arithmetic in a time zone, across daylight-saving changes.
import { describe, expect, it } from 'vitest';
import { localDate, planDates, proposedWeekdays } from '@server/modules/programmes/dates';

describe('programme dates', () => {
  it('reads the local date in the account zone, UTC without one', () => {
    const instant = new Date('2026-03-29T22:30:00Z');
    expect(localDate(instant, 'Europe/Madrid')).toBe('2026-03-30');
    expect(localDate(instant, 'America/Los_Angeles')).toBe('2026-03-29');
    expect(localDate(instant, null)).toBe('2026-03-29');
  });

  it('steps whole local days over a 23-hour and a 25-hour day', () => {
    expect(planDates('2026-03-27', [7, 1], 4, 'Europe/Madrid')).toEqual(['2026-03-29', '2026-03-30', '2026-04-05', '2026-04-06']);
    expect(planDates('2026-10-24', [7, 1], 4, 'Europe/Madrid')).toEqual(['2026-10-25', '2026-10-26', '2026-11-01', '2026-11-02']);
    expect(planDates('2026-10-31', [6, 7], 3, 'America/New_York')).toEqual(['2026-10-31', '2026-11-01', '2026-11-07']);
  });

  it('proposes weekdays spread over the week', () => {
    expect(proposedWeekdays(2)).toEqual([2, 4]);
    expect(proposedWeekdays(3)).toEqual([1, 3, 5]);
    expect(proposedWeekdays(4)).toEqual([1, 2, 4, 6]);
  });
});
