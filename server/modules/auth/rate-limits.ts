// Attempt limits for sign-in, sign-up and link exchange: per address, and per account from any
// address with an exponential back-off. In memory by default; in Redis (REDIS_URL) so that
// several instances share them.
import { createHash } from 'node:crypto';
import { Counter, type Registry } from 'prom-client';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Config, RateLimit, RateLimits } from '@server/config';
import { ConfigError } from '@server/config';
import { HttpError } from '@server/errors';

export type AddressLimit = Exclude<keyof RateLimits, 'signInPerAccount'> | 'promotionCodePerAccount';

/**
 * Promotion codes checked or applied per account (decision 069): plenty for a person typing one,
 * too few to guess codes. Fixed rather than a setting: nobody has needed to tune it.
 */
export const promotionCodeAttempts: RateLimit = { points: 20, duration: 3600 };

export interface RateLimiters {
  /** Counts one attempt from `address` (a client address, or a hashed email); throws a 429 HttpError with Retry-After when over. */
  consume(name: AddressLimit, address: string): Promise<void>;
  /**
   * Admits one sign-in attempt for `account` (whatever the address): the free attempts, then
   * one attempt per wait, each wait twice the last (1 s, 2 s, 4 s … 15 min), counted from the
   * end of the failed attempt. Throws a 429 HttpError with Retry-After while a wait runs. Only
   * sign-in is held back: refreshing an open session, sign-in links and (later) password reset
   * stay open to the real user.
   */
  admitSignIn(account: string): Promise<SignInAttempt>;
  close(): Promise<void>;
}

export interface SignInAttempt {
  /** A wrong password: a wait that this attempt took starts again from now. */
  failed(): Promise<void>;
  /** A correct password ends the account's back-off. */
  succeeded(): Promise<void>;
}

const FIRST_WAIT_SECONDS = 1;
const LONGEST_WAIT_SECONDS = 15 * 60;
const REDIS_CONNECT_TIMEOUT_MS = 5_000;

function tooMany(msBeforeNext: number): HttpError {
  return new HttpError(429, 'auth.tooManyAttempts', { headers: { 'Retry-After': String(Math.max(1, Math.ceil(msBeforeNext / 1000))) } });
}

/** Runs a limiter call; a RateLimiterRes thrown means "over the limit" and becomes the answer. */
async function overLimit(call: Promise<RateLimiterRes>): Promise<RateLimiterRes | null> {
  try {
    await call;
    return null;
  } catch (error) {
    if (error instanceof RateLimiterRes) return error;
    throw error;
  }
}

async function connectRedis(url: string, onConnectionError: (error: Error) => void): Promise<import('ioredis').Redis> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
  });
  let lastError: Error | undefined;
  redis.on('error', (error: Error) => {
    lastError = error;
    onConnectionError(error);
  });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    const where = new URL(url);
    const reason = (lastError ?? (error as Error)).message;
    throw new ConfigError(`REDIS_URL: cannot connect to Redis at ${where.hostname}:${where.port || 6379} (${reason}).`);
  }
  return redis;
}

/**
 * Counts the attempts refused, by limit: its setting's name without RATE_LIMIT_, in lower case
 * (`sign_in_per_ip`, `sign_in_per_account`, …), each at 0 from the start.
 */
function refusalCounter(registry: Registry, limits: readonly (keyof RateLimits | AddressLimit)[]): (limit: keyof RateLimits | AddressLimit) => void {
  const refused = new Counter({
    name: 'fitstream_rate_limit_refusals_total',
    help: 'Attempts answered 429 by a rate limit, by limit (RATE_LIMIT_<LIMIT>)',
    labelNames: ['limit'] as const,
    registers: [registry],
  });
  const label = (limit: keyof RateLimits | AddressLimit) => limit.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
  for (const limit of limits) refused.inc({ limit: label(limit) }, 0);
  return (limit) => refused.inc({ limit: label(limit) });
}

