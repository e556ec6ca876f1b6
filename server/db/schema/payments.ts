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
  /** The provider's yearly price id (Stripe mode, docs/decisions/066); the sandbox needs none. */
  providerYearlyPriceId: text('provider_yearly_price_id'),
  active: boolean('active').notNull().default(true),
  /** The tallest rendition the plan streams (720, 1080, 2160): plan data, read at every playlist request. */
  maxVideoHeight: integer('max_video_height').notNull().default(720),
  /** Plays only on phones and tablets (the Mobile plan). */
  mobileOnly: boolean('mobile_only').notNull().default(false),
});

/** A promotion code (decision 069): managed with `npm run billing:codes`. */
export const promotionCodes = pgTable('promotion_codes', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Upper case ([A-Z0-9_-]{3,40}): codes are typed case-insensitively. */
  code: text('code').notNull().unique(),
  /** Exactly one of percent off (1..100) and amount off (minor units of `currency`). */
  percentOff: integer('percent_off'),
  amountOff: integer('amount_off'),
  currency: text('currency'),
  /** once | repeating | forever */
  duration: text('duration').notNull(),
  /** With `repeating`: how many months of charges it covers. */
  durationMonths: integer('duration_months'),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  maxRedemptions: integer('max_redemptions'),
  /** Raised only while below `maxRedemptions`; kept when an account is deleted. */
  timesRedeemed: integer('times_redeemed').notNull().default(0),
  firstSubscriptionOnly: boolean('first_subscription_only').notNull().default(false),
  active: boolean('active').notNull().default(true),
  /** Stripe mode: the coupon and the promotion code made there. */
  providerCouponId: text('provider_coupon_id'),
  providerPromotionCodeId: text('provider_promotion_code_id'),
  createdAt: createdAt(),
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
  /** month | year: the interval the checkout bills (docs/decisions/066). */
  billingInterval: text('billing_interval').notNull().default('month'),
  /** The promotion code typed on /pricing (decision 069), redeemed when the checkout completes. */
  promotionCodeId: uuid('promotion_code_id').references(() => promotionCodes.id),
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
    /** A pause (decision 065): no access and no charge from `pausedFrom` (the paid period's end) to `resumesAt`. */
    pausedFrom: timestamp('paused_from', { withTimezone: true }),
    resumesAt: timestamp('resumes_at', { withTimezone: true }),
    /** When the "billing resumes in 7 days" email was queued for the current pause. */
    resumeReminderSentAt: timestamp('resume_reminder_sent_at', { withTimezone: true }),
    /** A renewal's failed payment (docs/decisions/067): its first failure; null when none is unpaid. */
    paymentFailedAt: timestamp('payment_failed_at', { withTimezone: true }),
    /** Retries of that payment that failed too (0 to 4). */
    paymentRetries: integer('payment_retries').notNull().default(0),
    /** When the provider tries again; null after the last retry. */
    nextPaymentAttemptAt: timestamp('next_payment_attempt_at', { withTimezone: true }),
    /** Access continues while past_due until this instant (the grace period). */
    graceEndsAt: timestamp('grace_ends_at', { withTimezone: true }),
    /** month | year: the interval the subscription bills (docs/decisions/066). */
    billingInterval: text('billing_interval').notNull().default('month'),
    /** The interval a downgrade scheduled for the renewal moves to; null when none. */
    scheduledBillingInterval: text('scheduled_billing_interval'),
    /** The retention offer's one-time discount on the next renewal charge (decision 068); null when none. */
    nextChargePercentOff: integer('next_charge_percent_off'),
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

/** Every pause asked for, per account (at most two may start in a year, decision 065). */
export const subscriptionPauses = pgTable(
  'subscription_pauses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: text('subscription_id').notNull().references(() => subscriptions.id, { onDelete: 'cascade' }),
    pausedFrom: timestamp('paused_from', { withTimezone: true }).notNull(),
    resumesAt: timestamp('resumes_at', { withTimezone: true }).notNull(),
    /** Set by "Resume now": a pause ended before it began never counted. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('subscription_pauses_user_idx').on(t.userId, t.pausedFrom)],
);

/** Why a subscriber cancelled or nearly did (decision 068), with the offer shown and taken. */
export const cancelReasons = pgTable(
  'cancel_reasons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: text('subscription_id').notNull().references(() => subscriptions.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    text: text('text'),
    /** pause | half_off | null (no offer for that reason, or the account had its one). */
    offerShown: text('offer_shown'),
    offerAccepted: boolean('offer_accepted').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    // One retention offer per account, ever, enforced by the database.
    uniqueIndex('cancel_reasons_one_offer_idx').on(t.userId).where(sql`"offer_accepted"`),
    index('cancel_reasons_created_idx').on(t.createdAt),
  ],
);

/** A code on a subscription (one per subscription) and the paid charges it still covers (null: all). */
export const promotionRedemptions = pgTable(
  'promotion_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    promotionCodeId: uuid('promotion_code_id')
      .notNull()
      .references(() => promotionCodes.id),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: text('subscription_id')
      .notNull()
      .unique()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    chargesLeft: integer('charges_left'),
    createdAt: createdAt(),
  },
  (t) => [index('promotion_redemptions_user_idx').on(t.userId)],
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

/** One invoice line: a plan period, or the credit for a plan's unused time or a discount (negative). */
export interface InvoiceLine {
  kind: 'plan' | 'trial' | 'proration_credit' | 'proration_charge' | 'discount';
  /** The promotion code a discount line takes off (decision 069); absent for the retention offer. */
  code?: string;
  planName: string;
  /** The interval the plan bills (docs/decisions/066); absent on older invoices (monthly). */
  interval?: 'month' | 'year';
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
