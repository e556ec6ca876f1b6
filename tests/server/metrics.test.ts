// The metrics as an operator reads them (docs/decisions/054): real requests through app.inject,
// then the app's registry in the Prometheus text format, read line by line as Prometheus would.
// Each test reads the change its requests made, so the tests share one app in any order.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultRateLimits } from '@server/config';
import { signUp, testAppForFile, TEST_PASSWORD } from './harness';
import { createLicence } from './fixtures/downloads';
import { CLASS_ID, seedPlayableClass, startPlayback, subscriber, tinyMedia, tinyMediaDir } from './fixtures/playback';

const t = testAppForFile({
  mediaDir: tinyMediaDir,
  rateLimits: { ...defaultRateLimits, signUpPerIp: { points: 10_000, duration: 3600 }, signInPerIp: { points: 4, duration: 3600 } },
});

beforeAll(async () => {
  await tinyMedia();
  await seedPlayableClass(t.app);
});

type Labels = Record<string, string>;

/** Every sample of the scrape: name, labels, value. */
async function scrape(app: FastifyInstance): Promise<{ name: string; labels: Labels; value: number }[]> {
  const text = await app.metrics.metrics();
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [, name = '', labelText = '', value = ''] = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line) ?? [];
      const labels = Object.fromEntries([...labelText.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key = '', text = '']) => [key, text]));
      return { name, labels, value: Number(value) };
    });
}

/** The value of the sample `name` with exactly `labels`; undefined when there is none. */
async function value(name: string, labels: Labels = {}): Promise<number | undefined> {
  const wanted = Object.entries(labels);
  const found = (await scrape(t.app)).find(
    (sample) => sample.name === name && Object.keys(sample.labels).length === wanted.length && wanted.every(([key, text]) => sample.labels[key] === text),
  );
  return found?.value;
}

const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { email, password, device_id: `dev-${randomBytes(4).toString('hex')}` } });
const requests = (route: string, method: string, status: number) =>
  value('fitstream_http_request_duration_seconds_count', { method, route, status_code: String(status) });

