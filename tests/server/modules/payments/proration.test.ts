// Proration's arithmetic (server/modules/payments/plan-change.ts): Stripe's, to the second, each side
// rounded to the minor unit; which kind of change a plan choice is.
import { describe, expect, it } from 'vitest';
import { planChange, prorate } from '@server/modules/payments/plan-change';
import type { PlanRow } from '@server/modules/payments/provider';
import type { SubscriptionRow } from '@server/modules/payments/subscription-repository';

const start = new Date('2026-03-01T00:00:00Z');
const end = new Date('2026-04-01T00:00:00Z'); // 31 days = 2,678,400 s

function plan(id: string, amount: number): PlanRow {
  return {
    id, position: amount, name: id[0]!.toUpperCase() + id.slice(1), amount, currency: 'EUR', interval: 'month', intervalCount: 1,
    quality: 'HD', resolution: '720p', resolutionFull: 'HD', simultaneousScreens: 1, downloads: 1, devices: [], popular: false,
    providerPriceId: null, providerYearlyPriceId: null, active: true, maxVideoHeight: 720, mobileOnly: false,
  };
}

function subscription(overrides: Partial<SubscriptionRow> = {}): SubscriptionRow {
  return {
    id: 'sub_1', userId: 'u', planId: 'standard', provider: 'sandbox', checkoutSessionId: null, status: 'active',
    cancelAtPeriodEnd: false, currentPeriodStart: start, currentPeriodEnd: end, trialEnd: null, cardBrand: null,
    cardLast4: null, cardExpMonth: null, cardExpYear: null, createdAt: start, updatedAt: start, scheduledPlanId: null,
    trialReminderSentAt: null, sandboxFailNextRenewal: false, pausedFrom: null, resumesAt: null, resumeReminderSentAt: null,
    paymentFailedAt: null, paymentRetries: 0, nextPaymentAttemptAt: null, graceEndsAt: null, nextChargePercentOff: null,
    billingInterval: 'month', scheduledBillingInterval: null, ...overrides,
  };
}

const standard = plan('standard', 1399);
const premium = plan('premium', 1799);
const basic = plan('basic', 999);

describe('prorate', () => {
  it('credits the unused part and charges the rest, to the second, rounded to the cent', () => {
    // Half way: 1,339,200 s of 2,678,400 s left.
    const half = prorate(1399, 1799, start, end, new Date('2026-03-16T12:00:00Z'));
    expect(half).toEqual({ credit: 700, charge: 900, amountDue: 200, remainingSeconds: 1_339_200, periodSeconds: 2_678_400 });
    // 10 days and 1 second in: 1,814,399 s left → 1399 × 0.677419… = 947.71 → 948; 1799 × … = 1218.68 → 1219.
    const later = prorate(1399, 1799, start, end, new Date('2026-03-11T00:00:01Z'));
    expect(later).toMatchObject({ credit: 948, charge: 1219, amountDue: 271, remainingSeconds: 1_814_399 });
  });

  it('on both sides of the period boundary: the whole period just after it starts, nothing just before it ends', () => {
    expect(prorate(1399, 1799, start, end, new Date(start.getTime() + 1000))).toMatchObject({ credit: 1399, charge: 1799, amountDue: 400 });
    expect(prorate(1399, 1799, start, end, start)).toMatchObject({ credit: 1399, charge: 1799 });
    // One second before the end: 1399/2678400 → 0.0005 → 0 cents.
    expect(prorate(1399, 1799, start, end, new Date(end.getTime() - 1000))).toMatchObject({ credit: 0, charge: 0, amountDue: 0, remainingSeconds: 1 });
    expect(prorate(1399, 1799, start, end, new Date(end.getTime() + 5000))).toMatchObject({ credit: 0, charge: 0, remainingSeconds: 0 });
  });

  it('rounds half a cent up on each side separately', () => {
    // 2 s period, 1 s left: 1 × 1/2 = 0.5 → 1 credit; 3 × 1/2 = 1.5 → 2 charge.
    const s = new Date(0);
    expect(prorate(1, 3, s, new Date(2000), new Date(1000))).toMatchObject({ credit: 1, charge: 2, amountDue: 1 });
  });
});

describe('planChange', () => {
  const now = new Date('2026-03-16T12:00:00Z');

  it('an upgrade is at once with two lines: the credit (negative) and the charge', () => {
    const change = planChange(subscription(), standard, premium, now);
    expect(change).toMatchObject({ kind: 'upgrade', effectiveAt: now, amountDue: 200, currency: 'EUR' });
    if ('refusal' in change) throw new Error('refused');
    expect(change.lines.map((line) => [line.kind, line.planName, line.amount])).toEqual([
      ['proration_credit', 'Standard', -700],
      ['proration_charge', 'Premium', 900],
    ]);
  });

  it('a downgrade waits for the renewal and charges nothing now', () => {
    expect(planChange(subscription(), standard, basic, now)).toMatchObject({ kind: 'downgrade', effectiveAt: end, amountDue: 0, lines: [] });
  });

  it('during the trial any change is at once and free', () => {
    const trialing = subscription({ status: 'trialing', trialEnd: end });
    expect(planChange(trialing, standard, premium, now)).toMatchObject({ kind: 'trial', effectiveAt: now, amountDue: 0 });
    expect(planChange(trialing, standard, basic, now)).toMatchObject({ kind: 'trial', amountDue: 0 });
  });

  it('refuses the same plan, a subscription set to cancel, and one that is not trialing or active', () => {
    expect(planChange(subscription(), standard, standard, now)).toEqual({ refusal: 'unchanged' });
    expect(planChange(subscription({ cancelAtPeriodEnd: true }), standard, premium, now)).toEqual({ refusal: 'cancelling' });
    expect(planChange(subscription({ status: 'past_due' }), standard, premium, now)).toEqual({ refusal: 'not_allowed' });
  });
});

describe('prorate between monthly and yearly (docs/decisions/066)', () => {
  it('charges the new price at its own rate to the same period end, never below zero', () => {
    const yearEnd = new Date('2027-03-01T00:00:00Z'); // 365 days = 31,536,000 s
    // Half of March left on Standard monthly; Premium yearly (17,990) for the same 1,339,200 s.
    const half = prorate(1399, 17990, start, end, new Date('2026-03-16T12:00:00Z'), yearEnd);
    expect(half).toMatchObject({ credit: 700, charge: 764, amountDue: 64 });
    // A credit worth more than the charge (a short month's rate) is not paid out.
    expect(prorate(1399, 9990, start, end, start, yearEnd)).toMatchObject({ credit: 1399, charge: 848, amountDue: 0 });
  });
});
