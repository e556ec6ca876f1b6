// The production topology on one machine (deploy/): the nginx media edge in front of HAProxy in
// front of two instances sharing one PostgreSQL, one Redis and one MEDIA_DIR, with Prometheus
// scraping both. A subscriber's journey to a played class goes through the edge; every media file
// of that playback is answered by the edge, none by an instance; forged, expired and above-the-
// plan URLs are refused at the edge; Prometheus sees both instances and the playback's start-up
// time (before a restart would zero one instance's counters); and one instance sent SIGTERM under
// load fails no request. Runs where PostgreSQL and Redis answer and Debian's nginx (with
// njs), HAProxy and Prometheus are installed (vitest.config.ts; .ci/run installs them).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMissingSamples, sharedSampleMediaDir } from '@server/modules/media/sample-catalogue';
import { mediaUrl, signMediaGrant } from '@server/modules/media';
import { ApiClient } from '../server/fixtures/api-client';
import { freePort } from '../../scripts/free-port';
import type { Balancer } from '../server/fixtures/haproxy';
import { startEdge, type Edge } from '../server/fixtures/nginx-edge';
import { startPrometheus, type Prometheus } from '../server/fixtures/prometheus';
import { sharedJwtSecret, type ServerProcess } from '../server/fixtures/server-process';
import { startSharedInstances, type SharedInstances } from '../server/fixtures/shared-instances';
import { steadyStream, until } from '../server/fixtures/steady-stream';

const PLAYBACK_SECRET = sharedJwtSecret();

interface Session {
  id: string;
  media_id: string;
  master_playlist_url: string;
  token: string;
  max_video_height: number;
}

