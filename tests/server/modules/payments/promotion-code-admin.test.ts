// `npm run billing:codes` (server/modules/payments/promotion-code-admin.ts, scripts/promotion-codes.ts,
// decision 069): every bad input refused before anything is written; list, create and deactivate.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { promotionCodes } from '@server/db/schema';
import { parsePromotionCodeCommand, runPromotionCodeCommand } from '@server/modules/payments/promotion-code-admin';
import { testAppForFile } from '../../harness';

const test = testAppForFile();

describe('parsing billing:codes', () => {
  it('refuses every bad input with a reason', () => {
    const bad: string[][] = [
      [],
      ['remove', 'X'],
      ['create'],
      ['create', 'a b'],
      ['create', 'SPRING'],
      ['create', 'SPRING', '--percent-off', '0'],
      ['create', 'SPRING', '--percent-off', '101'],
      ['create', 'SPRING', '--percent-off', '10', '--amount-off', '500'],
      ['create', 'SPRING', '--amount-off', '500'],
      ['create', 'SPRING', '--amount-off', '5.5', '--currency', 'EUR'],
      ['create', 'SPRING', '--percent-off', '10', '--currency', 'EUR'],
      ['create', 'SPRING', '--percent-off', '10', '--duration', 'sometimes'],
      ['create', 'SPRING', '--percent-off', '10', '--duration', 'repeating'],
      ['create', 'SPRING', '--percent-off', '10', '--months', '3'],
      ['create', 'SPRING', '--percent-off', '10', '--expires', '2026-02-30'],
      ['create', 'SPRING', '--percent-off', '10', '--max-redemptions', '-1'],
      ['create', 'SPRING', '--percent-off', '10', '--bogus'],
      ['create', 'SPRING', '--percent-off'],
      ['deactivate'],
    ];
    for (const args of bad) expect(parsePromotionCodeCommand(args), args.join(' ')).toHaveProperty('error');
  });

  it('reads a full create', () => {
    expect(
      parsePromotionCodeCommand(['create', 'spring', '--amount-off', '500', '--currency', 'eur', '--duration', 'repeating', '--months', '3', '--expires', '2027-03-31', '--max-redemptions', '100', '--first-subscription-only']),
    ).toEqual({
      kind: 'create',
      code: { code: 'SPRING', percentOff: null, amountOff: 500, currency: 'EUR', duration: 'repeating', durationMonths: 3, expiresAt: new Date('2027-03-31T23:59:59.999Z'), maxRedemptions: 100, firstSubscriptionOnly: true },
    });
  });
});

describe('running billing:codes (sandbox)', () => {
  it('creates, lists and deactivates a code; a second create and an unknown code are refused', async () => {
    const run = async (...args: string[]) => {
      const command = parsePromotionCodeCommand(args);
      if ('error' in command) throw new Error(command.error);
      return runPromotionCodeCommand(test.app.db, test.app.paymentProvider, command);
    };
    expect(await run('create', 'summer25', '--percent-off', '25', '--max-redemptions', '10')).toEqual({ output: 'SUMMER25 created.' });
    expect(await run('create', 'SUMMER25', '--percent-off', '5')).toEqual({ error: 'SUMMER25 exists already.' });
    const listed = await run('list');
    expect('output' in listed && listed.output).toContain('SUMMER25  25% off  once  redeemed 0/10  no expiry  active');
    expect(await run('deactivate', 'summer25')).toEqual({ output: 'SUMMER25 deactivated.' });
    const [row] = await test.app.db.select().from(promotionCodes).where(eq(promotionCodes.code, 'SUMMER25'));
    expect(row).toMatchObject({ active: false, percentOff: 25, providerCouponId: null });
    expect(await run('deactivate', 'NOSUCHCODE')).toEqual({ error: 'No promotion code NOSUCHCODE.' });
  });
});
