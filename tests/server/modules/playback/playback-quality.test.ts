// Playback quality as an operator reads it (docs/media.md): the players' reports, cumulative
// totals sent with heartbeats and the session's end, move the app's metrics by exactly their
// increase; a report sent again moves nothing; a report that cannot be true is refused with 400
// in the user's language and changes neither the session nor the metrics.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { components } from '@domain/api-schema';
import { playbackSessions } from '@server/db/schema';
import { expectContract, testAppForFile } from '../../harness';
import { authorization, roomyRateLimits } from '../../fixtures/payments-flow';
import { seedPlayableClass, SESSIONS, startPlayback, subscriber, tinyMedia, tinyMediaDir, type StartedSession } from '../../fixtures/playback';
import type { SignedUpUser } from '../../harness';

type Quality = components['schemas']['PlaybackQuality'];

const t = testAppForFile({ rateLimits: roomyRateLimits, mediaDir: tinyMediaDir });
beforeAll(async () => {
  await tinyMedia();
  await seedPlayableClass(t.app);
}, 240_000);
afterEach(() => {
  vi.useRealTimers();
});

/** Moves the clock `seconds` ahead of where it stands (Date only: nothing sleeps). */
function advanceClock(seconds: number): void {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + seconds * 1000 });
}

const noFailures = { network: 0, media: 0, unsupported: 0, other: 0 };
const report = (fields: Partial<Quality> = {}): Quality => ({
  startup_ms: 800,
  watched_ms: 20_000,
  stalls: 1,
  stalled_ms: 1_500,
  switches: 2,
  rendition: '720p',
  failures: noFailures,
  ...fields,
});

async function send(method: 'POST' | 'DELETE', user: Pick<SignedUpUser, 'token'>, sessionId: string, payload?: object, language = 'en'): Promise<LightMyRequestResponse> {
  const url = method === 'POST' ? `${SESSIONS}/${sessionId}/heartbeat` : `${SESSIONS}/${sessionId}`;
  const response = await t.app.inject({ method, url, headers: { ...authorization(user), 'accept-language': language }, ...(payload === undefined ? {} : { payload }) });
  expectContract(response, method, url);
  return response;
}
const beat = (user: Pick<SignedUpUser, 'token'>, sessionId: string, quality?: object, language?: string) => send('POST', user, sessionId, quality === undefined ? undefined : { quality }, language);
const stop = (user: Pick<SignedUpUser, 'token'>, sessionId: string, quality?: object, language?: string) => send('DELETE', user, sessionId, quality === undefined ? undefined : { quality }, language);

/** Every sample of the app's registry, by name and labels (`name{a="x",b="y"}` → value). */
async function samples(): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  // The playback quality metrics only (the registry also counts requests, live sessions, the process, …).
  const quality = (name: string) => name.startsWith('fitstream_playback_') && name !== 'fitstream_playback_live_sessions';
  for (const metric of (await t.app.metrics.getMetricsAsJSON()).filter((each) => quality(each.name))) {
    for (const sample of metric.values) {
      const { labels, value } = sample;
      const { metricName } = sample as { metricName?: string };
      const labelText = Object.entries(labels)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, labelValue]) => `${key}="${labelValue}"`)
        .join(',');
      found.set(`${metricName ?? metric.name}{${labelText}}`, value);
    }
  }
  return found;
}

/** What changed between two readings (only the samples that moved). */
function moved(before: Map<string, number>, after: Map<string, number>): Record<string, number> {
  const changes: Record<string, number> = {};
  for (const [key, value] of after) {
    const change = value - (before.get(key) ?? 0);
    if (Math.abs(change) > 1e-9) changes[key] = Math.round(change * 1000) / 1000;
  }
  return changes;
}

async function watching(plan: string): Promise<{ user: SignedUpUser; session: StartedSession }> {
  const user = await subscriber(t.app, plan);
  const response = await startPlayback(t.app, { user });
  expect(response.statusCode).toBe(201);
  return { user, session: response.json<{ session: StartedSession }>().session };
}

