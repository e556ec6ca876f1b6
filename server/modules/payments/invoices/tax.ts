// The tax included in prices (docs/decisions/032): prices are tax-inclusive, the rate is the
// customer's country's (configuration, TAX_RATES), and the tax is rounded to the minor unit:
// tax = round(total − total / (1 + rate)), net = total − tax, so net + tax = total exactly.
import type { TaxRates } from '@server/config';

/** What an invoice charged: net and tax in minor units, and the rate in basis points (null: the provider did not say). */
export interface TaxBreakdown {
  net: number;
  tax: number;
  rateBps: number | null;
}

/** The rate (basis points) for a customer's country: the table's entry, else the fallback. */
export function taxRateFor(rates: TaxRates, country: string | null | undefined): number {
  const code = country?.trim().toUpperCase() ?? '';
  return Object.hasOwn(rates.byCountry, code) ? (rates.byCountry[code] ?? rates.fallback) : rates.fallback;
}

/**
 * The tax included in `total` (minor units) at `rateBps`, in whole integers: total × rate /
 * (1 + rate) rounded half away from zero, so a refund's figures mirror its charge's.
 */
export function includedTax(total: number, rateBps: number): TaxBreakdown {
  if (!Number.isSafeInteger(total) || !Number.isInteger(rateBps) || rateBps < 0) throw new RangeError('total and rate must be whole numbers, the rate not negative');
  const divisor = 10_000 + rateBps;
  const magnitude = Math.floor((2 * Math.abs(total) * rateBps + divisor) / (2 * divisor));
  const tax = total < 0 ? -magnitude : magnitude;
  return { net: total - tax, tax, rateBps };
}
