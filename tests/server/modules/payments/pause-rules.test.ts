// The pause rules on their own (server/modules/payments/pause-rules.ts, decision 065).
import { describe, expect, it } from 'vitest';
import { addMonths, pauseDecision, resumeDecision, resumeReminderDue, type PastPause } from '@server/modules/payments/pause-rules';
import { givesAccess } from '@domain/subscriptions';

const periodEnd = new Date('2027-01-31T10:00:00Z');
const active = { status: 'active', cancelAtPeriodEnd: false, currentPeriodEnd: periodEnd, pausedFrom: null, resumesAt: null };
const pauseOf = (from: string, endedAt: string | null = null): PastPause => {
  const pausedFrom = new Date(from);
  return { pausedFrom, resumesAt: addMonths(pausedFrom, 1), endedAt: endedAt ? new Date(endedAt) : null };
};

describe('pauseDecision', () => {
  it.each([1, 2, 3])('pauses for %i month(s) from the end of the paid period', (months) => {
    expect(pauseDecision(active, months, [])).toEqual({ pausedFrom: periodEnd, resumesAt: addMonths(periodEnd, months) });
  });

  it.each([0, 4, 12, -1, 1.5])('refuses %s months', (months) => {
    expect(pauseDecision(active, months, [])).toEqual({ refusal: 'months' });
  });

  it.each([
    ['past_due', 'pastDue'],
    ['unpaid', 'pastDue'],
    ['trialing', 'trialing'],
    ['canceled', 'notCurrent'],
  ])('refuses a %s subscription (%s)', (status, refusal) => {
    expect(pauseDecision({ ...active, status }, 1, [])).toEqual({ refusal });
  });

  it('refuses while cancelling or already paused', () => {
    expect(pauseDecision({ ...active, cancelAtPeriodEnd: true }, 1, [])).toEqual({ refusal: 'cancelling' });
    expect(pauseDecision({ ...active, pausedFrom: periodEnd, resumesAt: addMonths(periodEnd, 1) }, 1, [])).toEqual({ refusal: 'alreadyPaused' });
  });

  it('allows two pauses within a year, not three; one dropped before it began does not count', () => {
    const two = [pauseOf('2026-03-01T00:00:00Z'), pauseOf('2026-07-01T00:00:00Z')];
    expect(pauseDecision(active, 1, two)).toEqual({ refusal: 'tooOften' });
    expect(pauseDecision(active, 1, [two[0]!, pauseOf('2026-07-01T00:00:00Z', '2026-06-20T00:00:00Z')])).toHaveProperty('pausedFrom');
    // More than a year before the new pause's start: no longer counted.
    expect(pauseDecision(active, 1, [pauseOf('2026-01-15T00:00:00Z'), two[1]!])).toHaveProperty('pausedFrom');
  });
});

describe('resumeDecision', () => {
  const paused = { pausedFrom: periodEnd, resumesAt: addMonths(periodEnd, 2) };
  it('drops a pause not begun, charges now for one under way, refuses without a pause', () => {
    expect(resumeDecision(paused, new Date('2027-01-20T00:00:00Z'))).toEqual({ kind: 'drop' });
    expect(resumeDecision(paused, new Date('2027-02-10T00:00:00Z'))).toEqual({ kind: 'chargeNow' });
    expect(resumeDecision({ pausedFrom: null, resumesAt: null }, periodEnd)).toEqual({ refusal: 'notPaused' });
    expect(resumeDecision(paused, addMonths(periodEnd, 2))).toEqual({ refusal: 'notPaused' });
  });
});

describe('access and the reminder', () => {
  const pause = { pausedFrom: periodEnd, resumesAt: addMonths(periodEnd, 1) };
  it('gives access until the pause begins and from the day it ends, not in between', () => {
    const subscription = { status: 'active' as const, currentPeriodEnd: pause.resumesAt, ...pause };
    expect(givesAccess(subscription, new Date(periodEnd.getTime() - 1))).toBe(true);
    expect(givesAccess(subscription, periodEnd)).toBe(false);
    expect(givesAccess(subscription, new Date(pause.resumesAt.getTime() - 1))).toBe(false);
    expect(givesAccess(subscription, pause.resumesAt)).toBe(true);
  });

  it('reminds from 7 days before the resume date', () => {
    expect(resumeReminderDue(pause.resumesAt, new Date(pause.resumesAt.getTime() - 8 * 86_400_000))).toBe(false);
    expect(resumeReminderDue(pause.resumesAt, new Date(pause.resumesAt.getTime() - 7 * 86_400_000))).toBe(true);
    expect(resumeReminderDue(pause.resumesAt, pause.resumesAt)).toBe(false);
  });
});
