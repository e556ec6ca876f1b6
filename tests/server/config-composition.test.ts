// The configuration composed from every part's declarations (server/config.ts): the embedded
// defaults, and a start that names every bad variable at once.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, configSections, defaultInvoicing, defaultRateLimits, loadConfig } from '@server/config';
import { environmentSchema } from '@server/settings';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'fs-config-composition-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/** The ConfigError that `env` stops the start with. */
async function refusal(env: Record<string, string>): Promise<ConfigError> {
  const error = await loadConfig({ DATA_DIR: dataDir, ...env }).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ConfigError);
  return error as ConfigError;
}

describe('the composed configuration', () => {
  it('runs on every embedded default', async () => {
    const config = await loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir,
      databaseUrl: null,
      publicUrl: 'http://localhost:8080',
      secureCookies: false,
      logLevel: 'info',
      trustProxy: false,
      connectionLimits: { requestMs: 30_000, idleMs: 10_000, uploadBaseMs: 30_000, uploadPerMibMs: 40_000, connectionsPerAddress: 128 },
      accessTokenTtlSeconds: 900,
      refreshReuseSeconds: 30,
      redisUrl: null,
      redisKeyPrefix: 'fitstream:',
      rateLimits: defaultRateLimits,
      payments: 'sandbox',
      stripeSecretKey: null,
      stripeWebhookSecret: null,
      sandboxMailbox: true,
      sandboxToolsToken: null,
      smtpUrl: null,
      mailFrom: 'FitStream <no-reply@localhost>',
      mailPollMs: 1000,
      invoicing: defaultInvoicing,
      mediaDir: path.join(dataDir, 'media'),
      playbackUrlTtlSeconds: 300,
      digestPollMs: 600_000,
      flowsSiteDir: path.resolve('docs/flows/site'),
      distDir: path.resolve('dist'),
      warnings: [],
    });
    expect(config).not.toHaveProperty('stripeApiBase');
    expect(config.playbackSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('takes empty and blank variables as unset', async () => {
    const config = await loadConfig({ DATA_DIR: dataDir, PORT: '', PAYMENTS: '  ', MAIL_POLL_MS: ' 250 ' });
    expect(config).toMatchObject({ port: 8080, payments: 'sandbox', mailPollMs: 250 });
  });

  it('stops on one bad variable with one line naming it', async () => {
    const error = await refusal({ PLAYBACK_URL_TTL: '59' });
    expect(error.problems).toEqual(['PLAYBACK_URL_TTL must be a whole number from 60 to 86400 (got "59").']);
    expect(error.message).toBe(error.problems[0]);
  });

  it('names every bad variable at once, across modules, rules included', async () => {
    const error = await refusal({
      PORT: 'eighty',
      LOG_LEVEL: 'loud',
      PAYMENTS: 'stripe',
      RATE_LIMIT_SIGN_UP_PER_IP: 'lots',
      MAIL_FROM: 'nobody',
      TAX_RATES: 'ES=21%',
      JWT_SECRET: 'short-and-secret',
    });
    expect(error.problems).toEqual([
      'PORT must be a whole number from 0 to 65535 (got "eighty").',
      'LOG_LEVEL must be "fatal", "error", "warn", "info", "debug", "trace" or "silent" (got "loud").',
      'JWT_SECRET must be at least 32 characters long.',
      'RATE_LIMIT_SIGN_UP_PER_IP must be <attempts>/<seconds>, e.g. 10/60 (got "lots").',
      'MAIL_FROM must be an address, e.g. "FitStream <no-reply@example.com>" (got "nobody").',
      'TAX_RATES must list <country>=<percent> entries, e.g. "ES=21,DE=19,*=0" (got "ES=21%").',
      'PAYMENTS=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.',
    ]);
    expect(error.message.split('\n')).toEqual(['7 environment variables are wrong:', ...error.problems.map((problem) => `  - ${problem}`)]);
    expect(error.message).not.toContain('short-and-secret');
  });

  it('checks a rule across variables only once each of them is valid', async () => {
    const error = await refusal({ PAYMENTS: 'paypal', PORT: '-1' });
    expect(error.problems).toEqual(['PORT must be a whole number from 0 to 65535 (got "-1").', 'PAYMENTS must be "sandbox" or "stripe" (got "paypal").']);
  });

  it('never echoes a secret that is wrong', async () => {
    const error = await refusal({ DATABASE_URL: 'mysql://app:hunter2@db', SMTP_URL: 'http://u:hunter2@mail', SANDBOX_TOOLS_TOKEN: 'hunter2' });
    expect(error.problems).toHaveLength(3);
    expect(error.message).not.toContain('hunter2');
  });

  it('declares each variable once, with a description', () => {
    const { properties } = environmentSchema(configSections);
    const declared = configSections.flatMap((section) => Object.keys(section.settings));
    expect(Object.keys(properties)).toEqual(declared);
    for (const [name, schema] of Object.entries(properties)) expect(schema.description, name).toMatch(/\S/);
  });
});
