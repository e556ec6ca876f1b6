// Reads the server's configuration from the environment, with embedded defaults so that one
// command runs the whole product on a laptop.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import path from 'node:path';
import type { ConnectionLimits } from './connection-limits';

/** One limit: at most `points` attempts per `duration` seconds. */
export interface RateLimit {
  points: number;
  duration: number;
}

export interface RateLimits {
  /**
   * Sign-in attempts per account from any address; past them, one attempt per exponentially
   * growing wait (server/modules/auth/rate-limits.ts).
   */
  signInPerAccount: RateLimit;
  /** Sign-in attempts per IP, whatever the email. */
  signInPerIp: RateLimit;
  /** Sign-ups per IP. */
  signUpPerIp: RateLimit;
  /** Sign-in link exchanges per IP. */
  exchangePerIp: RateLimit;
  /** Password-reset emails asked for per IP, whatever the address. */
  forgotPasswordPerIp: RateLimit;
  /** Password-reset emails asked for per email address (known or not), from any IP. */
  forgotPasswordPerAddress: RateLimit;
  /** New passwords set with a reset link, per IP. */
  resetPasswordPerIp: RateLimit;
}

export interface Config {
  port: number;
  host: string;
  /** PGlite files, uploads and generated secrets. */
  dataDir: string;
  /** A PostgreSQL server instead of the embedded PGlite. */
  databaseUrl: string | null;
  payments: 'sandbox' | 'stripe';
  stripeSecretKey: string | null;
  stripeWebhookSecret: string | null;
  /** Only for tests that point the Stripe client at a fake server. */
  stripeApiBase?: string;
  jwtSecret: string;
  /** Where the browser reaches this server; used for redirect URLs. */
  publicUrl: string;
  accessTokenTtlSeconds: number;
  /** PUBLIC_URL is https: cookies are Secure, and HSTS and upgrade-insecure-requests are sent. */
  secureCookies: boolean;
  /** Rate limits move to Redis when set; in memory otherwise. */
  redisUrl: string | null;
  /** The built single-page app. */
  distDir: string;
  logLevel: string;
  rateLimits: RateLimits;
  /**
   * Behind a load balancer: how many proxy hops to trust in X-Forwarded-For, or the proxies'
   * addresses/CIDRs. Never "trust all": the left-most entry is whatever the client wrote.
   */
  trustProxy: false | number | string[];
  /** How long a client may take to send a request, and how many connections one address may hold. */
  connectionLimits: ConnectionLimits;
  /** Prefix of every Redis key, so deployments (and test runs) can share one Redis. */
  redisKeyPrefix: string;
  /** Seconds in which a just-rotated refresh token answers its successor instead of being a replay. */
  refreshReuseSeconds: number;
  /** What an operator should know at start-up (logged as warnings). */
  warnings: string[];
  /** Transcoded media, one folder per media id (MEDIA_DIR, default DATA_DIR/media). */
  mediaDir: string;
  /** Signs playlist, caption and segment URLs (PLAYBACK_SECRET, or generated into DATA_DIR). */
  playbackSecret: string;
  /** How long a signed media URL stays valid; heartbeats hand out fresh ones. */
  playbackUrlTtlSeconds: number;
  /** The flows site served at /flows (docs/flows/site); null (not served) when NODE_ENV=production. */
  flowsSiteDir: string | null;
  /** Mail goes through this SMTP server (nodemailer URL); without it, to the sandbox mailbox. */
  smtpUrl: string | null;
  /** The From of every email (MAIL_FROM). */
  mailFrom: string;
  /**
   * The sandbox's test tools (/sandbox/mail, the test clock) are served: PAYMENTS=sandbox, and
   * NODE_ENV is not production or SANDBOX_TOOLS_TOKEN is set. Never with PAYMENTS=stripe.
   */
  sandboxMailbox: boolean;
  /** SANDBOX_TOOLS_TOKEN: when set, the test tools answer only a visitor who presents it. */
  sandboxToolsToken?: string | null;
  /** How often this instance looks for mail to send, in ms (MAIL_POLL_MS); 0: never (tests drive it). */
  mailPollMs: number;
  /** Who issues the invoices and the tax included in prices (docs/decisions/032). */
  invoicing: InvoicingConfig;
}

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