async function sessionRow(id: string) {
  const [row] = await t.app.db.select().from(playbackSessions).where(eq(playbackSessions.id, id));
  return row!;
}

const labels = 'plan="standard",rendition="720p"';

describe('accepted reports', () => {
  it('move the metrics by the totals of the first report, then by the increase of each later one', async () => {
    const { user, session } = await watching('standard');
    advanceClock(30);
    const before = await samples();
    expect((await beat(user, session.id, report())).statusCode).toBe(200);
    const afterFirst = await samples();
    expect(moved(before, afterFirst)).toEqual({
      'fitstream_playback_sessions_total{plan="standard"}': 1,
      [`fitstream_playback_startup_seconds_count{${labels}}`]: 1,
      [`fitstream_playback_startup_seconds_sum{${labels}}`]: 0.8,
      // 0.8 s falls in every bucket from 1 s up (and the 0.75 s bucket stays as it was).
      ...Object.fromEntries(['1', '1.5', '2', '3', '5', '8', '13', '20', '30', '+Inf'].map((le) => [`fitstream_playback_startup_seconds_bucket{le="${le}",${labels}}`, 1])),
      [`fitstream_playback_watched_seconds_total{${labels}}`]: 20,
      [`fitstream_playback_stalls_total{${labels}}`]: 1,
      [`fitstream_playback_stalled_seconds_total{${labels}}`]: 1.5,
      [`fitstream_playback_rendition_switches_total{${labels}}`]: 2,
    });

    advanceClock(30);
    const later = report({ watched_ms: 48_000, stalls: 2, stalled_ms: 2_500, switches: 3, rendition: '1080p', failures: { ...noFailures, network: 1 } });
    expect((await beat(user, session.id, later)).statusCode).toBe(200);
    const at1080 = 'plan="standard",rendition="1080p"';
    expect(moved(afterFirst, await samples())).toEqual({
      [`fitstream_playback_watched_seconds_total{${at1080}}`]: 28,
      [`fitstream_playback_stalls_total{${at1080}}`]: 1,
      [`fitstream_playback_stalled_seconds_total{${at1080}}`]: 1,
      [`fitstream_playback_rendition_switches_total{${at1080}}`]: 1,
      'fitstream_playback_failures_total{kind="network",plan="standard"}': 1,
    });
  });

  it('count a report sent again (a retry, another instance) once', async () => {
    const { user, session } = await watching('standard');
    advanceClock(30);
    expect((await beat(user, session.id, report())).statusCode).toBe(200);
    const before = await samples();
    expect((await beat(user, session.id, report())).statusCode).toBe(200);
    expect((await stop(user, session.id, report())).statusCode).toBe(200);
    expect(moved(before, await samples())).toEqual({});
  });

  it('count the same report arriving twice at once once (the row is locked while it is compared)', async () => {
    const { user, session } = await watching('standard');
    advanceClock(30);
    const before = await samples();
    const answers = await Promise.all([beat(user, session.id, report()), beat(user, session.id, report()), stop(user, session.id, report())]);
    // A heartbeat the stop overtook hears that the session ended; its report still counted once at most.
    expect(answers.map((answer) => answer.statusCode)).toEqual([expect.toBeOneOf([200, 410]), expect.toBeOneOf([200, 410]), 200]);
    expect(moved(before, await samples())).toMatchObject({
      'fitstream_playback_sessions_total{plan="standard"}': 1,
      [`fitstream_playback_startup_seconds_count{${labels}}`]: 1,
      [`fitstream_playback_watched_seconds_total{${labels}}`]: 20,
      [`fitstream_playback_stalls_total{${labels}}`]: 1,
    });
  });

  it('take the end report with the stop, and heartbeats without a report as before', async () => {
    const { user, session } = await watching('basic');
    advanceClock(30);
    expect((await beat(user, session.id)).statusCode).toBe(200);
    const before = await samples();
    expect((await beat(user, session.id, report({ startup_ms: null, watched_ms: 0, stalls: 0, stalled_ms: 0, switches: 0, rendition: null }))).statusCode).toBe(200);
    advanceClock(30);
    expect((await stop(user, session.id, report({ startup_ms: 1_200, watched_ms: 40_000, stalls: 0, stalled_ms: 0, switches: 0, rendition: '360p' }))).statusCode).toBe(200);
    const at360 = 'plan="basic",rendition="360p"';
    expect(moved(before, await samples())).toMatchObject({
      'fitstream_playback_sessions_total{plan="basic"}': 1,
      [`fitstream_playback_startup_seconds_count{${at360}}`]: 1,
      [`fitstream_playback_startup_seconds_sum{${at360}}`]: 1.2,
      [`fitstream_playback_watched_seconds_total{${at360}}`]: 40,
    });
    expect((await sessionRow(session.id)).endReason).toBe('stopped');
  });
});