describe('the edge, the balancer and two instances', () => {
  let metricsPorts: number[];
  let shared: SharedInstances;
  let instances: ServerProcess[];
  let balancer: Balancer;
  let edge: Edge;
  let prometheus: Prometheus;
  let client: ApiClient;
  let session: Session;

  beforeAll(async () => {
    await makeMissingSamples(sharedSampleMediaDir);
    const [edgePort, balancerPort] = [await freePort(), await freePort()];
    metricsPorts = [await freePort(), await freePort()];
    shared = await startSharedInstances({
      balancerPort,
      env: {
        PLAYBACK_SECRET,
        PUBLIC_URL: `http://127.0.0.1:${edgePort}`,
        // Two proxies on this machine: the edge, then the balancer.
        TRUST_PROXY: '2',
        MEDIA_DIR: sharedSampleMediaDir,
        SHUTDOWN_GRACE_SECONDS: '3',
      },
      perInstance: (index) => ({ METRICS_PORT: String(metricsPorts[index]) }),
      upWithinMs: 60_000,
    });
    ({ instances, balancer } = shared);
    edge = await startEdge({ balancer: `127.0.0.1:${balancerPort}`, mediaDir: sharedSampleMediaDir, playbackSecret: PLAYBACK_SECRET, port: edgePort });
    prometheus = await startPrometheus(metricsPorts.map((port) => `127.0.0.1:${port}`));
  }, 600_000);
  afterAll(async () => {
    await prometheus?.stop();
    await edge?.stop();
    await shared?.stop();
  });

  /** How many requests HAProxy has passed to the instances so far. */
  const balanced = async () => (await balancer.instances()).reduce((sum, state) => sum + state.requests, 0);

  it('a subscriber signs up, pays and plays a class through the edge: every media file from the edge, none from an instance', async () => {
    client = new ApiClient(edge.url);
    expect((await client.signUp()).status).toBe(201);
    const checkout = await client.subscribe('basic');
    expect(await client.pay(checkout.path)).toBe(303);
    expect((await client.confirm(checkout.sessionId)).status).toBe(200);
    const catalog = await client.call('GET', '/api/v1/classes');
    const classId = (catalog.body.classes as { id: string }[])[0]!.id;
    // The instances record the sample media in the new database as they start: until then a class answers 503.
    let started = await client.call('POST', '/api/v1/playback/sessions', { class_id: classId, device_id: client.deviceId });
    for (let tries = 0; started.status === 503 && tries < 60; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      started = await client.call('POST', '/api/v1/playback/sessions', { class_id: classId, device_id: client.deviceId });
    }
    expect(started.status).toBe(201);
    session = started.body.session as Session;

    const before = await balanced();
    const master = await fetch(`${edge.url}${session.master_playlist_url}`);
    expect(master.status).toBe(200);
    const rendition = (await master.text()).split('\n').find((line) => line.startsWith('/media/'))!;
    const playlist = await fetch(`${edge.url}${rendition}`);
    expect(playlist.status).toBe(200);
    const text = await playlist.text();
    const files = [/#EXT-X-MAP:URI="([^"]+)"/.exec(text)![1]!, ...text.split('\n').filter((line) => line && !line.startsWith('#'))];
    const base = new URL(rendition, edge.url);
    for (const file of files) {
      const response = await fetch(new URL(file, base));
      expect(response.status, file).toBe(200);
      await response.arrayBuffer();
    }
    // Only the master playlist (it reads the plan) went past the edge.
    expect((await balanced()) - before).toBe(1);
    // The player reports how it went with its heartbeat (through the edge and the balancer too).
    const quality = { startup_ms: 700, watched_ms: 4000, stalls: 0, stalled_ms: 0, switches: 0, rendition: '360p', failures: {} };
    await new Promise((resolve) => setTimeout(resolve, 5000));
    expect((await client.call('POST', `/api/v1/playback/sessions/${session.id}/heartbeat`, { quality })).status).toBe(200);
    const served = edge.served().filter((line) => line.startsWith('200 GET /media/') && !line.includes('master.m3u8'));
    expect(served).toHaveLength(files.length + 1);
  }, 300_000);

  it('refuses forged, expired and above-the-plan media URLs at the edge', async () => {
    const before = await balanced();
    const file = (token: string, name: string) => `${edge.url}${mediaUrl(session.media_id, token, name)}`;
    const expired = signMediaGrant(PLAYBACK_SECRET, { sessionId: session.id, mediaId: session.media_id, maxHeight: session.max_video_height }, new Date(Date.now() - 3_600_000), 300).token;
    const raised = session.token.replace(`.${session.max_video_height}.`, '.2160.');
    const cases: [string, string][] = [
      [file(expired, '360p/init.mp4'), 'playback.badLink'],
      [file(raised, '2160p/init.mp4'), 'playback.badLink'],
      [file(`${session.token.slice(0, -1)}${session.token.endsWith('A') ? 'B' : 'A'}`, '360p/init.mp4'), 'playback.badLink'],
      [file(session.token, '1080p/init.mp4'), 'playback.qualityNotInPlan'],
    ];
    for (const [url, code] of cases) {
      const response = await fetch(url);
      expect([response.status, ((await response.json()) as { code: string }).code], url).toEqual([403, code]);
    }
    expect(await balanced()).toBe(before);
  });

  it('Prometheus scrapes both instances', async () => {
    const up = await prometheus.until('up{job="fitstream"} == 1', (samples) => samples.length === 2, 60_000);
    expect(up.map((sample) => sample.metric.instance).sort()).toEqual(metricsPorts.map((port) => `127.0.0.1:${port}`).sort());
    // Each instance's own numbers: both answered requests; the journey's start-up time was reported.
    const requests = await prometheus.until('sum by (instance) (fitstream_http_request_duration_seconds_count) > 0', (samples) => samples.length === 2);
    expect(requests).toHaveLength(2);
    await prometheus.until('sum(fitstream_playback_startup_seconds_count) == 1', (samples) => samples.length === 1);
    // No instance ever answered a media file: the edge did (a session's master playlist is the API's).
    const media = await prometheus.query('sum(fitstream_http_request_duration_seconds_count{route=~"/media/.+", route!~".*master.m3u8"})');
    expect(media.map((sample) => Number(sample.value[1])).filter((count) => count > 0)).toEqual([]);
  }, 120_000);

  it('an instance sent SIGTERM under a steady stream of requests through the edge fails none of them', async () => {
    const stream = steadyStream(client);
    try {
      await until(() => stream.answered() >= 20, 'the first answers');
      const stopping = instances[0]!.stop('SIGTERM');
      await balancer.until((states) => states[0]!.status.startsWith('DOWN'));
      await stopping;
      const alone = stream.answered();
      await until(() => stream.answered() >= alone + 20, 'answers from the other instance alone');
      await shared.restart(0);
      await balancer.until((states) => states[0]?.status === 'UP', 60_000);
    } finally {
      expect(await stream.stop()).toEqual([]);
    }
  }, 240_000);
});