export const defaultRateLimits: RateLimits = {
  signInPerAccount: { points: 10, duration: 86_400 },
  signInPerIp: { points: 30, duration: 60 },
  signUpPerIp: { points: 10, duration: 3600 },
  exchangePerIp: { points: 20, duration: 600 },
  forgotPasswordPerIp: { points: 10, duration: 3600 },
  forgotPasswordPerAddress: { points: 3, duration: 3600 },
  resetPasswordPerIp: { points: 20, duration: 600 },
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

function value(env: Env, name: string): string | null {
  const raw = env[name]?.trim();
  return raw ? raw : null;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = value(env, name);
  if (raw === null) return fallback;
  const parsed = Number(raw);
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}").`);
  }
  return parsed;
}

const rateLimitEnv: Record<keyof RateLimits, string> = {
  signInPerAccount: 'RATE_LIMIT_SIGN_IN_PER_ACCOUNT',
  signInPerIp: 'RATE_LIMIT_SIGN_IN_PER_IP',
  signUpPerIp: 'RATE_LIMIT_SIGN_UP_PER_IP',
  exchangePerIp: 'RATE_LIMIT_EXCHANGE_PER_IP',
  forgotPasswordPerIp: 'RATE_LIMIT_FORGOT_PASSWORD_PER_IP',
  forgotPasswordPerAddress: 'RATE_LIMIT_FORGOT_PASSWORD_PER_ADDRESS',
  resetPasswordPerIp: 'RATE_LIMIT_RESET_PASSWORD_PER_IP',
};

/** Each limit may be overridden as `<attempts>/<seconds>`, e.g. RATE_LIMIT_SIGN_UP_PER_IP=500/3600 for browser tests. */
function rateLimits(env: Env): RateLimits {
  const limits = { ...defaultRateLimits };
  for (const [name, variable] of Object.entries(rateLimitEnv) as [keyof RateLimits, string][]) {
    const raw = value(env, variable);
    if (raw === null) continue;
    const match = /^(\d+)\/(\d+)$/.exec(raw);
    if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) {
      throw new ConfigError(`${variable} must look like <attempts>/<seconds>, e.g. 10/60 (got "${raw}").`);
    }
    limits[name] = { points: Number(match[1]), duration: Number(match[2]) };
  }
  return limits;
}

/** A secret from `variable`, or one generated once and kept in DATA_DIR/`fileName` (JWT_SECRET, PLAYBACK_SECRET). */
async function storedSecret(env: Env, variable: string, dataDir: string, fileName: string): Promise<string> {
  const given = value(env, variable);
  if (given !== null) {
    if (given.length < 32) throw new ConfigError(`${variable} must be at least 32 characters long.`);
    return given;
  }
  const file = path.join(dataDir, fileName);
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return secret;
}

/** DATA_DIR is created if needed and must be writable: PGlite and the generated secret live there. */
async function writableDataDir(dataDir: string): Promise<void> {
  try {
    await mkdir(dataDir, { recursive: true });
    await access(dataDir, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new ConfigError(`DATA_DIR ${dataDir} cannot be created or written to (${code}); set DATA_DIR to a writable directory.`);
  }
}

function isCidrOrAddress(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY: a hop count, or a comma-separated list of the proxies' addresses or CIDRs. */
function trustProxy(env: Env): Config['trustProxy'] {
  const raw = value(env, 'TRUST_PROXY');
  if (raw === null) return false;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops < 1 || hops > 10) throw new ConfigError(`TRUST_PROXY as a hop count must be from 1 to 10 (got "${raw}").`);
    return hops;
  }
  const entries = raw.split(',').map((entry) => entry.trim()).filter(Boolean);
  const bad = entries.filter((entry) => !isCidrOrAddress(entry));
  if (bad.length > 0 || entries.length === 0) {
    throw new ConfigError(
      `TRUST_PROXY must be the number of proxies in front of the server (e.g. 1) or their addresses/CIDRs (e.g. 10.0.0.0/8); ` +
        `trusting every proxy would let a client choose its own address (got "${raw}").`,
    );
  }
  return entries;
}

/**
 * Fastify's `trustProxy` for TRUST_PROXY. A hop count becomes "trust the first N hops counted
 * from this server" (Fastify 5 itself ignores a bare number), so the client address is the one
 * the outermost trusted proxy saw, never a left-most entry the client wrote.
 */
