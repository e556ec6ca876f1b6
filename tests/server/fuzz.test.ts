// Fuzz of every operation in openapi.yaml (issue 13): seeded bad requests (fuzz/bad-requests.ts)
// against a server holding two real accounts. Every answer is below 500; every error is
// `{ isSuccess: false, message, statusCode, code }` with statusCode equal to the status (the sandbox
// pages' declared HTML pages aside); no body shows internals; and no row or stored file changes.
// `npm run fuzz -- --runs N [--seed S]` runs it longer or replays a seed (FUZZ_RUNS, FUZZ_SEED).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as tables from '@server/db/schema';
import { confirmCheckout, subscribeAndPay } from './fixtures/payments-flow';
import { sendRaw } from './fixtures/raw-http';
import { badRequestsFor, contractOperations, fuzzLookup, malformedHttp, type BadRequest, type FuzzTargets } from './fuzz/bad-requests';
import { findOperation } from '@server/contract';
import { isMessageCode } from '@server/i18n';
import { contract, expectContract, multipart, PNG, signUp, testAppForFile } from './harness';

const runs = Number(process.env.FUZZ_RUNS ?? 1500);
const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const roomy = { points: 1_000_000, duration: 60 };
// A built app to serve, as in production: a path the URL parser turns into `/` gets the page.
const distDir = mkdtempSync(path.join(os.tmpdir(), 'fs-fuzz-dist-'));
writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>FitStream</title>');
afterAll(() => rm(distDir, { recursive: true, force: true }));
const t = testAppForFile({ distDir, rateLimits: { signInPerAccount: roomy, signInPerIp: roomy, signUpPerIp: roomy, exchangePerIp: roomy, forgotPasswordPerIp: roomy, forgotPasswordPerAddress: roomy, resetPasswordPerIp: roomy } });

/** What no answer may show: stack frames, framework codes, SQL and database messages. */
const INTERNAL = /FST_|"stack"|\n\s+at |Failed query|node_modules|\.ts:\d+|relation "|violates|syntax error|invalid input syntax/;

let targets: FuzzTargets;

/** Every row of every table and every stored file, in an order that does not depend on the query. */
async function snapshot(): Promise<Record<string, string[]>> {
  const rows = await Promise.all(
    Object.entries(tables)
      .filter(([, table]) => is(table, PgTable))
      .map(async ([name, table]) => [name, (await t.app.db.select().from(table as PgTable)).map((row) => JSON.stringify(row)).sort()] as const),
  );
  const files = (await readdir(path.join(t.config.dataDir, 'uploads')).catch(() => [] as string[])).sort();
  return { ...Object.fromEntries(rows), files };
}

