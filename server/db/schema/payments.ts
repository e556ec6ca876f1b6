// Plans, checkouts, subscriptions, payments, invoices, the provider events already applied and
// the sandbox's payment-method links.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { currentStatusList } from '../current-status';
import { createdAt } from './columns';
import { users } from './accounts';

export const plans = pgTable('plans', {
  id: text('id').primaryKey(),
  position: integer('position').notNull().unique(),
  name: text('name').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  interval: text('interval').notNull(),
  intervalCount: integer('interval_count').notNull(),
  quality: text('quality').notNull(),
  resolution: text('resolution').notNull(),
  resolutionFull: text('resolution_full').notNull(),
  simultaneousScreens: integer('simultaneous_screens').notNull(),
  downloads: integer('downloads').notNull(),
  devices: text('devices').array().notNull(),
  popular: boolean('popular').notNull().default(false),
  /** The provider's price id (Stripe mode); the sandbox needs none. */
  providerPriceId: text('provider_price_id'),
  active: boolean('active').notNull().default(true),
  /** The tallest rendition the plan streams (720, 1080, 2160): plan data, read at every playlist request. */
  maxVideoHeight: integer('max_video_height').notNull().default(720),
  /** Plays only on phones and tablets (the Mobile plan). */
  mobileOnly: boolean('mobile_only').notNull().default(false),
});

/** A checkout started by subscribe; completed on the provider's page. */
export const checkoutSessions = pgTable('checkout_sessions', {
  id: text('id').primaryKey(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  planId: text('plan_id').notNull().references(() => plans.id),
  provider: text('provider').notNull(),
  /** open | complete | expired */
  status: text('status').notNull().default('open'),
  trialDays: integer('trial_days').notNull().default(0),
  deviceId: text('device_id'),
  /** The app's language when the user opened it ('en' | 'es'): the sandbox page speaks it. */
  language: text('language').notNull().default('en'),
  createdAt: createdAt(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id').notNull().references(() => plans.id),
    provider: text('provider').notNull(),
    /** The checkout that created it: unique, so one checkout can never make two. */
    checkoutSessionId: text('checkout_session_id').unique().references(() => checkoutSessions.id),
    /** trialing | active | past_due | incomplete | unpaid | canceled */
    status: text('status').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    trialEnd: timestamp('trial_end', { withTimezone: true }),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    cardExpMonth: integer('card_exp_month'),
    cardExpYear: integer('card_exp_year'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** A downgrade waiting for the next renewal (docs/decisions/022); null when none. */
    scheduledPlanId: text('scheduled_plan_id').references(() => plans.id),
    /** When the "trial ends in 2 days" email was queued (once per subscription). */
    trialReminderSentAt: timestamp('trial_reminder_sent_at', { withTimezone: true }),
    /** Sandbox test clock: the next renewal is declined (past_due). */
    sandboxFailNextRenewal: boolean('sandbox_fail_next_renewal').notNull().default(false),
  },
  (t) => [
    // One current subscription per account, enforced by the database.
    uniqueIndex('subscriptions_one_current_idx')
      .on(t.userId)
      // The bare column name keeps the index's DDL as migration 0000 created it.
      .where(sql`status in (${currentStatusList})`),
    // An account's subscriptions, newest first (Billing, and every access check): without it
    // each read scanned the table (the growth bench's slope at 100,000 accounts).
    index('subscriptions_user_idx').on(t.userId, t.createdAt),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: text('subscription_id').references(() => subscriptions.id),
    /** The provider's invoice id: unique, so a replayed event records one payment. */
    providerInvoiceId: text('provider_invoice_id').unique(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** paid | failed | refunded */
    status: text('status').notNull(),
    description: text('description'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    cardExpMonth: integer('card_exp_month'),
    cardExpYear: integer('card_exp_year'),
    createdAt: createdAt(),
  },
  (t) => [index('payments_user_idx').on(t.userId, t.createdAt)],
);

/** One invoice line: a plan period, or the credit for a plan's unused time (negative). */
export interface InvoiceLine {
  kind: 'plan' | 'trial' | 'proration_credit' | 'proration_charge';
  planName: string;
  amount: number;
  periodStart: string;
  periodEnd: string;
}

/** Numbers come from this sequence (FS-<year>-<6 digits>): never reused, even after a rollback. */
export const invoiceNumberSeq = pgSequence('invoice_number_seq', { startWith: 1, increment: 1 });

/**
 * One invoice per paid payment (docs/decisions/022), with the customer as they were when it was
 * issued; kept (anonymised) after the account is deleted, as the law requires.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: text('id').primaryKey(),
    number: text('number').notNull().unique(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    paymentId: text('payment_id')
      .unique()
      .references(() => payments.id, { onDelete: 'set null' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    currency: text('currency').notNull(),
    total: integer('total').notNull(),
    /** The total without the tax included in it, and that tax (minor units), as charged (docs/decisions/032). */
    net: integer('net').notNull(),
    tax: integer('tax').notNull(),
    /** The tax rate applied, in basis points (2100 = 21 %); null when the provider's invoice did not say. */
    taxRateBps: integer('tax_rate_bps'),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email'),
    /** Stripe mode: Stripe's own invoice PDF, linked instead of the one generated here. */
    providerPdfUrl: text('provider_pdf_url'),
    createdAt: createdAt(),
  },
  (t) => [index('invoices_user_idx').on(t.userId, t.issuedAt)],
);

/** Provider events already applied (webhook idempotency). */
export const providerEvents = pgTable('provider_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Sandbox billing-portal links (`/sandbox/portal/<token>`): the token is random, stored only
 * as a hash, tied to one account, valid 30 minutes and usable once.
 */
export const portalSessions = pgTable(
  'portal_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The app's language when the user opened it ('en' | 'es'): the sandbox page speaks it. */
    language: text('language').notNull().default('en'),
    createdAt: createdAt(),
  },
  (t) => [index('portal_sessions_user_idx').on(t.userId)],
);
