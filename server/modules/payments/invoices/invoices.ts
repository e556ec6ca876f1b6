// Invoices (docs/decisions/022): every paid payment gets one, numbered FS-<year>-<6 digits> from
// a database sequence (so a number is never reused, even when a transaction rolls back), with
// its lines and a snapshot of the customer. Issued in the payment's own transaction, with its
// receipt email, so an invoice exists exactly when its payment does.
import { and, count, desc, eq, gt, or, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { routes } from '@domain/routes';
import type { Database, Queryable } from '@server/db/client';
import { invoices, payments, plans, subscriptions, users, type InvoiceLine } from '@server/db/schema';
import { queueMail } from '@server/modules/mail';
import { defaultTaxRates, type TaxRates } from '@server/config';
import { yearlyAmount } from '@domain/plans';
import { billingCycleOf } from '../billed-plan';
import { includedTax, taxRateFor, type TaxBreakdown } from './tax';

export type InvoiceRow = typeof invoices.$inferSelect;
export type { InvoiceLine };

/** Payment History's page size (decisions: 10 a page). */
export const paymentHistoryPageSize = 10;

/** What the anonymised invoices say instead of the customer's name. */
export const deletedCustomerName = 'Deleted account';

let linkBase = 'http://localhost:3000';

/** The app's public URL, for the invoice links in receipts (set once by the payments plugin). */
export function setInvoiceLinkBase(publicUrl: string): void {
  linkBase = publicUrl.replace(/\/+$/, '');
}

/** Where a receipt's link leads: /billing's Payment History tab at the page that holds the invoice, marked. */
export function invoiceLink(invoiceId: string): string {
  return `${linkBase}${routes.billing.href({ tab: 'history', invoice: invoiceId })}`;
}

/** FS-<year>-<6 digits> from the sequence's next value and the issue date's year (UTC). */
export function formatInvoiceNumber(sequence: number, issuedAt: Date): string {
  return `FS-${issuedAt.getUTCFullYear()}-${String(sequence).padStart(6, '0')}`;
}

let taxRates: TaxRates = defaultTaxRates;

/** The tax rates included in prices, by customer country (set once by the payments plugin from TAX_RATES). */
export function setTaxRates(rates: TaxRates): void {
  taxRates = rates;
}

export interface IssueOptions {
  lines: InvoiceLine[];
  providerPdfUrl?: string | null;
  /** The provider's own figures (Stripe's invoice); otherwise the configured rate for the customer's country. */
  providerTax?: TaxBreakdown | null;
}

/**
 * Issues the invoice of a paid payment, once: a payment that already has one keeps it (a
 * replayed event, a failed payment paid later). Queues the receipt email with the invoice.
 */
export async function issueInvoice(tx: Queryable, paymentId: string, options: IssueOptions): Promise<InvoiceRow | null> {
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment || payment.status !== 'paid') return null;
  const [existing] = await tx.select().from(invoices).where(eq(invoices.paymentId, paymentId));
  if (existing) {
    if (options.providerPdfUrl && existing.providerPdfUrl !== options.providerPdfUrl) {
      await tx.update(invoices).set({ providerPdfUrl: options.providerPdfUrl }).where(eq(invoices.id, existing.id));
    }
    return existing;
  }
  const [user] = await tx
    .select({ email: users.email, name: users.name, language: users.language, country: users.country })
    .from(users)
    .where(eq(users.id, payment.userId));
  if (!user) return null;
  const result = await tx.execute(sql`select nextval('invoice_number_seq') as value`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { value: string | number }[];
  const sequence = Number(rows[0]?.value);
  const issuedAt = payment.createdAt;
  // Stored as charged (docs/decisions/032): a later change of the rates never rewrites this invoice.
  const tax = options.providerTax ?? includedTax(payment.amount, taxRateFor(taxRates, user.country));
  const [invoice] = await tx
    .insert(invoices)
    .values({
      id: `inv_${randomBytes(12).toString('hex')}`,
      number: formatInvoiceNumber(sequence, issuedAt),
      userId: payment.userId,
      paymentId: payment.id,
      issuedAt,
      currency: payment.currency,
      total: payment.amount,
      net: tax.net,
      tax: tax.tax,
      taxRateBps: tax.rateBps,
      lines: options.lines,
      customerName: user.name?.trim() ? user.name : user.email,
      customerEmail: user.email,
      providerPdfUrl: options.providerPdfUrl ?? null,
    })
    .onConflictDoNothing({ target: invoices.paymentId })
    .returning();
  if (!invoice) {
    const [raced] = await tx.select().from(invoices).where(eq(invoices.paymentId, paymentId));
    return raced ?? null;
  }
  const trial = options.lines.some((line) => line.kind === 'trial') ? await firstCharge(tx, payment.subscriptionId) : null;
  if (trial) {
    // Decisions "Trial start": the trial's 0.00 invoice is told as the trial it is, with the first charge.
    await queueMail(tx, { userId: payment.userId, to: user.email, language: user.language, template: 'trialStarted', params: trial });
    return invoice;
  }
  await queueMail(tx, {
    userId: payment.userId,
    to: user.email,
    language: user.language,
    template: 'receipt',
    params: {
      invoiceNumber: invoice.number,
      amountMinor: invoice.total,
      currency: invoice.currency,
      paidAt: invoice.issuedAt.toISOString(),
      invoiceLink: invoiceLink(invoice.id),
      ...planInterval(options.lines),
    },
  });
  return invoice;
}

/** A receipt for a plan's period says its interval; a proration's is a one-off and says none. */
function planInterval(lines: readonly InvoiceLine[]): { interval?: 'month' | 'year' } {
  const interval = lines.find((line) => line.kind === 'plan')?.interval;
  return interval ? { interval } : {};
}

/** The first charge after a trial: the plan's price on the trial's last day; null without a trial end. */
async function firstCharge(tx: Queryable, subscriptionId: string | null) {
  if (!subscriptionId) return null;
  const [row] = await tx
    .select({ plan: plans.name, amountMinor: plans.amount, currency: plans.currency, trialEnd: subscriptions.trialEnd, interval: subscriptions.billingInterval })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.id, subscriptionId));
  if (!row?.trialEnd) return null;
  const interval = billingCycleOf(row.interval);
  const amountMinor = interval === 'year' ? yearlyAmount(row.amountMinor) : row.amountMinor;
  return { plan: row.plan, amountMinor, currency: row.currency, firstChargeAt: row.trialEnd.toISOString(), interval };
}

