// Accounts and their sign-ins: users, device sessions with their rotating refresh tokens,
// one-time sign-in links and password-reset links.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

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
  /**
   * The account's IANA time zone ("Europe/Madrid"): asked once, defaulting to the browser's.
   * Null until then; the day-based features (schedule, reminders, calendar feed, weekly
   * activity and streaks) read it with UTC as the fallback.
   */
  timeZone: text('time_zone'),
  createdAt: createdAt(),
  /** Set when the account was deleted: the row stays, anonymised, for its payments (server/modules/account/deletion.ts). */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

/**
 * A person of the household (decision 064): the account signs in and pays; each profile trains
 * with its own data (every per-person table is keyed by `profiles.id`). Up to 5 per account; the
 * owner's profile, made with the account, manages the rest and cannot be deleted.
 */
export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** An upload of the account (its name), or none. */
    image: text('image'),
    /** 'en' | 'es': the interface's language on this profile, and of the emails about it. */
    language: text('language').notNull().default('en'),
    isOwner: boolean('is_owner').notNull().default(false),
    /** scrypt hash of the 4-digit PIN asked before switching into the profile; null: no PIN. */
    pinHash: text('pin_hash'),
    /** Wrong PINs in a row; the fifth locks the profile until `pinLockedUntil`. */
    pinFailures: integer('pin_failures').notNull().default(0),
    pinLockedUntil: timestamp('pin_locked_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('profiles_owner_idx').on(t.accountId).where(sql`is_owner`),
    index('profiles_account_idx').on(t.accountId, t.createdAt),
  ],
);

/** One sign-in on one device: a family of rotating refresh tokens. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    /** The profile chosen on this sign-in ("Who's training?"); null until one is. */
    profileId: uuid('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
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
    // The revocation catch-up (server/modules/auth/revocations.ts) reads recent revocations.
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
     * reuse window (server/modules/auth/sessions.ts), readable only by whoever presents this token.
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

/** Password-reset links: stored as hashes, valid 30 minutes, used once (server/modules/password-reset/password-reset.ts). */
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

/**
 * What the player starts every class with (migration 0032): one row per account once a
 * preference changed, none meaning the defaults. Per profile once households have profiles.
 */
export const playerPreferences = pgTable('player_preferences', {
  profileId: uuid('profile_id').primaryKey().references(() => profiles.id, { onDelete: 'cascade' }),
  /** The caption language shown, or null for captions off. */
  captions: text('captions').$type<'en' | 'es'>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
