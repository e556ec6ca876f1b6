// Promotion codes' rules (domain/promotion-codes.ts, decision 069): reading a typed code, every
// refusal, a charge with the discount, and the charges a code covers.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { amountWithDiscount, chargesCovered, firstPaidCharge, normalisePromotionCode, promotionRefusal, type PromotionTerms } from '@domain/promotion-codes';
import { discountedAmount } from '@server/modules/payments/cancel-rules';

const now = new Date('2026-11-29T12:00:00Z');
const welcome: PromotionTerms = {
  percentOff: 50,
  amountOff: null,
  currency: null,
  active: true,
  expiresAt: null,
  maxRedemptions: null,
  timesRedeemed: 0,
  firstSubscriptionOnly: true,
};
const context = { now, firstSubscription: true, currency: 'EUR' };

describe('normalisePromotionCode', () => {
  it('trims and upper-cases what is typed', () => {
    expect(normalisePromotionCode('  welcome50 ')).toBe('WELCOME50');
    expect(normalisePromotionCode('friend_10-x')).toBe('FRIEND_10-X');
  });

  it('reads nothing outside [A-Z0-9_-]{3,40} as a code', () => {
    for (const typed of ['', '  ', 'AB', 'WELCOME 50', 'ÑANDÚ', 'A'.repeat(41), "x'; drop", 'caf\u00e9']) {
      expect(normalisePromotionCode(typed)).toBeNull();
    }
  });

  it('is idempotent, and whatever it answers matches the pattern', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 50 }), (typed) => {
        const code = normalisePromotionCode(typed);
        if (code === null) return;
        expect(code).toMatch(/^[A-Z0-9_-]{3,40}$/);
        expect(normalisePromotionCode(code.toLowerCase())).toBe(code);
      }),
    );
  });
});

describe('promotionRefusal', () => {
  it('accepts a usable code', () => {
    expect(promotionRefusal(welcome, context)).toBeNull();
  });

  it('refuses an unknown or inactive code as unknown', () => {
    expect(promotionRefusal(null, context)).toBe('unknown');
    expect(promotionRefusal({ ...welcome, active: false }, context)).toBe('unknown');
  });

  it('refuses a code past its date, from the instant it expires', () => {
    expect(promotionRefusal({ ...welcome, expiresAt: now }, context)).toBe('expired');
    expect(promotionRefusal({ ...welcome, expiresAt: new Date(now.getTime() + 1) }, context)).toBeNull();
  });

  it('refuses a code redeemed as often as it may be', () => {
    expect(promotionRefusal({ ...welcome, maxRedemptions: 3, timesRedeemed: 3 }, context)).toBe('usedUp');
    expect(promotionRefusal({ ...welcome, maxRedemptions: 3, timesRedeemed: 2 }, context)).toBeNull();
  });

  it('refuses a first-subscription code to an account that had one', () => {
    expect(promotionRefusal(welcome, { ...context, firstSubscription: false })).toBe('firstSubscriptionOnly');
    expect(promotionRefusal({ ...welcome, firstSubscriptionOnly: false }, { ...context, firstSubscription: false })).toBeNull();
  });

  it('refuses an amount off in another currency than the plan', () => {
    const fiveEuros = { ...welcome, percentOff: null, amountOff: 500, currency: 'EUR', firstSubscriptionOnly: false };
    expect(promotionRefusal(fiveEuros, { ...context, currency: 'USD' })).toBe('currency');
    expect(promotionRefusal(fiveEuros, { ...context, currency: 'eur' })).toBeNull();
  });
});

describe('amountWithDiscount', () => {
  it('takes a percent off rounded down, as the retention offer does', () => {
    expect(amountWithDiscount(1299, { percent_off: 50, amount_off: null })).toBe(649);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 100 }), (amount, percent) => {
        const charged = amountWithDiscount(amount, { percent_off: percent, amount_off: null });
        expect(charged).toBe(discountedAmount(amount, percent));
        expect(charged).toBeGreaterThanOrEqual(0);
        expect(charged).toBeLessThanOrEqual(amount);
      }),
    );
  });

  it('takes an amount off, never below 0', () => {
    expect(amountWithDiscount(1299, { percent_off: null, amount_off: 500 })).toBe(799);
    expect(amountWithDiscount(1299, { percent_off: null, amount_off: 5000 })).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 10_000_000 }), (amount, off) => {
        expect(amountWithDiscount(amount, { percent_off: null, amount_off: off })).toBe(Math.max(0, amount - off));
      }),
    );
  });
});

describe('chargesCovered', () => {
  it('is one charge for once and none left out for forever', () => {
    expect(chargesCovered({ duration: 'once', duration_months: null }, 'month')).toBe(1);
    expect(chargesCovered({ duration: 'once', duration_months: null }, 'year')).toBe(1);
    expect(chargesCovered({ duration: 'forever', duration_months: null }, 'year')).toBeNull();
  });

  it('counts N months as N monthly charges or ⌈N/12⌉ yearly ones', () => {
    expect(chargesCovered({ duration: 'repeating', duration_months: 3 }, 'month')).toBe(3);
    expect(chargesCovered({ duration: 'repeating', duration_months: 3 }, 'year')).toBe(1);
    expect(chargesCovered({ duration: 'repeating', duration_months: 12 }, 'year')).toBe(1);
    expect(chargesCovered({ duration: 'repeating', duration_months: 13 }, 'year')).toBe(2);
  });
});

describe('firstPaidCharge', () => {
  it('is the monthly price, or 10 of them for a year, with the code', () => {
    expect(firstPaidCharge(1299, 'month', { percent_off: 50, amount_off: null })).toBe(649);
    expect(firstPaidCharge(1299, 'year', { percent_off: 10, amount_off: null })).toBe(11691);
    expect(firstPaidCharge(1299, 'year', { percent_off: null, amount_off: 1000 })).toBe(11990);
  });
});