export interface HistoryEntry {
  payment: typeof payments.$inferSelect;
  invoice: InvoiceRow | null;
}

/** One page (1-based) of an account's payments, newest first, each with its invoice. */
export async function paymentHistoryPage(
  db: Database,
  userId: string,
  page: number,
): Promise<{ entries: HistoryEntry[]; total: number }> {
  const [rows, [totals]] = await Promise.all([
    db
      .select({ payment: payments, invoice: invoices })
      .from(payments)
      .leftJoin(invoices, eq(invoices.paymentId, payments.id))
      .where(eq(payments.userId, userId))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(paymentHistoryPageSize)
      .offset((page - 1) * paymentHistoryPageSize),
    db.select({ total: count() }).from(payments).where(eq(payments.userId, userId)),
  ]);
  return { entries: rows, total: totals?.total ?? 0 };
}

/** The Payment History page (newest first) that holds this payment of the account. */
export async function paymentHistoryPageOf(db: Database, userId: string, paymentId: string | null): Promise<number> {
  if (paymentId === null) return 1;
  const [payment] = await db.select({ createdAt: payments.createdAt }).from(payments).where(eq(payments.id, paymentId));
  if (!payment) return 1;
  // The same order as paymentHistoryPage: what comes before it is newer, or as new with a greater id.
  const [newer] = await db
    .select({ total: count() })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        or(gt(payments.createdAt, payment.createdAt), and(eq(payments.createdAt, payment.createdAt), gt(payments.id, paymentId))),
      ),
    );
  return Math.floor((newer?.total ?? 0) / paymentHistoryPageSize) + 1;
}

export type InvoiceAccess = { invoice: InvoiceRow; language: string } | { refusal: 'not_found' | 'forbidden' };

/** An invoice for its owner only: unknown → not_found, another account's → forbidden. */
export async function ownInvoice(db: Database, userId: string, invoiceId: string): Promise<InvoiceAccess> {
  const [row] = await db
    .select({ invoice: invoices, language: users.language })
    .from(invoices)
    .leftJoin(users, eq(users.id, invoices.userId))
    .where(eq(invoices.id, invoiceId));
  if (!row) return { refusal: 'not_found' };
  if (row.invoice.userId !== userId) return { refusal: 'forbidden' };
  return { invoice: row.invoice, language: row.language ?? 'en' };
}

/**
 * For account deletion (the account lane calls it before erasing the account): keeps the
 * account's invoices, as the law requires, with the customer name replaced by "Deleted account"
 * and the email removed. Answers how many invoices it anonymised.
 */
export async function anonymiseInvoices(db: Queryable, userId: string): Promise<number> {
  const rows = await db
    .update(invoices)
    .set({ customerName: deletedCustomerName, customerEmail: null })
    .where(and(eq(invoices.userId, userId)))
    .returning({ id: invoices.id });
  return rows.length;
}
