// The rules of a failed renewal, for every provider (docs/decisions/067): the subscription is
// past_due, the payment is retried 1, 3, 5 and 7 days after the first failure, access continues
// for a 7-day grace period, and after the last failed retry the subscription is unpaid. Pure:
// the sandbox carries these rules out as its clock moves; Stripe's webhooks report the same.
const dayMs = 86_400_000;

/** Days after the first failure on which the payment is tried again. */
export const retryDays = [1, 3, 5, 7] as const;

/** The statuses of a subscription whose renewal is unpaid: only these carry a failure's facts. */
export const unpaidStatuses = ['past_due', 'unpaid'] as const;

/** Days of access after the first failure. */
export const graceDays = 7;

/** What a subscription with an unpaid renewal carries (the columns of migration 0039). */
export interface Dunning {
  status: 'past_due' | 'unpaid';
  paymentFailedAt: Date;
  /** Retries that failed since the first failure (0 to retryDays.length). */
  paymentRetries: number;
  /** When the next retry is due; null after the last. */
  nextPaymentAttemptAt: Date | null;
  graceEndsAt: Date;
}

/** The columns once the invoice is paid: no failure, no retry, no grace. */
export const settledDunning = { paymentFailedAt: null, paymentRetries: 0, nextPaymentAttemptAt: null, graceEndsAt: null } as const;

export function graceEnd(paymentFailedAt: Date): Date {
  return new Date(paymentFailedAt.getTime() + graceDays * dayMs);
}

/** When retry number `retry` (1-based) is due; null past the last. */
export function retryAt(paymentFailedAt: Date, retry: number): Date | null {
  const days = retryDays[retry - 1];
  return days === undefined ? null : new Date(paymentFailedAt.getTime() + days * dayMs);
}

/** A renewal's first failed payment at `failedAt`. */
export function firstFailure(failedAt: Date): Dunning {
  return { status: 'past_due', paymentFailedAt: failedAt, paymentRetries: 0, nextPaymentAttemptAt: retryAt(failedAt, 1), graceEndsAt: graceEnd(failedAt) };
}

/** A retry failed: the next one is scheduled, or after the last the subscription is unpaid. */
export function retryFailed(dunning: Dunning): Dunning {
  const paymentRetries = Math.min(dunning.paymentRetries + 1, retryDays.length);
  const nextPaymentAttemptAt = retryAt(dunning.paymentFailedAt, paymentRetries + 1);
  return { ...dunning, paymentRetries, nextPaymentAttemptAt, status: nextPaymentAttemptAt === null ? 'unpaid' : 'past_due' };
}

/** Whether a retry is due at `now`. */
export function retryDue(dunning: Pick<Dunning, 'nextPaymentAttemptAt'>, now: Date): boolean {
  return dunning.nextPaymentAttemptAt !== null && dunning.nextPaymentAttemptAt.getTime() <= now.getTime();
}

/**
 * The state a provider reports after an attempt (Stripe: the invoice's attempt_count and
 * next_payment_attempt). Attempts are counted from 1 (the renewal itself); the first failure's
 * time is kept from an earlier report when there is one, so the grace period never moves.
 */
export function reportedFailure(
  previous: Pick<Dunning, 'paymentFailedAt'> | null,
  report: { failedAt: Date; attempt: number; nextPaymentAttemptAt: Date | null; status: 'past_due' | 'unpaid' },
): Dunning {
  const paymentFailedAt = previous?.paymentFailedAt ?? report.failedAt;
  return {
    status: report.status,
    paymentFailedAt,
    paymentRetries: Math.max(0, Math.min(report.attempt - 1, retryDays.length)),
    nextPaymentAttemptAt: report.nextPaymentAttemptAt,
    graceEndsAt: graceEnd(paymentFailedAt),
  };
}
