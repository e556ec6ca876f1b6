// The invoice as an accountant reads it (docs/decisions/032), read back from the PDF by an
// independent text extractor (pdf-parse, on pdf.js): the seller block, "Billed to" (the email
// once when the account has no name), and the net, the tax included with its rate and the total
// in English and Spanish; the rate follows the customer's country and is stored as charged.
import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { defaultSeller, defaultTaxRates } from '@server/config';
import { invoices, users } from '@server/db/schema';
import { setTaxRates } from '@server/modules/payments/invoices/invoices';
import { includedTax, taxRateFor } from '@server/modules/payments/invoices/tax';
import { expectContract, signUp, testAppForFile, type SignedUpUser } from '../../harness';
import { authorization, callPayments, confirmCheckout, roomyRateLimits, subscribeAndPay } from '../../fixtures/payments-flow';

const test = testAppForFile({ rateLimits: roomyRateLimits });

interface InvoiceBody {
  id: string;
  number: string;
  total: number;
  net: number;
  tax: number;
  tax_rate: number | null;
  pdf_url: string;
}

/** A new account in `country` past its trial (the sandbox clock): a paid Standard period, €13.99. */
async function paying(country: string): Promise<SignedUpUser> {
  const user = await signUp(test.app, { country });
  const sessionId = await subscribeAndPay(test.app, user, 'standard');
  expect((await confirmCheckout(test.app, user, sessionId)).statusCode).toBe(200);
  const ended = await test.app.inject({ method: 'POST', url: '/api/v1/sandbox/clock', headers: authorization(user), payload: { action: 'end_trial' } });
  expect(ended.statusCode).toBe(200);
  return user;
}

async function newestInvoice(user: SignedUpUser): Promise<InvoiceBody> {
  const response = await callPayments(test.app, user, 'history', { page: 1 });
  expectContract(response, 'POST', '/api/v1/payments/history');
  return response.json<{ items: { invoice: InvoiceBody | null }[] }>().items[0]!.invoice!;
}

/** The PDF's text as pdf-parse extracts it, one string per line, spaces normalised. */
async function pdfLines(user: SignedUpUser, invoice: InvoiceBody): Promise<string[]> {
  const response = await test.app.inject({ method: 'GET', url: invoice.pdf_url, headers: authorization(user) });
  expect(response.statusCode).toBe(200);
  const parser = new PDFParse({ data: new Uint8Array(response.rawPayload) });
  try {
    const { text } = await parser.getText();
    return text
      .split('\n')
      .map((line) => line.replace(/\s+/g, ' ').trim())
      .filter(Boolean);
  } finally {
    await parser.destroy();
  }
}

const setLanguage = (user: SignedUpUser, language: string) => test.app.db.update(users).set({ language }).where(eq(users.email, user.email));

afterEach(() => setTaxRates(defaultTaxRates));

describe('the invoice PDF', () => {
  it('names the seller, bills an account without a name to its email once, and shows net, tax (21 %) and total in English and Spanish', async () => {
    const user = await paying('ES');
    const invoice = await newestInvoice(user);
    // €13.99 with Spain's 21 % included: tax = round(1399 − 1399 / 1.21) = 243.
    expect(invoice).toMatchObject({ total: 1399, net: 1156, tax: 243, tax_rate: 21 });

    const english = await pdfLines(user, invoice);
    for (const line of [defaultSeller.name, ...defaultSeller.addressLines, `Tax ID: ${defaultSeller.taxId}`]) expect(english).toContain(line);
    expect(english).toContain(`Invoice ${invoice.number}`);
    expect(english).toContain(`Billed to: ${user.email}`);
    expect(english.filter((line) => line.includes(user.email))).toHaveLength(1);
    expect(english).toContain('Net amount €11.56');
    expect(english).toContain('Tax included (21%) €2.43');
    expect(english).toContain('Total €13.99');

    await setLanguage(user, 'es');
    const spanish = await pdfLines(user, invoice);
    for (const line of [defaultSeller.name, ...defaultSeller.addressLines, `NIF-IVA: ${defaultSeller.taxId}`]) expect(spanish).toContain(line);
    expect(spanish).toContain(`Factura ${invoice.number}`);
    expect(spanish).toContain(`Facturado a: ${user.email}`);
    expect(spanish.filter((line) => line.includes(user.email))).toHaveLength(1);
    expect(spanish).toContain('Base imponible 11,56 €');
    expect(spanish).toContain('Impuestos incluidos (21 %) 2,43 €');
    expect(spanish).toContain('Total 13,99 €');
  });

  it('bills an account with a name to the name, then the email', async () => {
    const user = await paying('DE');
    await test.app.db.update(users).set({ name: 'Ana Runner' }).where(eq(users.email, user.email));
    // The name as it was when the invoice was issued: the next one (after a renewal) carries it.
    const renewed = await test.app.inject({ method: 'POST', url: '/api/v1/sandbox/clock', headers: authorization(user), payload: { action: 'renew' } });
    expect(renewed.statusCode).toBe(200);
    const invoice = await newestInvoice(user);
    // Germany: 19 % included in €13.99 is €2.23.
    expect(invoice).toMatchObject({ total: 1399, net: 1176, tax: 223, tax_rate: 19 });
    const lines = await pdfLines(user, invoice);
    const billed = lines.indexOf('Billed to: Ana Runner');
    expect(billed).toBeGreaterThan(-1);
    expect(lines[billed + 1]).toBe(user.email);
    expect(lines).toContain('Tax included (19%) €2.23');
  });

  it('charges no tax to a country outside the table (the default rate, 0 %)', async () => {
    const user = await paying('US');
    const invoice = await newestInvoice(user);
    expect(invoice).toMatchObject({ total: 1399, net: 1399, tax: 0, tax_rate: 0 });
    expect(await pdfLines(user, invoice)).toContain('Tax included (0%) €0.00');
  });

  it('keeps what was charged when the configured rates change later', async () => {
    const user = await paying('FR');
    const before = await newestInvoice(user);
    expect(before).toMatchObject({ net: 1166, tax: 233, tax_rate: 20 });
    setTaxRates({ byCountry: { ...defaultTaxRates.byCountry, FR: 550 }, fallback: 0 });
    expect(await newestInvoice(user)).toMatchObject({ id: before.id, net: 1166, tax: 233, tax_rate: 20 });
    expect(await pdfLines(user, before)).toContain('Tax included (20%) €2.33');
    // The next invoice takes the new rate.
    const renewed = await test.app.inject({ method: 'POST', url: '/api/v1/sandbox/clock', headers: authorization(user), payload: { action: 'renew' } });
    expect(renewed.statusCode).toBe(200);
    expect(await newestInvoice(user)).toMatchObject({ net: 1326, tax: 73, tax_rate: 5.5 });
  });
});

