// Server test harness: a fresh app per test file on a fresh database (a copy of the migrated
// PGlite template, or a new database on TEST_DATABASE_URL), plus contract checks of responses.
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '@server/app';
import { defaultInvoicing, defaultRateLimits, type Config } from '@server/config';
import { contract, findOperation } from '@server/contract';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

/** A new, empty database on the PostgreSQL server at `baseUrl`, dropped by `drop()`. */
export async function freshPostgres(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `fs_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** An app on its own data directory and database; sandbox payments; no port. */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const dataDir = overrides.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'fs-test-')));
  const ownsDataDir = overrides.dataDir === undefined;
  const postgresUrl = process.env.TEST_DATABASE_URL;
  let database: Awaited<ReturnType<typeof freshPostgres>> | undefined;
  if (overrides.databaseUrl === undefined && postgresUrl) {
    database = await freshPostgres(postgresUrl);
  } else if (ownsDataDir && overrides.databaseUrl === undefined) {
    await cp(path.join(inject('pgliteTemplateDir'), 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
  }
  const config: Config = {
    port: 0,
    host: '127.0.0.1',
    metricsPort: 0,
    metricsHost: '127.0.0.1',
    dataDir,
    databaseUrl: database?.url ?? null,
    payments: 'sandbox',
    stripeSecretKey: null,
    stripeWebhookSecret: null,
    jwtSecret: randomBytes(32).toString('base64url'),
    publicUrl: 'http://localhost:8080',
    accessTokenTtlSeconds: 900,
    secureCookies: false,
    redisUrl: null,
    distDir: path.join(dataDir, 'no-dist'),
    logLevel: 'silent',
    rateLimits: defaultRateLimits,
    trustProxy: false,
    connectionLimits: { requestMs: 30_000, idleMs: 10_000, uploadBaseMs: 30_000, uploadPerMibMs: 40_000, connectionsPerAddress: 0 },
    redisKeyPrefix: `fs-test-${randomBytes(6).toString('hex')}:`,
    refreshReuseSeconds: 30,
    warnings: [],
    mediaDir: path.join(dataDir, 'media'),
    playbackSecret: randomBytes(32).toString('base64url'),
    playbackUrlTtlSeconds: 300,
    flowsSiteDir: null,
    shutdownGraceSeconds: 0,
    smtpUrl: null,
    mailFrom: 'FitStream <no-reply@localhost>',
    sandboxMailbox: true,
    mailPollMs: 0,
    invoicing: defaultInvoicing,
    ...overrides,
  };
  const app = await buildApp(config, { logger: false });
  await app.ready();
  return {
    app,
    config,
    async close() {
      await app.close();
      await database?.drop();
      if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A test file's app as its tests read it: there from the file's beforeAll until its afterAll. */
export type FileTestApp = Pick<TestApp, 'app' | 'config'>;

/** Starts an app before the calling file's tests and closes it after them. */
export function testAppForFile(overrides: Partial<Config> = {}): FileTestApp {
  let test: TestApp | undefined;
  beforeAll(async () => {
    test = await createTestApp(overrides);
  });
  afterAll(() => test?.close());
  return liveTestApp(() => test);
}

/** `app` and `config` of the app a file's hooks start, looked up when a test reads them. */
export function liveTestApp(current: () => TestApp | undefined): FileTestApp {
  const running = (): TestApp => {
    const test = current();
    if (!test) throw new Error('the test app is not running: read it inside a test or hook, after beforeAll');
    return test;
  };
  return {
    get app() {
      return running().app;
    },
    get config() {
      return running().config;
    },
  };
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const validators = new Map<string, ValidateFunction>();

/** Fails unless the response's status is declared for the operation and its JSON body matches the contract. */
export function expectContract(response: LightMyRequestResponse, method: string, urlPath: string): void {
  const { path: template, operation } = findOperation(method, urlPath);
  const where = `${method.toUpperCase()} ${template} → ${response.statusCode}`;
  const responses = operation.responses as Record<string, { content?: Record<string, { schema?: unknown }> }>;
  const declared = responses[String(response.statusCode)];
  if (!declared) throw new Error(`${where}: status not declared in openapi.yaml (body: ${response.body.slice(0, 300)})`);
  const json = declared.content?.['application/json'];
  if (!json) return;
  const type = String(response.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) throw new Error(`${where}: expected JSON, got "${type}"`);
  const key = `${where}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(json.schema as object);
    validators.set(key, validate);
  }
  const body: unknown = JSON.parse(response.body);
  if (!validate(body)) {
    throw new Error(`${where}: body breaks the contract: ${ajv.errorsText(validate.errors)}\n${response.body.slice(0, 500)}`);
  }
  if (response.statusCode >= 400 && (body as { statusCode?: number }).statusCode !== response.statusCode) {
    throw new Error(`${where}: error body statusCode ${(body as { statusCode?: number }).statusCode} differs from the HTTP status`);
  }
}

export interface SignedUpUser {
  email: string;
  password: string;
  token: string;
  /** `fs_refresh=<value>`, ready for a Cookie header. */
  cookie: string;
  deviceId: string;
}

export const TEST_PASSWORD = 'Str0ng#Pass';

export function newDeviceId(): string {
  return `dev-${randomBytes(6).toString('hex')}`;
}

/** The `fs_refresh=<value>` pair a response sets, or null. */
export function refreshCookie(response: LightMyRequestResponse): string | null {
  const cookie = response.cookies.find((candidate) => candidate.name === 'fs_refresh');
  return cookie && cookie.value ? `fs_refresh=${cookie.value}` : null;
}

export async function signUp(
  app: FastifyInstance,
  overrides: Partial<{ email: string; password: string; device_id: string; country: string }> = {},
): Promise<SignedUpUser> {
  const email = overrides.email ?? `user-${randomBytes(5).toString('hex')}@example.com`;
  const password = overrides.password ?? TEST_PASSWORD;
  const deviceId = overrides.device_id ?? newDeviceId();
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-up',
    payload: { email, password, cpassword: password, device_id: deviceId, country: overrides.country ?? 'US' },
  });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const body = response.json<{ token: string; email: string }>();
  const cookie = refreshCookie(response);
  if (!cookie) throw new Error('sign-up set no refresh cookie');
  return { email: body.email, password, token: body.token, cookie, deviceId };
}

/** A 1×1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** A multipart/form-data body with one file, for `app.inject`. */
export function multipart(field: string, filename: string, type: string, bytes: Buffer) {
  const boundary = `----fs${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export { contract };