describe('bad reports', () => {
  // Each is sent 60 s into a session that already reported `report()` at 30 s.
  const cases: [string, object, string][] = [
    ['a negative count', report({ stalls: -1 }), 'request.invalid.minimum'],
    ['a count that is not whole', { ...report(), switches: 2.5 }, 'request.invalid.type'],
    ['a time that is not whole', { ...report(), watched_ms: 20_000.5 }, 'request.invalid.type'],
    ['watched time that went down', report({ watched_ms: 19_000 }), 'playback.quality.wentDown'],
    ['a stall count that went down', report({ stalls: 0 }), 'playback.quality.wentDown'],
    ['a start-up time that changed', report({ startup_ms: 700 }), 'playback.quality.wentDown'],
    ['stalled longer than the session has lasted', report({ stalled_ms: 120_000 }), 'playback.quality.longerThanSession'],
    ['a start-up longer than the session', report({ startup_ms: 100_000 }), 'playback.quality.longerThanSession'],
    ['watched longer than the session', report({ watched_ms: 100_000 }), 'playback.quality.longerThanSession'],
    ['a rendition that does not exist', { ...report(), rendition: '480p' }, 'request.invalid.enum'],
    ['far too many switches', report({ switches: 500 }), 'playback.quality.tooMany'],
    ['far too many stalls', report({ stalls: 500 }), 'playback.quality.tooMany'],
    ['a field the contract does not know', { ...report(), bitrate: 5 }, 'request.invalid.additionalProperties'],
  ];

  it.each(cases)('refuses %s with 400 in the user language, and changes nothing', async (_name, bad, code) => {
    const { user, session } = await watching('standard');
    advanceClock(30);
    expect((await beat(user, session.id, report())).statusCode).toBe(200);
    advanceClock(30);
    const rowBefore = await sessionRow(session.id);
    const before = await samples();
    for (const response of [await beat(user, session.id, bad, 'es'), await stop(user, session.id, bad, 'es')]) {
      expect(response.statusCode).toBe(400);
      const body = response.json<{ code: string; message: string; isSuccess: boolean }>();
      expect(body).toMatchObject({ isSuccess: false, statusCode: 400, code });
      // Spanish, as the request asked: never the English text.
      expect(body.message).not.toMatch(/\b(the|this|report)\b/i);
    }
    expect(moved(before, await samples())).toEqual({});
    // Neither the heartbeat nor the stop was recorded: the session stands as it was.
    expect(await sessionRow(session.id)).toEqual(rowBefore);
    expect((await beat(user, session.id)).statusCode).toBe(200);
  });

  it('refuses failures that went down', async () => {
    const { user, session } = await watching('standard');
    advanceClock(30);
    expect((await beat(user, session.id, report({ failures: { ...noFailures, network: 1 } }))).statusCode).toBe(200);
    const before = await samples();
    const response = await beat(user, session.id, report());
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('playback.quality.wentDown');
    expect(moved(before, await samples())).toEqual({});
  });
});