describe('invoices issued before the tax was stored (migration 0020)', () => {
  it('get figures computed once with the embedded table and their owner\'s country, as issueInvoice computes them', async () => {
    const spain = await paying('ES');
    const finland = await paying('FI');
    const expected = await Promise.all([spain, finland].map(newestInvoice));
    const ids = expected.map((invoice) => invoice.id);
    // As the migration found them: no figures yet (here: wrong ones the backfill must overwrite).
    for (const id of ids) await test.app.db.update(invoices).set({ net: -1, tax: -1, taxRateBps: null }).where(eq(invoices.id, id));
    const migration = await readFile(new URL('../../../../server/db/migrations/0020_invoice-tax.sql', import.meta.url), 'utf8');
    const backfill = migration
      .split('--> statement-breakpoint')
      .map((statement) => statement.replace(/^--.*$/gm, '').trim())
      .filter((statement) => statement.startsWith('UPDATE'));
    expect(backfill).toHaveLength(3);
    // The migration's table is the embedded one of config.ts.
    const table = Object.fromEntries([...migration.matchAll(/WHEN '([A-Z]{2})' THEN (\d+)/g)].map((match) => [match[1], Number(match[2])]));
    expect(table).toEqual(defaultTaxRates.byCountry);
    for (const statement of backfill) await test.app.db.execute(sql.raw(statement));
    for (const invoice of expected) {
      const [row] = await test.app.db.select().from(invoices).where(eq(invoices.id, invoice.id));
      expect({ net: row!.net, tax: row!.tax, tax_rate: row!.taxRateBps! / 100 }).toEqual({ net: invoice.net, tax: invoice.tax, tax_rate: invoice.tax_rate });
    }
    expect(expected.map((invoice) => invoice.tax_rate)).toEqual([21, 25.5]);
  });
});

describe('the tax included in a price', () => {
  it('net + tax = total in minor units for any amount and rate, the tax within half a unit of total × rate / (1 + rate)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000 }), (total, rateBps) => {
        const { net, tax, rateBps: rate } = includedTax(total, rateBps);
        expect(Number.isInteger(net) && Number.isInteger(tax)).toBe(true);
        expect(net + tax).toBe(total);
        expect(rate).toBe(rateBps);
        expect(Math.abs(tax - (total * rateBps) / (10_000 + rateBps))).toBeLessThanOrEqual(0.5 + 1e-9);
        expect(Math.sign(tax) * Math.sign(total)).not.toBe(-1);
        expect(Math.abs(tax)).toBeLessThanOrEqual(Math.abs(total));
      }),
    );
  });

  it('rounds half away from zero, so a refund mirrors its charge', () => {
    // 1 unit at 100 %: half a unit of tax, rounded to 1.
    expect(includedTax(1, 10_000)).toEqual({ net: 0, tax: 1, rateBps: 10_000 });
    expect(includedTax(-1, 10_000)).toEqual({ net: 0, tax: -1, rateBps: 10_000 });
    expect(includedTax(0, 2100)).toEqual({ net: 0, tax: 0, rateBps: 2100 });
  });

  it('takes the rate of the customer\'s country, else the fallback', () => {
    expect(taxRateFor(defaultTaxRates, 'ES')).toBe(2100);
    expect(taxRateFor(defaultTaxRates, 'fi')).toBe(2550);
    expect(taxRateFor(defaultTaxRates, 'US')).toBe(0);
    expect(taxRateFor({ byCountry: {}, fallback: 700 }, null)).toBe(700);
    expect(taxRateFor(defaultTaxRates, 'constructor')).toBe(0);
  });
});