export function fastifyTrustProxy(trust: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/**
 * REQUEST_TIMEOUT, REQUEST_IDLE_TIMEOUT, UPLOAD_TIMEOUT and UPLOAD_TIMEOUT_PER_MIB (seconds), and
 * CONNECTIONS_PER_ADDRESS. An upload's default allows 5 MiB at about 200 kbit/s, a poor mobile
 * link. The cap is off behind a proxy (TRUST_PROXY), where every connection is the proxy's.
 */
function connectionLimits(env: Env, behindProxy: boolean): ConnectionLimits {
  const seconds = (name: string, fallback: number) => integer(env, name, fallback, 1, 3600) * 1000;
  return {
    requestMs: seconds('REQUEST_TIMEOUT', 30),
    idleMs: seconds('REQUEST_IDLE_TIMEOUT', 10),
    uploadBaseMs: seconds('UPLOAD_TIMEOUT', 30),
    uploadPerMibMs: seconds('UPLOAD_TIMEOUT_PER_MIB', 40),
    connectionsPerAddress: integer(env, 'CONNECTIONS_PER_ADDRESS', behindProxy ? 0 : 128, 0, 1_000_000),
  };
}

function isLocalUrl(url: URL): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** SMTP_URL, MAIL_FROM, MAIL_POLL_MS and where the sandbox mailbox is served. */
function mailSettings(
  env: Env,
  payments: Config['payments'],
  publicUrl: URL,
  warnings: string[],
): Pick<Config, 'smtpUrl' | 'mailFrom' | 'sandboxMailbox' | 'sandboxToolsToken' | 'mailPollMs'> {
  const smtpUrl = value(env, 'SMTP_URL');
  if (smtpUrl !== null && !/^smtps?:\/\/[^/]/.test(smtpUrl)) {
    throw new ConfigError('SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example.com.');
  }
  const mailFrom = value(env, 'MAIL_FROM') ?? `FitStream <no-reply@${publicUrl.hostname}>`;
  if (!/^[^<>@\s]+@[^<>@\s]+$|<[^<>@\s]+@[^<>@\s]+>$/.test(mailFrom)) {
    throw new ConfigError(`MAIL_FROM must be an address, e.g. "FitStream <no-reply@example.com>" (got "${mailFrom}").`);
  }
  const production = value(env, 'NODE_ENV') === 'production';
  const sandboxToolsToken = value(env, 'SANDBOX_TOOLS_TOKEN');
  if (sandboxToolsToken !== null && sandboxToolsToken.length < 32) throw new ConfigError('SANDBOX_TOOLS_TOKEN must be at least 32 characters long.');
  // The mailbox shows everyone's reset links: a developer's machine, or an operator holding the token.
  const sandboxMailbox = payments === 'sandbox' && (!production || sandboxToolsToken !== null);
  if (smtpUrl === null && production) {
    warnings.push('SMTP_URL is not set: emails are not delivered, only kept in the database' + (sandboxMailbox ? ' (readable at /sandbox/mail).' : '.'));
  }
  return { smtpUrl, mailFrom, sandboxMailbox, sandboxToolsToken, mailPollMs: integer(env, 'MAIL_POLL_MS', 1000, 0, 3_600_000) };
}

/** A percentage with at most two decimals ("21", "25.5", "8.1") in basis points. */
function percentInBasisPoints(text: string): number | null {
  if (!/^\d{1,2}(\.\d{1,2})?$|^100(\.0{1,2})?$/.test(text)) return null;
  return Math.round(Number(text) * 100);
}

/**
 * TAX_RATES overrides the embedded table entry by entry: `ES=21,DE=19,FI=25.5`, and `*=<rate>` for
 * every country not in the table. SELLER_NAME, SELLER_ADDRESS (lines separated by `;`) and
 * SELLER_TAX_ID replace the sandbox's sample seller.
 */
function invoicingSettings(env: Env, warnings: string[]): InvoicingConfig {
  const byCountry: Record<string, number> = { ...defaultTaxRates.byCountry };
  let fallback = defaultTaxRates.fallback;
  const raw = value(env, 'TAX_RATES');
  if (raw !== null) {
    for (const entry of raw.split(',').map((part) => part.trim()).filter(Boolean)) {
      const match = /^([A-Z]{2}|\*)\s*=\s*(\S+)$/.exec(entry);
      const rate = match ? percentInBasisPoints(match[2] ?? '') : null;
      if (!match || rate === null) {
        throw new ConfigError(`TAX_RATES must list <country>=<percent> entries, e.g. "ES=21,DE=19,*=0" (got "${entry}").`);
      }
      if (match[1] === '*') fallback = rate;
      else byCountry[match[1] ?? ''] = rate;
    }
  }
  if (value(env, 'NODE_ENV') === 'production' && value(env, 'SELLER_NAME') === null) {
    warnings.push(`SELLER_NAME is not set: invoices name the sample seller "${defaultSeller.name}". Set SELLER_NAME, SELLER_ADDRESS and SELLER_TAX_ID.`);
  }
  const addressLines = value(env, 'SELLER_ADDRESS')?.split(';').map((line) => line.trim()).filter(Boolean) ?? defaultSeller.addressLines;
  return {
    seller: {
      name: value(env, 'SELLER_NAME') ?? defaultSeller.name,
      addressLines,
      taxId: value(env, 'SELLER_TAX_ID') ?? defaultSeller.taxId,
    },
    taxRates: { byCountry, fallback },
  };
}

export async function loadConfig(env: Env = process.env): Promise<Config> {
  const port = integer(env, 'PORT', 8080, 0, 65535);
  const dataDir = path.resolve(value(env, 'DATA_DIR') ?? './data');
  const warnings: string[] = [];
  const payments = value(env, 'PAYMENTS') ?? 'sandbox';
  if (payments !== 'sandbox' && payments !== 'stripe') {
    throw new ConfigError(`PAYMENTS must be "sandbox" or "stripe" (got "${payments}").`);
  }
  const stripeSecretKey = value(env, 'STRIPE_SECRET_KEY');
  const stripeWebhookSecret = value(env, 'STRIPE_WEBHOOK_SECRET');
  if (payments === 'stripe' && (stripeSecretKey === null || stripeWebhookSecret === null)) {
    throw new ConfigError('PAYMENTS=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.');
  }
  const databaseUrl = value(env, 'DATABASE_URL');
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be a postgres:// or postgresql:// URL.');
  }
  if (databaseUrl === null || value(env, 'JWT_SECRET') === null) await writableDataDir(dataDir);
  if (value(env, 'PUBLIC_URL') === null && env.NODE_ENV === 'production') {
    warnings.push(
      `PUBLIC_URL is not set: redirect URLs point at http://localhost:${port}, and cookies are sent without Secure and HSTS is off. ` +
        'Set PUBLIC_URL to the https address users reach.',
    );
  }
  const publicUrlText = (value(env, 'PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '');
  let publicUrl: URL;
  try {
    publicUrl = new URL(publicUrlText);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an absolute URL (got "${publicUrlText}").`);
  }
  // Secure cookies, HSTS and upgrade-insecure-requests only with https (docs/decisions/004): over
  // plain http a browser drops a Secure cookie, so sign-in would not survive a reload.
  const https = publicUrl.protocol === 'https:';
  if (!https && !isLocalUrl(publicUrl) && env.NODE_ENV === 'production') {
    warnings.push(`PUBLIC_URL is ${publicUrlText}: cookies are sent without Secure and HSTS is off. Set PUBLIC_URL to the https address users reach.`);
  }
  const stripeApiBase = value(env, 'STRIPE_API_BASE');
  const proxy = trustProxy(env);
  return {
    port,
    host: value(env, 'HOST') ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    payments,
    stripeSecretKey,
    stripeWebhookSecret,
    ...(stripeApiBase === null ? {} : { stripeApiBase }),
    jwtSecret: await storedSecret(env, 'JWT_SECRET', dataDir, 'jwt-secret'),
    publicUrl: publicUrlText,
    accessTokenTtlSeconds: integer(env, 'ACCESS_TOKEN_TTL', 900, 1, 86_400),
    secureCookies: https,
    redisUrl: value(env, 'REDIS_URL'),
    distDir: path.resolve(value(env, 'DIST_DIR') ?? './dist'),
    logLevel: value(env, 'LOG_LEVEL') ?? 'info',
    rateLimits: rateLimits(env),
    trustProxy: proxy,
    connectionLimits: connectionLimits(env, proxy !== false),
    redisKeyPrefix: value(env, 'REDIS_KEY_PREFIX') ?? 'fitstream:',
    refreshReuseSeconds: integer(env, 'REFRESH_REUSE_SECONDS', 30, 0, 300),
    warnings,
    mediaDir: path.resolve(value(env, 'MEDIA_DIR') ?? path.join(dataDir, 'media')),
    playbackSecret: await storedSecret(env, 'PLAYBACK_SECRET', dataDir, 'playback-secret'),
    playbackUrlTtlSeconds: integer(env, 'PLAYBACK_URL_TTL', 300, 60, 86_400),
    flowsSiteDir: value(env, 'NODE_ENV') === 'production' ? null : path.resolve('docs/flows/site'),
    ...mailSettings(env, payments, publicUrl, warnings),
    invoicing: invoicingSettings(env, warnings),
  };
}
