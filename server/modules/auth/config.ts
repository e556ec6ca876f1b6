// The settings of sign-in: the token secret and lifetimes, and the attempt limits (in memory,
// or in Redis shared by every instance).
import { configSection, integer, parsed, storedSecret, text } from '@server/settings';

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

export const defaultRateLimits: RateLimits = {
  signInPerAccount: { points: 10, duration: 86_400 },
  signInPerIp: { points: 30, duration: 60 },
  signUpPerIp: { points: 10, duration: 3600 },
  exchangePerIp: { points: 20, duration: 600 },
  forgotPasswordPerIp: { points: 10, duration: 3600 },
  forgotPasswordPerAddress: { points: 3, duration: 3600 },
  resetPasswordPerIp: { points: 20, duration: 600 },
};

export interface AuthConfig {
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  /** Seconds in which a just-rotated refresh token answers its successor instead of being a replay. */
  refreshReuseSeconds: number;
  /** Rate limits move to Redis when set; in memory otherwise. */
  redisUrl: string | null;
  /** Prefix of every Redis key, so deployments (and test runs) can share one Redis. */
  redisKeyPrefix: string;
  rateLimits: RateLimits;
}

/** A limit as `<attempts>/<seconds>`, e.g. RATE_LIMIT_SIGN_UP_PER_IP=500/3600 for browser tests. */
function rateLimit(name: keyof RateLimits, description: string) {
  const { points, duration } = defaultRateLimits[name];
  return parsed(
    (raw): RateLimit => {
      const [attempts = '', period = ''] = raw.split('/');
      return { points: Number(attempts), duration: Number(period) };
    },
    { default: `${points}/${duration}`, pattern: '^0*[1-9]\\d*/0*[1-9]\\d*$', expected: '<attempts>/<seconds>, e.g. 10/60', description },
  );
}

export const authConfig = configSection({
  name: 'auth',
  file: 'server/modules/auth/config.ts',
  settings: {
    JWT_SECRET: text({
      minLength: 32,
      secret: true,
      defaultText: 'generated once into `DATA_DIR/jwt-secret`',
      description: 'signs the 15-minute access tokens (at least 32 characters); the same on every instance',
    }),
    ACCESS_TOKEN_TTL: integer({ minimum: 1, maximum: 86_400, default: 900, description: 'access-token lifetime in seconds (tests shorten it)' }),
    REFRESH_REUSE_SECONDS: integer({
      minimum: 0,
      maximum: 300,
      default: 30,
      description:
        'seconds in which a just-rotated refresh token answers its successor instead of counting as a replay (two tabs refreshing at once; `docs/decisions/009`); `0` turns it off',
    }),
    REDIS_URL: text({ secret: true, description: 'keep rate-limit counters in Redis, shared by every instance, instead of in memory' }),
    REDIS_KEY_PREFIX: text({ default: 'fitstream:', description: 'prefix of every Redis key, so several deployments can share one Redis' }),
    RATE_LIMIT_SIGN_IN_PER_ACCOUNT: rateLimit(
      'signInPerAccount',
      'free sign-in attempts per account, from any address, per period; then one attempt per wait, doubling from 1 s to 15 min',
    ),
    RATE_LIMIT_SIGN_IN_PER_IP: rateLimit('signInPerIp', 'sign-in attempts per client address, as `<attempts>/<seconds>`'),
    RATE_LIMIT_SIGN_UP_PER_IP: rateLimit('signUpPerIp', 'sign-ups per client address'),
    RATE_LIMIT_EXCHANGE_PER_IP: rateLimit('exchangePerIp', 'sign-in link exchanges per client address'),
    RATE_LIMIT_FORGOT_PASSWORD_PER_IP: rateLimit('forgotPasswordPerIp', 'password-reset links asked for per client address'),
    RATE_LIMIT_FORGOT_PASSWORD_PER_ADDRESS: rateLimit('forgotPasswordPerAddress', 'password-reset links asked for per email address (known or not), from any client address'),
    RATE_LIMIT_RESET_PASSWORD_PER_IP: rateLimit('resetPasswordPerIp', 'new passwords set with a reset link per client address'),
  },
  async derive(values, before: { dataDir: string }): Promise<AuthConfig> {
    return {
      jwtSecret: await storedSecret(values.JWT_SECRET, before.dataDir, 'jwt-secret'),
      accessTokenTtlSeconds: values.ACCESS_TOKEN_TTL,
      refreshReuseSeconds: values.REFRESH_REUSE_SECONDS,
      redisUrl: values.REDIS_URL,
      redisKeyPrefix: values.REDIS_KEY_PREFIX,
      rateLimits: {
        signInPerAccount: values.RATE_LIMIT_SIGN_IN_PER_ACCOUNT,
        signInPerIp: values.RATE_LIMIT_SIGN_IN_PER_IP,
        signUpPerIp: values.RATE_LIMIT_SIGN_UP_PER_IP,
        exchangePerIp: values.RATE_LIMIT_EXCHANGE_PER_IP,
        forgotPasswordPerIp: values.RATE_LIMIT_FORGOT_PASSWORD_PER_IP,
        forgotPasswordPerAddress: values.RATE_LIMIT_FORGOT_PASSWORD_PER_ADDRESS,
        resetPasswordPerIp: values.RATE_LIMIT_RESET_PASSWORD_PER_IP,
      },
    };
  },
});