beforeAll(async () => {
  // Push hosts resolve through the fuzz's own DNS, never the real one.
  t.app.notifications.pushNetwork = { lookup: fuzzLookup };
  // The account whose rows the fuzz must never reach: a profile image, a paid subscription.
  const victim = await signUp(t.app);
  const image = multipart('fileToUpload', 'me.png', 'image/png', PNG);
  const uploaded = await t.app.inject({ method: 'POST', url: '/api/v1/uploads', payload: image.payload, headers: { ...image.headers, authorization: `FitStream ${victim.token}` } });
  const imageName = uploaded.json<{ image: string }>().image;
  await t.app.inject({ method: 'POST', url: '/api/v1/users/details', headers: { authorization: `FitStream ${victim.token}` }, payload: { name: 'Victim', image: imageName } });
  const checkoutId = await subscribeAndPay(t.app, victim);
  const confirmed = await confirmCheckout(t.app, victim, checkoutId);
  const subscriptionId = confirmed.json<{ subscription: { subscription_id: string } }>().subscription.subscription_id;

  // The account the fuzz signs in as: its valid token only ever travels with another defect.
  const fuzzer = await signUp(t.app);
  const claims = JSON.parse(Buffer.from(fuzzer.token.split('.')[1]!, 'base64url').toString()) as { sub: string; sid: string; email: string; pid: string; own: boolean };
  const victimClaims = JSON.parse(Buffer.from(victim.token.split('.')[1]!, 'base64url').toString()) as { sub: string; sid: string; pid: string; own: boolean };
  const secret = new TextEncoder().encode(t.config.jwtSecret);
  // Every forged token names the fuzzer's profile (decision 064), so it carries only the defect it is made for.
  const sign = (payload: { sub: string; sid: string; pid?: string; own?: boolean }, options: { exp?: number | null; alg?: string; key?: Uint8Array } = {}) => {
    const jwt = new SignJWT({ sid: payload.sid, email: claims.email, pid: payload.pid ?? claims.pid, own: payload.own ?? claims.own })
      .setProtectedHeader({ alg: options.alg ?? 'HS256' })
      .setSubject(payload.sub);
    if (options.exp !== null) jwt.setExpirationTime(options.exp ?? '10m');
    return jwt.sign(options.key ?? secret);
  };
  const [header, payload] = fuzzer.token.split('.');
  const unsigned = (json: object) => Buffer.from(JSON.stringify(json)).toString('base64url');
  targets = {
    validToken: fuzzer.token,
    expiredToken: await sign(claims, { exp: Math.floor(Date.now() / 1000) - 60 }),
    foreignIds: [subscriptionId, checkoutId, imageName, victimClaims.sub, victimClaims.sid],
    badTokens: [
      await sign({ sub: claims.sub, sid: 'not-a-uuid' }),
      await sign({ sub: 'admin', sid: claims.sid }),
      await sign({ sub: "1' or '1'='1", sid: "'; drop table users; --" }),
      await sign(claims, { exp: null }),
      await sign(claims, { key: new TextEncoder().encode('not-the-server-secret-not-the-server-secret') }),
      await sign(claims, { alg: 'HS512' }),
      await sign(victimClaims, { key: new TextEncoder().encode('guessed-secret-guessed-secret-guessed-secret') }),
      `${unsigned({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      `${header}.${unsigned({ ...victimClaims, email: claims.email, exp: 4_000_000_000 })}.${fuzzer.token.split('.')[2]}`,
      `${header}.${payload}`,
      `${header}..`,
      'a.b.c',
      `${header}.${'A'.repeat(10_000)}.x`,
    ],
  };
});

/** What is wrong with one answer, or null. */
function problem(request: BadRequest, response: { statusCode: number; headers: Record<string, unknown>; body: string }): string | null {
  const status = response.statusCode;
  if (status >= 500) return `answered ${status}`;
  if (INTERNAL.test(response.body)) return 'the body shows internals';
  if (status < 400) return request.code ? `accepted, where ${request.code} was due` : offContract(request, response);
  const type = String(response.headers['content-type'] ?? '');
  if (type.startsWith('text/html')) {
    // The sandbox provider's pages answer their declared 4xx as HTML pages.
    const [method = '', template = ''] = request.operation.split(' ');
    const declared = (contract.paths as Record<string, Record<string, { responses: Record<string, { content?: object }> }>>)[template]?.[method.toLowerCase()]?.responses[String(status)];
    return declared?.content && 'text/html' in declared.content ? null : `HTML answer for ${status}, which is not declared as a page`;
  }
  if (!type.startsWith('application/json')) return `error answered as "${type}"`;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return 'error body is not JSON';
  }
  const { isSuccess, message, statusCode, code, ...rest } = body as Record<string, unknown>;
  if (isSuccess !== false || typeof message !== 'string' || message === '' || statusCode !== status || Object.keys(rest).length > 0) {
    return `error body is not { isSuccess: false, message, statusCode: ${status}, code }`;
  }
  if (typeof code !== 'string' || !isMessageCode(code)) return `error code ${String(code)} is not a server message`;
  if (request.code && code !== request.code) return `refused with ${code}, not ${request.code}`;
  return offContract(request, response);
}

/** Answers under the operation's `default` response (a refusal every call may get, in the error shape), by operation and status. */
const byDefault = new Map<string, number>();

/**
 * Whether the body breaks the schema the contract declares for the operation and status. A
 * status the operation does not name (a 403 for a request from another site, say) must be one
 * its `default` response covers: its body was checked against the contract's error shape above.
 */
function offContract(request: BadRequest, response: { statusCode: number; headers: Record<string, unknown>; body: string }): string | null {
  if (request.operation === 'raw') return null;
  const [method = ''] = request.operation.split(' ');
  // The operation the server routed the request to: a bad path parameter may make it another
  // (an empty id: GET /api/v1/programmes/ is the list, with the trailing slash ignored).
  const urlPath = new URL(request.url, 'http://fuzz.invalid').pathname.replace(/(.)\/+$/, '$1');
  let template = request.operation.split(' ')[1] ?? '';
  try {
    template = findOperation(method, urlPath).path;
  } catch {
    // No operation has this path: the fuzzed one answers for it.
  }
  const responses = (contract.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>)[template]?.[method.toLowerCase()]?.responses;
  if (!responses?.[String(response.statusCode)]) {
    if (!responses?.default) return `status ${response.statusCode} is not declared, and the operation has no default response`;
    const key = `${request.operation} → ${response.statusCode}`;
    byDefault.set(key, (byDefault.get(key) ?? 0) + 1);
    return null;
  }
  try {
    expectContract(response as Parameters<typeof expectContract>[0], method, template);
    return null;
  } catch (error) {
    return `off the contract: ${(error as Error).message.split('\n')[0]}`;
  }
}

describe('fuzz: every operation of openapi.yaml', () => {
  it(
    `answers ${runs} bad requests with 4xx in the contract's shape, shows no internals and changes no row`,
    async () => {
      console.log(`fuzz: ${runs} requests, seed ${seed} (replay: npm run fuzz -- --runs ${runs} --seed ${seed})`);
      const operations = contractOperations();
      const tally = new Map<string, Map<number, number>>();
      /** Requests only one rule can refuse, so the code is known (a URL the server must not connect to). */
      let coded = 0;
      const before = await snapshot();
      await fc.assert(
        fc.asyncProperty(fc.oneof(...operations.map((operation) => badRequestsFor(operation, targets))), async (request) => {
          const response = await t.app.inject({
            method: request.method as 'GET',
            url: request.url,
            headers: request.headers,
            ...(request.body === undefined ? {} : { payload: Buffer.from(request.body, request.headers['content-type']?.startsWith('multipart') ? 'latin1' : 'utf8') }),
          });
          if (request.code) coded += 1;
          const statuses = tally.get(request.operation) ?? new Map<number, number>();
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          tally.set(request.operation, statuses);
          const found = problem(request, response);
          if (found) throw new Error(`${request.operation} (${request.defect}): ${found}\n${response.body.slice(0, 500)}`);
        }),
        { numRuns: runs, seed },
      );
      for (const [operation, statuses] of [...tally].sort()) {
        console.log(`fuzz: ${operation}: ${[...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`).join(' ')}`);
      }
      const answers = [...tally.values()].flatMap((statuses) => [...statuses.values()]).reduce((sum, count) => sum + count, 0);
      const underDefault = [...byDefault.values()].reduce((sum, count) => sum + count, 0);
      console.log(`fuzz: ${operations.length} operations, ${answers} answers, 0 5xx, 0 bodies off the contract; ${underDefault} under the operations' default refusal; ${coded} refused with their rule's own code`);
      for (const [key, count] of [...byDefault].sort()) console.log(`fuzz: default refusal: ${key} ×${count}`);
      expect(tally.size).toBe(operations.length);
      expect(await snapshot()).toEqual(before);
    },
    600_000 + runs * 200,
  );

  it('answers raw malformed HTTP on a real socket in the contract\'s shape', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await fc.assert(
      fc.asyncProperty(malformedHttp, async (bytes) => {
        const answer = await sendRaw(t.app, bytes);
        const found = problem({ operation: 'raw', defect: 'malformed HTTP', method: '', url: '', headers: {} }, answer);
        if (answer.statusCode < 400 || answer.statusCode >= 500 || found) throw new Error(`raw request answered ${answer.statusLine}: ${found ?? ''}\n${answer.body.slice(0, 300)}`);
      }),
      { numRuns: Math.max(50, Math.round(runs / 20)), seed },
    );
  });
});
