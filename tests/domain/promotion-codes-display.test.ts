// The display rule for promotion codes (decision 069): the first paid charge with a code, and
// the words for how long it lasts.
import { describe, expect, it } from 'vitest';
import { chargeWithDiscount, normalPromotionCode, spanLeft, spanOf } from '@domain/promotion-codes';
import { friend10, held, threeOff, welcome50 } from '../machines/promotion-fixtures';

describe('chargeWithDiscount', () => {
  it('takes a percent off, the charge rounded down as the server charges it', () => {
    expect(chargeWithDiscount(welcome50, 1399, 'EUR')).toBe(699);
    expect(chargeWithDiscount(friend10, 1399, 'EUR')).toBe(1259);
    expect(chargeWithDiscount(friend10, 13990, 'EUR')).toBe(12591);
    expect(chargeWithDiscount({ ...friend10, percent_off: 100 }, 999, 'EUR')).toBe(0);
  });

  it('takes an amount off in the plan\'s currency, never below 0', () => {
    expect(chargeWithDiscount(threeOff, 999, 'EUR')).toBe(699);
    expect(chargeWithDiscount(threeOff, 300, 'EUR')).toBe(0);
    expect(chargeWithDiscount(threeOff, 200, 'EUR')).toBe(0);
  });

  it('takes nothing off in another currency', () => {
    expect(chargeWithDiscount(threeOff, 999, 'USD')).toBe(999);
  });
});

describe('spans', () => {
  it('says how long a code lasts', () => {
    expect(spanOf(welcome50)).toEqual({ kind: 'first' });
    expect(spanOf(friend10)).toEqual({ kind: 'every' });
    expect(spanOf(threeOff)).toEqual({ kind: 'months', months: 3 });
    expect(spanOf({ duration: 'repeating', duration_months: null })).toEqual({ kind: 'first' });
  });

  it('says what a subscription\'s code still takes off', () => {
    expect(spanLeft(held(friend10, null))).toEqual({ kind: 'every' });
    expect(spanLeft(held(welcome50, 1))).toEqual({ kind: 'next', charges: 1 });
    expect(spanLeft(held(threeOff, 2))).toEqual({ kind: 'next', charges: 2 });
    expect(spanLeft(held(threeOff, 0))).toEqual({ kind: 'over' });
  });

  it('normalises a code as the server keeps it', () => {
    expect(normalPromotionCode('  welcome50 ')).toBe('WELCOME50');
  });
});
