// The settings of invoices: who issues them, and the tax included in prices by country
// (docs/decisions/032).
import { ConfigError, configSection, parsed, text } from '@server/settings';

/** The seller block of every invoice (SELLER_NAME, SELLER_ADDRESS, SELLER_TAX_ID). */
export interface SellerConfig {
  name: string;
  addressLines: string[];
  taxId: string;
}

/** Tax rates in basis points (2100 = 21 %), by ISO country code, and the rate for every other country. */
export interface TaxRates {
  byCountry: Readonly<Record<string, number>>;
  fallback: number;
}

export interface InvoicingConfig {
  seller: SellerConfig;
  taxRates: TaxRates;
}

/** The sandbox's seller: a sample identity, to be replaced by the operator's own. */
export const defaultSeller: SellerConfig = {
  name: 'FitStream Ltd.',
  addressLines: ['1 Sample Quay', 'Dublin D02 X285', 'Ireland'],
  taxId: 'IE1234567FA',
};

/** EU VAT standard rates (basis points) for the EU countries the sign-up offers; 0 elsewhere. */
export const defaultTaxRates: TaxRates = {
  byCountry: {
    AT: 2000, BE: 2100, BG: 2000, HR: 2500, CY: 1900, CZ: 2100, DK: 2500, EE: 2400, FI: 2550,
    FR: 2000, DE: 1900, GR: 2400, HU: 2700, IE: 2300, IT: 2200, LV: 2100, LT: 2100, LU: 1700,
    MT: 1800, NL: 2100, PL: 2300, PT: 2300, RO: 2100, SK: 2300, SI: 2200, ES: 2100, SE: 2500,
  },
  fallback: 0,
};

export const defaultInvoicing: InvoicingConfig = { seller: defaultSeller, taxRates: defaultTaxRates };

/** A percentage with at most two decimals ("21", "25.5", "8.1") in basis points. */
function percentInBasisPoints(text: string): number | null {
  if (!/^\d{1,2}(\.\d{1,2})?$|^100(\.0{1,2})?$/.test(text)) return null;
  return Math.round(Number(text) * 100);
}

/** TAX_RATES over the embedded table, entry by entry: `ES=21,DE=19,FI=25.5`, and `*=<rate>` for every other country. */
function taxRates(raw: string): TaxRates {
  const byCountry: Record<string, number> = { ...defaultTaxRates.byCountry };
  let fallback = defaultTaxRates.fallback;
  for (const entry of raw.split(',').map((part) => part.trim()).filter(Boolean)) {
    const match = /^([A-Z]{2}|\*)\s*=\s*(\S+)$/.exec(entry);
    const rate = match ? percentInBasisPoints(match[2] ?? '') : null;
    if (!match || rate === null) {
      throw new ConfigError(`TAX_RATES must list <country>=<percent> entries, e.g. "ES=21,DE=19,*=0" (got "${entry}").`);
    }
    if (match[1] === '*') fallback = rate;
    else byCountry[match[1] ?? ''] = rate;
  }
  return { byCountry, fallback };
}

export const invoicingConfig = configSection({
  name: 'invoices',
  file: 'server/modules/payments/invoices/config.ts',
  settings: {
    SELLER_NAME: text({
      defaultText: '`FitStream Ltd.` (a sample seller)',
      description: 'the seller named on every invoice (a warning at start with `NODE_ENV=production` while it is unset) (decision 032)',
    }),
    SELLER_ADDRESS: text({ defaultText: 'the sample seller\'s, in Dublin', description: 'the seller\'s address on every invoice, lines separated by `;`' }),
    SELLER_TAX_ID: text({ defaultText: '`IE1234567FA` (the sample seller\'s)', description: 'the seller\'s tax number on every invoice' }),
    TAX_RATES: parsed(taxRates, {
      defaultText: 'EU VAT standard rates, `0` elsewhere',
      description:
        'the tax included in prices, by the customer\'s country: `ES=21,CH=8.1,*=0` overrides the embedded table entry by entry, `*` for every other country; each invoice stores the rate, net and tax it was issued with (decision 032)',
    }),
  },
  derive(values, _before: object, { production, warn }): { invoicing: InvoicingConfig } {
    if (production && values.SELLER_NAME === null) {
      warn(`SELLER_NAME is not set: invoices name the sample seller "${defaultSeller.name}". Set SELLER_NAME, SELLER_ADDRESS and SELLER_TAX_ID.`);
    }
    const addressLines = values.SELLER_ADDRESS?.split(';').map((line) => line.trim()).filter(Boolean) ?? defaultSeller.addressLines;
    return {
      invoicing: {
        seller: { name: values.SELLER_NAME ?? defaultSeller.name, addressLines, taxId: values.SELLER_TAX_ID ?? defaultSeller.taxId },
        taxRates: values.TAX_RATES ?? defaultTaxRates,
      },
    };
  },
});