describe('sign-ins and rate limits', () => {
  it('counts successes and failures by method, and a 429 as a rate-limit refusal, not as a sign-in', async () => {
    const user = await signUp(t.app);
    const before = {
      success: (await value('fitstream_sign_ins_total', { method: 'password', outcome: 'success' })) ?? -1,
      failure: (await value('fitstream_sign_ins_total', { method: 'password', outcome: 'failure' })) ?? -1,
      limited: (await value('fitstream_rate_limit_refusals_total', { limit: 'sign_in_per_ip' })) ?? -1,
      unauthorised: (await requests('/api/v1/auth/sign-in', 'POST', 401)) ?? 0,
    };
    // Every series is there from the start, at 0 when nothing happened (rate() needs it).
    expect(before.limited).toBe(0);

    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(user.email, 'Wr0ng#Pass')).statusCode).toBe(401);
    expect((await signIn(`nobody-${randomBytes(3).toString('hex')}@example.com`, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    // The fifth from this address in the hour: over the limit.
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(429);

    expect(await value('fitstream_sign_ins_total', { method: 'password', outcome: 'success' })).toBe(before.success + 2);
    expect(await value('fitstream_sign_ins_total', { method: 'password', outcome: 'failure' })).toBe(before.failure + 2);
    expect(await value('fitstream_rate_limit_refusals_total', { limit: 'sign_in_per_ip' })).toBe(1);
    expect(await value('fitstream_rate_limit_refusals_total', { limit: 'sign_up_per_ip' })).toBe(0);
    expect(await requests('/api/v1/auth/sign-in', 'POST', 401)).toBe(before.unauthorised + 2);
    expect(await requests('/api/v1/auth/sign-in', 'POST', 429)).toBe(1);
  });
});

describe('request durations', () => {
  it('are labelled by route pattern, never by the URL, and what no route matches shares one label', async () => {
    const id = `zz${randomBytes(6).toString('hex')}`;
    // Signed out: 401 from the route's own hook, so the route is known.
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/classes/${id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/no-such-thing/${id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PROPFIND', url: `/${id}` })).statusCode).toBe(404);

    const samples = await scrape(t.app);
    expect(samples.filter((sample) => JSON.stringify(sample.labels).includes(id))).toEqual([]);
    expect(await requests('/api/v1/classes/:id', 'GET', 401)).toBeGreaterThanOrEqual(1);
    expect(await requests('unmatched', 'POST', 404)).toBeGreaterThanOrEqual(1);
    expect(await requests('unmatched', 'other', 404)).toBeGreaterThanOrEqual(1);
    // A histogram: the +Inf bucket holds every request its count does.
    const count = (await requests('/api/v1/classes/:id', 'GET', 401)) ?? 0;
    expect(await value('fitstream_http_request_duration_seconds_bucket', { method: 'GET', route: '/api/v1/classes/:id', status_code: '401', le: '+Inf' })).toBe(count);
  });
});

describe('download licences', () => {
  it('counts a licence issued and one refused, by reason', async () => {
    const before = {
      issued: (await value('fitstream_download_licences_issued_total', { kind: 'new' })) ?? -1,
      noSubscription: (await value('fitstream_download_licences_refused_total', { reason: 'no_subscription' })) ?? -1,
    };
    const withoutPlan = await signUp(t.app);
    const refused = await createLicence(t.app, withoutPlan);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ reason: string }>().reason).toBe('no_subscription');
    const subscribed = await subscriber(t.app, 'standard');
    expect((await createLicence(t.app, subscribed, { class_id: CLASS_ID, rendition: '720p' })).statusCode).toBe(201);

    expect(await value('fitstream_download_licences_refused_total', { reason: 'no_subscription' })).toBe(before.noSubscription + 1);
    expect(await value('fitstream_download_licences_issued_total', { kind: 'new' })).toBe(before.issued + 1);
    expect(await value('fitstream_download_licences_refused_total', { reason: 'class_limit' })).toBe(0);
  });
});

describe('read at scrape time', () => {
  it('live playback sessions by plan, every plan listed', async () => {
    const before = (await value('fitstream_playback_live_sessions', { plan: 'standard' })) ?? -1;
    expect(before).toBeGreaterThanOrEqual(0);
    expect(await value('fitstream_playback_live_sessions', { plan: 'premium' })).toBeGreaterThanOrEqual(0);
    const viewer = await subscriber(t.app, 'standard');
    expect((await startPlayback(t.app, { user: viewer })).statusCode).toBe(201);
    expect(await value('fitstream_playback_live_sessions', { plan: 'standard' })).toBe(before + 1);
  });

  it('the mail outbox backlog: a welcome email pending until delivered', async () => {
    await t.app.mail.deliverNow();
    expect(await value('fitstream_mail_outbox_pending')).toBe(0);
    expect(await value('fitstream_mail_outbox_oldest_pending_age_seconds')).toBe(0);
    const sent = (await value('fitstream_mail_deliveries_total', { outcome: 'sent' })) ?? -1;

    await signUp(t.app);
    await t.app.mail.queued();
    expect(await value('fitstream_mail_outbox_pending')).toBe(1);
    expect(await value('fitstream_mail_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(0);

    await t.app.mail.deliverNow();
    expect(await value('fitstream_mail_outbox_pending')).toBe(0);
    expect(await value('fitstream_mail_deliveries_total', { outcome: 'sent' })).toBe(sent + 1);
    expect(await value('fitstream_mail_outbox_abandoned')).toBe(0);
  });

  it('the database connections, and Node’s own metrics (event-loop delay, memory, GC)', async () => {
    expect(await value('fitstream_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(await value('fitstream_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
    expect(await value('fitstream_db_pool_waiting')).toBe(0);
    const names = new Set((await scrape(t.app)).map((sample) => sample.name));
    for (const name of ['nodejs_eventloop_lag_p99_seconds', 'process_resident_memory_bytes', 'nodejs_heap_size_used_bytes', 'nodejs_gc_duration_seconds_count']) {
      expect(names, name).toContain(name);
    }
  });
});
