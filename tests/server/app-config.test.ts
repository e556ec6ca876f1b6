// Configuration from the environment (defaults, the generated JWT secret, clear startup
// errors) and how unexpected failures are answered.
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, defaultSeller, defaultTaxRates, loadConfig } from '@server/config';
import { HttpError } from '@server/errors';
import { classifyError } from '@server/plugins/app/error-handler';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'fs-config-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('loadConfig', () => {
  it('runs on embedded defaults and generates the JWT secret once, readable by the owner only', async () => {
    const config = await loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: null,
      payments: 'sandbox',
      publicUrl: 'http://localhost:8080',
      accessTokenTtlSeconds: 900,
      secureCookies: false,
      redisUrl: null,
    });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect((await stat(path.join(dataDir, 'jwt-secret'))).mode & 0o777).toBe(0o600);
    expect((await loadConfig({ DATA_DIR: dataDir })).jwtSecret).toBe(config.jwtSecret);
  });

  it('takes the seller and the tax rates included in prices from the environment, over the embedded table', async () => {
    const embedded = await loadConfig({ DATA_DIR: dataDir });
    expect(embedded.invoicing.seller).toEqual(defaultSeller);
    expect(embedded.invoicing.taxRates).toEqual(defaultTaxRates);
    const config = await loadConfig({
      DATA_DIR: dataDir,
      SELLER_NAME: 'Gym Co S.L.',
      SELLER_ADDRESS: 'Calle Mayor 1; 28013 Madrid ; España',
      SELLER_TAX_ID: 'ESB12345678',
      TAX_RATES: 'ES=10, CH=8.1,*=5',
    });
    expect(config.invoicing.seller).toEqual({ name: 'Gym Co S.L.', addressLines: ['Calle Mayor 1', '28013 Madrid', 'España'], taxId: 'ESB12345678' });
    expect(config.invoicing.taxRates).toEqual({ byCountry: { ...defaultTaxRates.byCountry, ES: 1000, CH: 810 }, fallback: 500 });
    for (const bad of ['ES', 'ES=21%', 'es=21', 'ES=101', 'ES=-1', 'ES=2.125', 'XX=1,,ES=']) {
      await expect(loadConfig({ DATA_DIR: dataDir, TAX_RATES: bad })).rejects.toThrow(ConfigError);
    }
    const production = await loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production' });
    expect(production.warnings.some((warning) => warning.startsWith('SELLER_NAME is not set'))).toBe(true);
  });

  it('serves the metrics on 127.0.0.1:9464 unless told otherwise; METRICS_PORT=0 turns them off', async () => {
    expect(await loadConfig({ DATA_DIR: dataDir })).toMatchObject({ metricsPort: 9464, metricsHost: '127.0.0.1' });
    expect(await loadConfig({ DATA_DIR: dataDir, METRICS_PORT: '0', METRICS_HOST: '10.0.0.5' })).toMatchObject({ metricsPort: 0, metricsHost: '10.0.0.5' });
  });

  it('uses secure cookies for a public https address', async () => {
    const config = await loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://fitstream.example/', ACCESS_TOKEN_TTL: '30', PORT: '9000' });
    expect(config).toMatchObject({ publicUrl: 'https://fitstream.example', secureCookies: true, accessTokenTtlSeconds: 30, port: 9000 });
    expect((await loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1:3000' })).secureCookies).toBe(false);
  });

  it.each([
    [{ PAYMENTS: 'stripe' }, /STRIPE_SECRET_KEY/],
    [{ PAYMENTS: 'paypal' }, /PAYMENTS must be/],
    [{ PORT: 'eighty' }, /PORT must be/],
    [{ METRICS_PORT: '70000' }, /METRICS_PORT must be a whole number from 0 to 65535/],
    [{ PORT: '9000', METRICS_PORT: '9000' }, /METRICS_PORT must differ from PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET/],
    [{ PUBLIC_URL: 'not a url' }, /PUBLIC_URL/],
    [{ RATE_LIMIT_SIGN_UP_PER_IP: 'lots' }, /RATE_LIMIT_SIGN_UP_PER_IP/],
    [{ TRUST_PROXY: 'true' }, /TRUST_PROXY must be the number of proxies/],
    [{ TRUST_PROXY: '*' }, /TRUST_PROXY must be the number of proxies/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /TRUST_PROXY must be the number of proxies/],
    [{ TRUST_PROXY: '0' }, /TRUST_PROXY as a hop count/],
    [{ REFRESH_REUSE_SECONDS: '-1' }, /REFRESH_REUSE_SECONDS/],
  ])('refuses %o with a clear message', async (env, message) => {
    await expect(loadConfig({ DATA_DIR: dataDir, ...env })).rejects.toThrow(ConfigError);
    await expect(loadConfig({ DATA_DIR: dataDir, ...env })).rejects.toThrow(message);
  });

  it('lets each rate limit be raised or lowered', async () => {
    const config = await loadConfig({ DATA_DIR: dataDir, RATE_LIMIT_SIGN_UP_PER_IP: '500/3600', RATE_LIMIT_SIGN_IN_PER_IP: '100/60' });
    expect(config.rateLimits.signUpPerIp).toEqual({ points: 500, duration: 3600 });
    expect(config.rateLimits.signInPerIp).toEqual({ points: 100, duration: 60 });
    expect(config.rateLimits.exchangePerIp).toEqual({ points: 20, duration: 600 });
  });

  it('takes TRUST_PROXY as a hop count or as the balancer addresses and CIDRs', async () => {
    expect((await loadConfig({ DATA_DIR: dataDir })).trustProxy).toBe(false);
    expect((await loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '2' })).trustProxy).toBe(2);
    expect((await loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '10.0.0.0/8, 192.168.1.10,fd00::/8' })).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.10',
      'fd00::/8',
    ]);
  });

  it('refuses a DATA_DIR it cannot write to, naming it', async () => {
    const blocker = path.join(dataDir, 'a-file');
    await writeFile(blocker, 'not a directory');
    await expect(loadConfig({ DATA_DIR: path.join(blocker, 'data') })).rejects.toThrow(/DATA_DIR .*a-file\/data cannot be created or written to/);
  });

  it('warns when PUBLIC_URL is unset in production, and only then', async () => {
    const production = await loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example', SELLER_NAME: 'FitStream Ltd.' });
    expect(production.warnings).toEqual([expect.stringMatching(/PUBLIC_URL is not set.*Secure.*HSTS/)]);
    expect((await loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', PUBLIC_URL: 'https://fitstream.example', SMTP_URL: 'smtp://mail.example', SELLER_NAME: 'FitStream Ltd.' })).warnings).toEqual([]);
    expect((await loadConfig({ DATA_DIR: dataDir })).warnings).toEqual([]);
  });

  it('accepts Stripe with both secrets', async () => {
    const config = await loadConfig({ DATA_DIR: dataDir, PAYMENTS: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    expect(config.payments).toBe('stripe');
  });
});

describe('error answers', () => {
  it('hides unexpected failures behind a generic 500', () => {
    const answer = classifyError(new TypeError('cannot read secret of undefined'));
    expect(answer.statusCode).toBe(500);
    expect(answer.code).toBe('server.failed');
    expect(answer.values).toBeUndefined();
  });

  it('keeps the status of an HttpError and of client errors', () => {
    expect(classifyError(new HttpError(409, 'auth.emailTaken'))).toEqual({ statusCode: 409, code: 'auth.emailTaken', values: undefined });
    expect(classifyError(Object.assign(new Error('x'), { code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 })).statusCode).toBe(413);
    expect(classifyError(Object.assign(new Error('x'), { code: 'FST_INVALID_MULTIPART_CONTENT_TYPE', statusCode: 406 })).statusCode).toBe(415);
  });
});
