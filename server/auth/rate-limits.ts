// Attempt limits for sign-in, sign-up and link exchange, per IP and per account: in memory by
// default, in Redis (REDIS_URL) when several instances must share them.
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Config, RateLimit, RateLimits } from '../config';
import { HttpError } from '../errors';

export type LimitName = keyof RateLimits;

export interface RateLimiters {
  /** Counts one attempt against `key`; throws a 429 HttpError with Retry-After when over. */
  consume(name: LimitName, key: string): Promise<void>;
  /** Forgets the attempts against `key` (after a success). */
  reset(name: LimitName, key: string): Promise<void>;
  close(): Promise<void>;
}

const TOO_MANY = 'Too many attempts. Please wait a moment and try again.';

export async function createRateLimiters(config: Pick<Config, 'rateLimits' | 'redisUrl'>): Promise<RateLimiters> {
  let redis: import('ioredis').Redis | undefined;
  if (config.redisUrl !== null) {
    const { Redis } = await import('ioredis');
    redis = new Redis(config.redisUrl, { enableOfflineQueue: false, lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
  }
  const make = (name: string, limit: RateLimit): RateLimiterAbstract =>
    redis
      ? new RateLimiterRedis({ storeClient: redis, keyPrefix: `fs-rl-${name}`, points: limit.points, duration: limit.duration })
      : new RateLimiterMemory({ keyPrefix: name, points: limit.points, duration: limit.duration });
  const limiters = Object.fromEntries(
    Object.entries(config.rateLimits).map(([name, limit]) => [name, make(name, limit)]),
  ) as Record<LimitName, RateLimiterAbstract>;

  return {
    async consume(name, key) {
      try {
        await limiters[name].consume(key);
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
        throw new HttpError(429, TOO_MANY, { 'Retry-After': String(seconds) });
      }
    },
    async reset(name, key) {
      await limiters[name].delete(key);
    },
    async close() {
      await redis?.quit();
    },
  };
}
