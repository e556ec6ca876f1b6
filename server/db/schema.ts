// The database schema (drizzle, PostgreSQL dialect): the one description of every table,
// from which the committed SQL migrations in server/db/migrations are generated.
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { currentStatusList } from './current-status';

/** Binary data (PostgreSQL bytea): a Buffer from node-postgres, a Uint8Array from PGlite. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  country: text('country').notNull(),
  name: text('name'),
  image: text('image'),
  /** The 7-day trial is granted once per account: set when the first subscription starts. */
  trialUsedAt: timestamp('trial_used_at', { withTimezone: true }),
  providerCustomerId: text('provider_customer_id').unique(),
  /** The account's language ('en' | 'es') for emails: the UI language at sign-up, changed on /account. */
  language: text('language').notNull().default('en'),
  createdAt: createdAt(),
  /** Set when the account was deleted: the row stays, anonymised, for its payments (server/account/deletion.ts). */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

/** One sign-in on one device: a family of rotating refresh tokens. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    /** Told from the user agent at sign-in ("Chrome on macOS"), listed on /account. */
    deviceName: text('device_name').notNull().default('Web browser'),
    /** Sign-in and every token refresh (at most 15 minutes apart while the app is open). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('sessions_user_device_idx').on(t.userId, t.deviceId),
    index('sessions_user_open_idx').on(t.userId).where(sql`revoked_at is null`),
    // The revocation catch-up (server/auth/revocations.ts) reads recent revocations.
    index('sessions_revoked_at_idx').on(t.revokedAt).where(sql`${t.revokedAt} IS NOT NULL`),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    /** SHA-256 of the token: the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id').notNull().references(() => sessions.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    /**
     * The token that replaced this one, encrypted with a key derived from this token: for the
     * reuse window (server/auth/sessions.ts), readable only by whoever presents this token.
     */
    successorSealed: text('successor_sealed'),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** One-time sign-in links (`nftoken`): stored as a hash, valid 10 minutes, usable once. */
export const linkTokens = pgTable('link_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Password-reset links: stored as hashes, valid 30 minutes, used once (server/auth/password-reset.ts). */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('password_reset_tokens_user_idx').on(table.userId)],
);

export const uploads = pgTable('uploads', {
  name: text('name').primaryKey(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  /** The image itself, so every instance serves it (docs/decisions/008); null only for files stored on disk before 0003. */
  data: bytea('data'),
  createdAt: createdAt(),
});

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

/** Catalogue text in every language the product speaks. */
export interface LocalizedText {
  en: string;
  es: string;
}

/** Yoga, HIIT, strength…: the catalogue's rows on the subscriber's home, in this order. */
export const disciplines = pgTable('disciplines', {
  id: text('id').primaryKey(),
  position: integer('position').notNull(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
});

export const instructors = pgTable('instructors', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  bio: jsonb('bio').$type<LocalizedText>().notNull(),
});

/**
 * A transcoded video in the media store (`<MEDIA_DIR>/<id>/`): its HLS ladder, captions and
 * poster. Several classes may share one (the sample clips do).
 */
export const media = pgTable('media', {
  id: text('id').primaryKey(),
  durationSeconds: real('duration_seconds').notNull(),
  /** The renditions that exist, lowest first: name ('720p'), width, height, bandwidth, codecs, hdr. */
  renditions: jsonb('renditions')
    .$type<{ name: string; width: number; height: number; bandwidth: number; codecs: string; hdr: boolean }[]>()
    .notNull(),
  /** Caption languages with a WebVTT track ('en', 'es'). */
  captions: text('captions').array().notNull(),
  createdAt: createdAt(),
});

/** PostgreSQL's full-text document type; drizzle has no built-in column for it. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const classes = pgTable(
  'classes',
  {
    id: text('id').primaryKey(),
    disciplineId: text('discipline_id').notNull().references(() => disciplines.id),
    instructorId: text('instructor_id').notNull().references(() => instructors.id),
    /** beginner | intermediate | advanced */
    level: text('level').notNull(),
    /** The class's length as sold in the catalogue (filters and cards use it). */
    durationSeconds: integer('duration_seconds').notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    equipment: jsonb('equipment').$type<{ en: string[]; es: string[] }>().notNull(),
    /** The media row it plays; not a foreign key, so seeded classes exist before their media is made. */
    mediaId: text('media_id').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    /**
     * Titles, descriptions (both languages), instructor and discipline names, folded to lower
     * case without accents; kept by a trigger (migration 0008), so inserts leave it alone.
     */
    searchVector: tsvector('search_vector').notNull().default(sql`''::tsvector`),
  },
  (t) => [
    index('classes_published_idx').on(t.publishedAt),
    index('classes_discipline_idx').on(t.disciplineId, t.publishedAt),
    index('classes_instructor_idx').on(t.instructorId, t.publishedAt),
    index('classes_search_idx').using('gin', t.searchVector),
  ],
);

/** Where an account is in a class: saved while watching; 90 % watched marks it completed. */
export const classProgress = pgTable(
  'class_progress',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    classId: text('class_id').notNull().references(() => classes.id, { onDelete: 'cascade' }),
    positionSeconds: real('position_seconds').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.classId] }), index('class_progress_user_idx').on(t.userId, t.updatedAt)],
);

/**
 * One player watching one class on one device. Live while `endedAt` is null and a heartbeat
 * arrived within the last 90 s; the plan's `simultaneousScreens` bounds the live ones per account.
 */
export const playbackSessions = pgTable(
  'playback_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    classId: text('class_id').notNull().references(() => classes.id, { onDelete: 'cascade' }),
    mediaId: text('media_id').notNull(),
    /** The device's identity: the id of its sign-in session (`deviceIdentity`, docs/decisions/027). */
    deviceId: text('device_id').notNull(),
    /** Told from the user agent ("Chrome on macOS"), shown to the other devices of the account. */
    deviceName: text('device_name').notNull(),
    planId: text('plan_id').notNull().references(() => plans.id),
    /** The plan's cap when the session started; playlists read the plan again. */
    maxVideoHeight: integer('max_video_height').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    lastHeartbeatAt: timestamp('last_heartbeat_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** stopped (by the account, from any device) | replaced (a new session on the same device) | expired | no_access */
    endReason: text('end_reason'),
  },
  (t) => [index('playback_sessions_open_idx').on(t.userId).where(sql`ended_at is null`)],
);

/**
 * The mail outbox (docs/decisions/020): a message is queued in the same transaction as the change
 * it tells about, and delivered later (SMTP, or kept here for the sandbox mailbox) with retries.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null once the account is deleted (the goodbye message keeps its address). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    toAddress: text('to_address').notNull(),
    language: text('language').notNull(),
    template: text('template').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** An instance sending this row holds it until then; past it, another may retry (server/mail/delivery.ts). */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** Where it went once sent: 'smtp', or 'sandbox' (the sandbox mailbox). */
    transport: text('transport'),
  },
  (table) => [
    index('mail_outbox_sandbox_idx').on(table.sentAt).where(sql`transport = 'sandbox'`),
    index('mail_outbox_pending_idx').on(table.sendAfter).where(sql`sent_at is null`),
    index('mail_outbox_user_idx').on(table.userId, table.createdAt),
  ],
);
