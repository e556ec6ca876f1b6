// Every answer to a signed-in API call says how it may be cached (issue 37; decision 004):
// `no-store`, or `private, no-cache` where the route sends a validator on purpose. Walks every
// operation the contract says needs sign-in, with a real subscriber's token (successes, refusals
// and not-founds alike) and again with a token the server refuses (its 401s), so a new route is
// checked without a change here.
import { randomUUID } from 'node:crypto';
import { asc } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { classes, programmes } from '@server/db/schema';
import { contractOperations, type FuzzOperation } from './fuzz/bad-requests';
import { roomyRateLimits } from './fixtures/payments-flow';
import { subscriber } from './fixtures/playback';
import { testAppForFile, type SignedUpUser } from './harness';

const t = testAppForFile({ rateLimits: roomyRateLimits });

// Deleting the account would end the walk's session: it goes last (its empty body is refused anyway).
const signedIn = contractOperations()
  .filter((operation) => operation.signedIn)
  .sort((a, b) => Number(a.path === '/api/v1/account/delete') - Number(b.path === '/api/v1/account/delete'));

let user: SignedUpUser;
let classId: string;
let programmeId: string;
beforeAll(async () => {
  user = await subscriber(t.app, 'standard');
  [classId, programmeId] = await Promise.all([
    t.app.db.select({ id: classes.id }).from(classes).orderBy(asc(classes.id)).limit(1).then(([row]) => row!.id),
    t.app.db.select({ id: programmes.id }).from(programmes).orderBy(asc(programmes.id)).limit(1).then(([row]) => row!.id),
  ]);
});

/** A request for `operation`: known catalog ids, unknown ids for the account's own things, today for a range, an empty JSON body. */
function requestOf(operation: FuzzOperation): { method: string; url: string; payload?: object } {
  const ids: Record<string, string> = { classId, id: operation.path.startsWith('/api/v1/programmes') ? programmeId : classId };
  let url = operation.path;
  for (const name of operation.pathParams) url = url.replace(`{${name}}`, encodeURIComponent(ids[name] ?? randomUUID()));
  if (operation.path === '/api/v1/schedule') {
    const today = new Date().toISOString().slice(0, 10);
    url += `?from=${today}&to=${today}`;
  }
  return { method: operation.method, url, ...(operation.body ? { payload: {} } : {}) };
}

/** What is wrong with an answer's caching, or null: `no-store`, or `private, no-cache` with a validator. */
function cachingFault(response: LightMyRequestResponse): string | null {
  const value = String(response.headers['cache-control'] ?? '');
  const directives = new Set(value.split(',').map((directive) => directive.trim().toLowerCase()));
  if (directives.has('no-store')) return null;
  const validator = response.headers.etag ?? response.headers['last-modified'];
  if (directives.has('private') && directives.has('no-cache') && validator) return null;
  return `Cache-Control: ${value || '(none)'}${validator ? '' : ', no validator'}`;
}

describe('Cache-Control on signed-in API answers', () => {
  it('walks every operation that needs sign-in', () => {
    expect(signedIn.length).toBeGreaterThan(50);
  });

  it('is no-store (or private, no-cache with a validator) on every answer to a real account', async () => {
    const faults: string[] = [];
    const statuses = new Set<number>();
    for (const operation of signedIn) {
      const request = requestOf(operation);
      const response = await t.app.inject({ ...request, method: request.method as 'GET', headers: { authorization: `FitStream ${user.token}` } });
      statuses.add(Math.floor(response.statusCode / 100));
      const fault = cachingFault(response);
      if (fault) faults.push(`${request.method} ${operation.path} → ${response.statusCode}: ${fault}`);
    }
    // Successes and refusals were both walked.
    expect([...statuses].sort()).toEqual(expect.arrayContaining([2, 4]));
    expect(faults).toEqual([]);
  });

  it('is no-store on the refusals a token the server refuses gets', async () => {
    const faults: string[] = [];
    let unauthorised = 0;
    for (const operation of signedIn) {
      const request = requestOf(operation);
      const response = await t.app.inject({ ...request, method: request.method as 'GET', headers: { authorization: 'FitStream not-a-token' } });
      // A body the contract refuses is a 400 before the token is read; the rest are 401s.
      if (response.statusCode === 401) unauthorised += 1;
      const fault = cachingFault(response);
      if (fault) faults.push(`${request.method} ${operation.path} → ${response.statusCode}: ${fault}`);
    }
    expect(unauthorised).toBeGreaterThan(20);
    expect(faults).toEqual([]);
  });
});
