// `npm run billing:codes` (scripts/promotion-codes.ts, decision 069): listing, creating and
// deactivating promotion codes, since the product has no admin role. Parsing is kept apart from
// the database so that every bad input is answered before anything is written.
import { asc, eq } from 'drizzle-orm';
import { normalisePromotionCode, promotionDurations, type PromotionDuration } from '@domain/promotion-codes';
import type { Database } from '@server/db/client';
import { promotionCodes } from '@server/db/schema';
import type { PaymentProvider } from './provider';

export const promotionCodesUsage = `Usage: npm run billing:codes -- list
       npm run billing:codes -- create CODE (--percent-off N | --amount-off N --currency EUR) [--duration once|repeating|forever] [--months N] [--expires YYYY-MM-DD] [--max-redemptions N] [--first-subscription-only]
       npm run billing:codes -- deactivate CODE`;

export type NewPromotionCode = typeof promotionCodes.$inferInsert;
export type PromotionCodeCommand = { kind: 'list' } | { kind: 'create'; code: NewPromotionCode } | { kind: 'deactivate'; code: string };

const positive = (raw: string | undefined, max = Number.MAX_SAFE_INTEGER): number | null =>
  raw !== undefined && /^\d+$/.test(raw) && Number(raw) >= 1 && Number(raw) <= max ? Number(raw) : null;

/** The command the arguments ask for, or why they cannot be run. */
export function parsePromotionCodeCommand(args: readonly string[]): PromotionCodeCommand | { error: string } {
  const [command, ...rest] = args;
  if (command === 'list' && rest.length === 0) return { kind: 'list' };
  if (command === 'deactivate' && rest.length === 1) {
    const code = normalisePromotionCode(rest[0]!);
    return code ? { kind: 'deactivate', code } : { error: `"${rest[0]}" is not a code: 3 to 40 of A-Z, 0-9, _ and -.` };
  }
  if (command !== 'create') return { error: 'Give one of list, create CODE, deactivate CODE.' };
  const [typed, ...flags] = rest;
  const code = typed === undefined ? null : normalisePromotionCode(typed);
  if (code === null) return { error: `"${typed ?? ''}" is not a code: 3 to 40 of A-Z, 0-9, _ and -.` };
  const options = new Map<string, string | true>();
  for (let index = 0; index < flags.length; index += 1) {
    const flag = flags[index]!;
    if (flag === '--first-subscription-only') options.set(flag, true);
    else if (['--percent-off', '--amount-off', '--currency', '--duration', '--months', '--expires', '--max-redemptions'].includes(flag)) {
      const value = flags[index + 1];
      if (value === undefined || value.startsWith('--')) return { error: `${flag} needs a value.` };
      options.set(flag, value);
      index += 1;
    } else return { error: `Unknown option ${flag}.` };
  }
  const value = (flag: string) => (typeof options.get(flag) === 'string' ? (options.get(flag) as string) : undefined);
  const percentOff = options.has('--percent-off') ? positive(value('--percent-off'), 100) : null;
  const amountOff = options.has('--amount-off') ? positive(value('--amount-off')) : null;
  if (options.has('--percent-off') === options.has('--amount-off')) return { error: 'Give exactly one of --percent-off N and --amount-off N.' };
  if (options.has('--percent-off') && percentOff === null) return { error: '--percent-off must be a whole number from 1 to 100.' };
  if (options.has('--amount-off') && amountOff === null) return { error: '--amount-off must be a whole number of minor units (cents), at least 1.' };
  const currency = value('--currency')?.toUpperCase() ?? null;
  if (amountOff !== null && (currency === null || !/^[A-Z]{3}$/.test(currency))) return { error: '--amount-off needs --currency with a 3-letter code (EUR).' };
  if (percentOff !== null && currency !== null) return { error: '--currency goes with --amount-off only.' };
  const duration = (value('--duration') ?? 'once') as PromotionDuration;
  if (!promotionDurations.includes(duration)) return { error: '--duration must be once, repeating or forever.' };
  const months = options.has('--months') ? positive(value('--months'), 120) : null;
  if (options.has('--months') && months === null) return { error: '--months must be a whole number from 1 to 120.' };
  if ((duration === 'repeating') !== (months !== null)) return { error: '--months N goes with --duration repeating, and only with it.' };
  const expires = value('--expires');
  const expiresAt = expires === undefined ? null : new Date(`${expires}T23:59:59.999Z`);
  if (expires !== undefined && (!/^\d{4}-\d{2}-\d{2}$/.test(expires) || Number.isNaN(expiresAt!.getTime()) || expiresAt!.toISOString().slice(0, 10) !== expires)) {
    return { error: '--expires must be a date, YYYY-MM-DD.' };
  }
  const maxRedemptions = options.has('--max-redemptions') ? positive(value('--max-redemptions')) : null;
  if (options.has('--max-redemptions') && maxRedemptions === null) return { error: '--max-redemptions must be a whole number, at least 1.' };
  return {
    kind: 'create',
    code: { code, percentOff, amountOff, currency, duration, durationMonths: months, expiresAt, maxRedemptions, firstSubscriptionOnly: options.has('--first-subscription-only') },
  };
}

/** Runs a parsed command; answers the lines to print, or an error (nothing written). */
export async function runPromotionCodeCommand(db: Database, provider: PaymentProvider, command: PromotionCodeCommand): Promise<{ output: string } | { error: string }> {
  if (command.kind === 'list') {
    const rows = await db.select().from(promotionCodes).orderBy(asc(promotionCodes.code));
    const lines = rows.map((row) =>
      [
        row.code,
        row.percentOff !== null ? `${row.percentOff}% off` : `${row.amountOff} ${row.currency} off`,
        row.duration === 'repeating' ? `${row.durationMonths} months` : row.duration,
        `redeemed ${row.timesRedeemed}${row.maxRedemptions !== null ? `/${row.maxRedemptions}` : ''}`,
        row.expiresAt ? `expires ${row.expiresAt.toISOString().slice(0, 10)}` : 'no expiry',
        ...(row.firstSubscriptionOnly ? ['first subscription only'] : []),
        row.active ? 'active' : 'inactive',
      ].join('  '),
    );
    return { output: lines.length > 0 ? lines.join('\n') : 'No promotion codes.' };
  }
  if (command.kind === 'deactivate') {
    const rows = await db.update(promotionCodes).set({ active: false }).where(eq(promotionCodes.code, command.code)).returning({ id: promotionCodes.id });
    // Subscriptions holding it keep their discount (decision 069), as at Stripe.
    return rows.length > 0 ? { output: `${command.code} deactivated.` } : { error: `No promotion code ${command.code}.` };
  }
  const [existing] = await db.select({ id: promotionCodes.id }).from(promotionCodes).where(eq(promotionCodes.code, command.code.code));
  if (existing) return { error: `${command.code.code} exists already.` };
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(promotionCodes).values(command.code).returning();
    // At the provider inside the transaction: a refusal there leaves no code here.
    const made = await provider.createPromotionCode(row!);
    if (made) await tx.update(promotionCodes).set({ providerCouponId: made.couponId, providerPromotionCodeId: made.promotionCodeId }).where(eq(promotionCodes.id, row!.id));
    return { output: `${row!.code} created${made ? ` (Stripe coupon ${made.couponId}, promotion code ${made.promotionCodeId})` : ''}.` };
  });
}
