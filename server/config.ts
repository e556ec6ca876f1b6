// Reads the server's configuration from the environment, with embedded defaults so that one
// command runs the whole product on a laptop (DESIGN.md, "Server").
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** One limit: at most `points` attempts per `duration` seconds. */
export interface RateLimit {
  points: number;
  duration: number;
}

export interface RateLimits {
  /** Sign-in attempts per IP and email. */
  signInPerAccount: RateLimit;
  /** Sign-in attempts per IP, whatever the email. */
  signInPerIp: RateLimit;
  /** Sign-ups per IP. */
  signUpPerIp: RateLimit;
  /** Sign-in link exchanges per IP. */
  exchangePerIp: RateLimit;
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
  secureCookies: boolean;
  /** Rate limits move to Redis when set; in memory otherwise. */
  redisUrl: string | null;
  /** The built single-page app. */
  distDir: string;
  logLevel: string;
  rateLimits: RateLimits;
  /** Behind a load balancer: take the client IP from X-Forwarded-For (TRUST_PROXY=1). */
  trustProxy: boolean;
  /** The flows site served at /flows (docs/flows/site); null (not served) when NODE_ENV=production. */
  flowsSiteDir?: string | null;
}

export const defaultRateLimits: RateLimits = {
  signInPerAccount: { points: 10, duration: 60 },
  signInPerIp: { points: 30, duration: 60 },
  signUpPerIp: { points: 10, duration: 3600 },
  exchangePerIp: { points: 20, duration: 600 },
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

/** The JWT secret: JWT_SECRET, or one generated once and kept in DATA_DIR/jwt-secret. */
async function jwtSecret(env: Env, dataDir: string): Promise<string> {
  const given = value(env, 'JWT_SECRET');
  if (given !== null) {
    if (given.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters long.');
    return given;
  }
  const file = path.join(dataDir, 'jwt-secret');
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

function isLocalUrl(url: URL): boolean {
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

export async function loadConfig(env: Env = process.env): Promise<Config> {
  const port = integer(env, 'PORT', 8080, 0, 65535);
  const dataDir = path.resolve(value(env, 'DATA_DIR') ?? './data');
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
  const publicUrlText = (value(env, 'PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '');
  let publicUrl: URL;
  try {
    publicUrl = new URL(publicUrlText);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an absolute URL (got "${publicUrlText}").`);
  }
  const stripeApiBase = value(env, 'STRIPE_API_BASE');
  return {
    port,
    host: value(env, 'HOST') ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    payments,
    stripeSecretKey,
    stripeWebhookSecret,
    ...(stripeApiBase === null ? {} : { stripeApiBase }),
    jwtSecret: await jwtSecret(env, dataDir),
    publicUrl: publicUrlText,
    accessTokenTtlSeconds: integer(env, 'ACCESS_TOKEN_TTL', 900, 1, 86_400),
    secureCookies: !isLocalUrl(publicUrl),
    redisUrl: value(env, 'REDIS_URL'),
    distDir: path.resolve(value(env, 'DIST_DIR') ?? './dist'),
    logLevel: value(env, 'LOG_LEVEL') ?? 'info',
    rateLimits: rateLimits(env),
    trustProxy: ['1', 'true', 'yes'].includes((value(env, 'TRUST_PROXY') ?? '').toLowerCase()),
    flowsSiteDir: value(env, 'NODE_ENV') === 'production' ? null : path.resolve('docs/flows/site'),
  };
}