/**
 * `onConnectionError` hears Redis going away (the limits then fall back to this instance's
 * memory); `registry` counts the refusals.
 */
export async function createRateLimiters(
  config: Pick<Config, 'rateLimits' | 'redisUrl' | 'redisKeyPrefix'>,
  registry: Registry,
  onConnectionError: (error: Error) => void = () => {},
): Promise<RateLimiters> {
  const redis = config.redisUrl === null ? undefined : await connectRedis(config.redisUrl, onConnectionError);
  const refused = refusalCounter(registry, [...(Object.keys(config.rateLimits) as (keyof RateLimits)[]), 'promotionCodePerAccount']);
  const make = (name: string, limit: RateLimit): RateLimiterAbstract => {
    const options = { keyPrefix: `${config.redisKeyPrefix}rl:${name}`, points: limit.points, duration: limit.duration };
    // Should Redis fail, each instance limits on its own rather than answering 500s.
    return redis
      ? new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: new RateLimiterMemory(options) })
      : new RateLimiterMemory(options);
  };
  const perAddress = {
    signInPerIp: make('sign-in-ip', config.rateLimits.signInPerIp),
    signUpPerIp: make('sign-up-ip', config.rateLimits.signUpPerIp),
    exchangePerIp: make('exchange-ip', config.rateLimits.exchangePerIp),
    forgotPasswordPerIp: make('forgot-password-ip', config.rateLimits.forgotPasswordPerIp),
    forgotPasswordPerAddress: make('forgot-password-address', config.rateLimits.forgotPasswordPerAddress),
    resetPasswordPerIp: make('reset-password-ip', config.rateLimits.resetPasswordPerIp),
    promotionCodePerAccount: make('promotion-code-account', promotionCodeAttempts),
  } satisfies Record<AddressLimit, RateLimiterAbstract>;
  const account = config.rateLimits.signInPerAccount;
  const freeAttempts = make('sign-in-account', account);
  // `wait` holds one admitted attempt per back-off wait; `waits` counts them, to double the next.
  const wait = make('sign-in-account-wait', { points: 1, duration: LONGEST_WAIT_SECONDS });
  const waits = make('sign-in-account-waits', { points: Number.MAX_SAFE_INTEGER, duration: account.duration });

  return {
    async consume(name, address) {
      const over = await overLimit(perAddress[name].consume(address));
      if (!over) return;
      refused(name);
      throw tooMany(over.msBeforeNext);
    },
    async admitSignIn(account) {
      // Redis should not hold a readable list of the emails people sign in with.
      const key = createHash('sha256').update(account).digest('base64url');
      const succeeded = async () => {
        await Promise.all([freeAttempts.delete(key), wait.delete(key), waits.delete(key)]);
      };
      const free = await freeAttempts.consume(key).catch((error: unknown) => {
        if (error instanceof RateLimiterRes) return null;
        throw error;
      });
      if (free) {
        // The last free attempt, failed, starts the first wait: the next one is not free.
        const startFirstWait = async () => void (await Promise.all([wait.block(key, FIRST_WAIT_SECONDS), waits.penalty(key)]));
        return { succeeded, failed: free.remainingPoints > 0 ? async () => {} : startFirstWait };
      }
      const earlier = (await waits.get(key))?.consumedPoints ?? 0;
      const seconds = Math.min(LONGEST_WAIT_SECONDS, FIRST_WAIT_SECONDS * 2 ** earlier);
      // Atomic in the store: of concurrent attempts (on any instance) one takes the slot.
      const slot = await wait.penalty(key, 1, { customDuration: seconds });
      if (slot.consumedPoints > 1) {
        refused('signInPerAccount');
        throw tooMany(slot.msBeforeNext);
      }
      await waits.penalty(key);
      // A password check takes a while; the wait should not have run out by its end.
      return { succeeded, failed: async () => void (await wait.block(key, seconds)) };
    },
    async close() {
      await redis?.quit();
    },
  };
}
