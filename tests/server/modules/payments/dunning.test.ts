// The failed-renewal rules (server/modules/payments/dunning.ts, decision 067): retries 1, 3, 5
// and 7 days after the first failure, 7 days of grace, unpaid after the last retry.
import { describe, expect, it } from 'vitest';
import { firstFailure, graceEnd, reportedFailure, retryDue, retryFailed } from '@server/modules/payments/dunning';
import { givesAccess } from '@domain/subscriptions';

const day = 86_400_000;
const failedAt = new Date('2026-03-10T08:00:00Z');
const at = (days: number) => new Date(failedAt.getTime() + days * day);

describe('dunning rules', () => {
  it('a first failure is past_due, retried after 1 day, with access for 7 days', () => {
    expect(firstFailure(failedAt)).toEqual({ status: 'past_due', paymentFailedAt: failedAt, paymentRetries: 0, nextPaymentAttemptAt: at(1), graceEndsAt: at(7) });
    expect(graceEnd(failedAt)).toEqual(at(7));
  });

  it('each failed retry schedules the next (days 3, 5, 7); after the last the subscription is unpaid', () => {
    const states = [firstFailure(failedAt)];
    for (let i = 0; i < 4; i += 1) states.push(retryFailed(states[states.length - 1]!));
    expect(states.map((s) => [s.status, s.paymentRetries, s.nextPaymentAttemptAt])).toEqual([
      ['past_due', 0, at(1)],
      ['past_due', 1, at(3)],
      ['past_due', 2, at(5)],
      ['past_due', 3, at(7)],
      ['unpaid', 4, null],
    ]);
    // The grace period never moves with the retries.
    expect(new Set(states.map((s) => s.graceEndsAt.getTime()))).toEqual(new Set([at(7).getTime()]));
    expect(retryFailed(states[4]!)).toMatchObject({ status: 'unpaid', paymentRetries: 4, nextPaymentAttemptAt: null });
  });

  it('a retry is due once its time has come, never after the last', () => {
    const first = firstFailure(failedAt);
    expect(retryDue(first, at(0.99))).toBe(false);
    expect(retryDue(first, at(1))).toBe(true);
    expect(retryDue({ nextPaymentAttemptAt: null }, at(30))).toBe(false);
  });

  it('a provider-reported attempt keeps the first failure, so a late event does not move the grace period', () => {
    const first = reportedFailure(null, { failedAt, attempt: 1, nextPaymentAttemptAt: at(1), status: 'past_due' });
    expect(first).toMatchObject({ paymentRetries: 0, graceEndsAt: at(7) });
    const third = reportedFailure(first, { failedAt: at(3), attempt: 3, nextPaymentAttemptAt: at(5), status: 'past_due' });
    expect(third).toMatchObject({ paymentFailedAt: failedAt, paymentRetries: 2, nextPaymentAttemptAt: at(5), graceEndsAt: at(7) });
  });

  it('past_due gives access until the grace end, and not after; unpaid never does', () => {
    const subscription = { currentPeriodEnd: at(30), graceEndsAt: at(7) };
    expect(givesAccess({ ...subscription, status: 'past_due' }, at(6.9))).toBe(true);
    expect(givesAccess({ ...subscription, status: 'past_due' }, at(7))).toBe(false);
    expect(givesAccess({ ...subscription, status: 'past_due', graceEndsAt: null }, at(0))).toBe(false);
    expect(givesAccess({ ...subscription, status: 'unpaid' }, at(1))).toBe(false);
  });
});
