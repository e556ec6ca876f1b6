// Simulated viewers through the production topology (issue 39): the media edge (nginx with njs)
// in front of HAProxy in front of two compiled instances on the local PostgreSQL (a scratch
// database) and Redis, as tests/topology/topology.test.ts sets them up. Each viewer is a
// signed-in subscriber with a playback session of its own: it follows its plan's best rendition,
// fetches a segment every segment's duration (its rendition's bitrate) and sends a heartbeat
// every 30 s, from a loopback address of its own. The accounts, their sign-in sessions and
// subscriptions are written straight into the database, and the access tokens signed with the
// instances' JWT_SECRET, so the set-up stays short and out of the measured window; the playback
// sessions are started through the edge. Reported: errors (of any request, set-up included),
// requests served in the window, and the CPU each process used in it (user + system time from
// /proc/<pid>/stat, as a share of one core over the window's wall time).
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { SignJWT } from 'jose';
import pg from 'pg';
import { mediaUrl } from '@server/modules/media';
import { HAPROXY, startBalancer } from '../tests/server/fixtures/haproxy';
import { edgeInstalled, startEdge } from '../tests/server/fixtures/nginx-edge';
import { ApiSession, visitorAddress, type ApiResponse } from './api-session';
import { freePort } from '../scripts/free-port';
import { cpuTimeMs, createScratchDatabase, startProductServer, treeCpuMs, type RunningServer } from './server-process';
import type { Row } from './table';

export interface ViewersOptions {
  distDir: string;
  mediaDir: string;
  /** How many viewers (1,000 in a full run). */
  viewers: number;
  /** The measured window, once every viewer plays. */
  seconds: number;
}

interface PlaybackSession {
  id: string;
  media_id: string;
  master_playlist_url: string;
  token: string;
  heartbeat_seconds: number;
}

interface Counts {
  segments: number;
  segmentBytes: number;
  heartbeats: number;
  failed: number;
}

/** A viewer on a Mobile plan plays on a phone (the plan refuses other devices); the others on a computer. */
const userAgents = {
  phone: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  computer: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const redisAnswers = () =>
  new Promise<boolean>((resolve) => {
    const socket = connect(6379, '127.0.0.1');
    socket.setTimeout(1000, () => resolve(!socket.destroy()));
    socket.once('connect', () => resolve(socket.end() !== undefined));
    socket.once('error', () => resolve(false));
  });

/** Accounts with an open sign-in session and an active subscription each, round the plans: their ids. */
async function seedViewers(url: string, count: number): Promise<{ userId: string; email: string; sessionId: string; plan: string; mobileOnly: boolean }[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    const plans = (await client.query<{ id: string }>('SELECT id FROM plans ORDER BY id')).rows.map((row) => row.id);
    if (plans.length === 0) throw new Error('no plans in the database');
    await client.query(`INSERT INTO users (email, password_hash, country) SELECT 'viewer-' || i || '@example.com', 'not-a-password-hash', 'US' FROM generate_series(1, $1::int) AS i`, [count]);
    await client.query(`INSERT INTO sessions (user_id, device_id) SELECT id, 'bench-viewer' FROM users WHERE email LIKE 'viewer-%'`);
    await client.query(
      `INSERT INTO subscriptions (id, user_id, plan_id, provider, status, current_period_start, current_period_end)
       SELECT 'bench-viewer-' || id, id, ($1::text[])[1 + (row_number() OVER (ORDER BY email))::int % cardinality($1::text[])], 'sandbox', 'active', now() - interval '1 day', now() + interval '29 days'
       FROM users WHERE email LIKE 'viewer-%'`,
      [plans],
    );
    await client.query('COMMIT');
    const { rows } = await client.query<{ user_id: string; email: string; session_id: string; plan: string; mobile_only: boolean }>(
      `SELECT u.id AS user_id, u.email, s.id AS session_id, sub.plan_id AS plan, p.mobile_only FROM users u
       JOIN sessions s ON s.user_id = u.id JOIN subscriptions sub ON sub.user_id = u.id JOIN plans p ON p.id = sub.plan_id
       WHERE u.email LIKE 'viewer-%' ORDER BY u.email`,
    );
    return rows.map((row) => ({ userId: row.user_id, email: row.email, sessionId: row.session_id, plan: row.plan, mobileOnly: row.mobile_only }));
  } finally {
    await client.end();
  }
}

/** An access token as the auth module signs one (HS256: sub = user, sid = session). */
function accessToken(jwtSecret: string, viewer: { userId: string; email: string; sessionId: string }): Promise<string> {
  return new SignJWT({ sid: viewer.sessionId, email: viewer.email })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(viewer.userId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + 3600)
    .sign(new TextEncoder().encode(jwtSecret));
}

/** Runs `work` over `items`, `width` at a time. */
async function inParallel<T>(items: T[], width: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index]!, index);
      }
    }),
  );
}

class Viewer {
  private stopped = false;
  private timers: NodeJS.Timeout[] = [];
  /** The rendition's folder (`720p`), its segments and their duration. */
  private rendition = '';
  private segments: string[] = [];
  private segmentSeconds = 4;
  private playback!: PlaybackSession;

  constructor(
    private readonly api: ApiSession,
    private readonly counts: Counts,
    private readonly errors: string[],
    /** Its device's User-Agent, sent with every request. */
    private readonly headers: Record<string, string>,
  ) {}

  private fail(what: string, detail: string): void {
    this.counts.failed += 1;
    if (this.errors.length < 10) this.errors.push(`${what}: ${detail}`);
  }

  private ok(response: ApiResponse, what: string): boolean {
    if (response.status >= 200 && response.status < 300) return true;
    this.fail(what, `HTTP ${response.status} ${response.text().slice(0, 120)}`);
    return false;
  }

  /** Starts its playback session and reads its playlists (set-up); answers false on a refusal. */
  async start(classId: string, deviceId: string): Promise<PlaybackSession | 'unavailable' | null> {
    const started = await this.api.request('POST', '/api/v1/playback/sessions', { auth: true, headers: this.headers, json: { class_id: classId, device_id: deviceId } });
    if (started.status === 503) return 'unavailable';
    if (!this.ok(started, 'start playback')) return null;
    this.playback = (JSON.parse(started.text()) as { session: PlaybackSession }).session;
    const master = await this.api.request('GET', this.playback.master_playlist_url, { headers: this.headers });
    if (!this.ok(master, 'master playlist')) return null;
    // The plan's best rendition: the master lists only the renditions the plan opens.
    const lines = master.text().split('\n');
    let best: { bandwidth: number; uri: string } | null = null;
    lines.forEach((line, index) => {
      const bandwidth = /^#EXT-X-STREAM-INF:.*\bBANDWIDTH=(\d+)/.exec(line)?.[1];
      const uri = lines[index + 1];
      if (bandwidth && uri && (!best || Number(bandwidth) > best.bandwidth)) best = { bandwidth: Number(bandwidth), uri };
    });
    const chosen = best as { bandwidth: number; uri: string } | null;
    const folder = chosen ? /(\d+p)\/playlist\.m3u8/.exec(chosen.uri)?.[1] : undefined;
    if (!chosen || !folder) {
      this.fail('master playlist', 'no rendition');
      return null;
    }
    this.rendition = folder;
    const playlist = await this.api.request('GET', new URL(chosen.uri, `http://edge${this.playback.master_playlist_url}`).pathname, { headers: this.headers });
    if (!this.ok(playlist, 'rendition playlist')) return null;
    const text = playlist.text();
    this.segments = text.split('\n').filter((line) => line && !line.startsWith('#'));
    this.segmentSeconds = Number(/#EXTINF:([\d.]+)/.exec(text)?.[1] ?? 4);
    const init = await this.api.request('GET', mediaUrl(this.playback.media_id, this.playback.token, `${this.rendition}/init.mp4`), { headers: this.headers });
    if (!this.ok(init, 'init segment')) return null;
    return this.playback;
  }

  /** Plays: a segment every segment's duration (looping the class), a heartbeat every `heartbeat_seconds` from a random phase. */
  play(): void {
    let segment = 0;
    const fetchSegment = async () => {
      const name = this.segments[segment % this.segments.length]!;
      segment += 1;
      try {
        const response = await this.api.request('GET', mediaUrl(this.playback.media_id, this.playback.token, `${this.rendition}/${name}`), { headers: this.headers });
        if (this.ok(response, `segment ${name}`)) {
          this.counts.segments += 1;
          this.counts.segmentBytes += response.body.length;
        }
      } catch (error) {
        this.fail(`segment ${name}`, (error as Error).message);
      }
    };
    const heartbeat = async () => {
      try {
        const response = await this.api.request('POST', `/api/v1/playback/sessions/${this.playback.id}/heartbeat`, { auth: true, headers: this.headers });
        if (this.ok(response, 'heartbeat')) {
          this.counts.heartbeats += 1;
          // Each heartbeat hands out a fresh grant: the next segments use it.
          this.playback.token = (JSON.parse(response.text()) as { session: PlaybackSession }).session.token;
        }
      } catch (error) {
        this.fail('heartbeat', (error as Error).message);
      }
    };
    const every = (ms: number, firstAfter: number, work: () => Promise<void>) => {
      const tick = () => {
        if (this.stopped) return;
        void work();
        this.timers.push(setTimeout(tick, ms));
      };
      this.timers.push(setTimeout(tick, firstAfter));
    };
    const segmentMs = this.segmentSeconds * 1000;
    every(segmentMs, Math.random() * segmentMs, fetchSegment);
    const heartbeatMs = this.playback.heartbeat_seconds * 1000;
    every(heartbeatMs, Math.random() * heartbeatMs, heartbeat);
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
  }
}

export async function measureViewers(options: ViewersOptions): Promise<Row[]> {
  const group = 'viewers (edge, HAProxy, 2 instances)';
  const missing = !edgeInstalled() ? "nginx with njs (Debian's nginx and libnginx-mod-http-js)" : !existsSync(HAPROXY) ? "HAProxy (Debian's haproxy)" : !(await redisAnswers()) ? 'Redis on 127.0.0.1:6379' : null;
  if (missing) return [{ group, figure: 'benchmark', value: null, unit: '', note: `no ${missing}` }];
  const database = await createScratchDatabase();
  if (!database) return [{ group, figure: 'benchmark', value: null, unit: '', note: 'no PostgreSQL answers on 127.0.0.1:5432' }];
  const stops: (() => Promise<void>)[] = [() => database.drop()];
  const setupStarted = performance.now();
  try {
    const jwtSecret = randomBytes(32).toString('base64url');
    const playbackSecret = randomBytes(32).toString('base64url');
    const edgePort = await freePort();
    const env = {
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: `fs-bench-${randomBytes(6).toString('hex')}:`,
      JWT_SECRET: jwtSecret,
      PLAYBACK_SECRET: playbackSecret,
      PUBLIC_URL: `http://127.0.0.1:${edgePort}`,
      // Two proxies on this machine: the edge, then the balancer.
      TRUST_PROXY: '2',
      SHUTDOWN_GRACE_SECONDS: '0',
    };
    // One after the other: the first migrates the scratch database.
    const instances: RunningServer[] = [];
    for (let index = 0; index < 2; index += 1) {
      const instance = await startProductServer({ distDir: options.distDir, databaseUrl: database.url, env });
      instances.push(instance);
      stops.push(() => instance.stop());
    }
    const balancer = await startBalancer(instances.map((instance) => instance.origin));
    stops.push(() => balancer.stop());
    await balancer.until((states) => states.every((state) => state.status === 'UP'), 60_000);
    const edge = await startEdge({ balancer: new URL(balancer.url).host, mediaDir: options.mediaDir, playbackSecret, port: edgePort });
    stops.push(() => edge.stop());

    const accounts = await seedViewers(database.url, options.viewers);
    const counts: Counts = { segments: 0, segmentBytes: 0, heartbeats: 0, failed: 0 };
    const errors: string[] = [];
    const sessions = await Promise.all(
      accounts.map(async (account, index) => {
        const api = new ApiSession(edge.url, visitorAddress(70, index));
        api.token = await accessToken(jwtSecret, account);
        return { api, account, headers: { 'user-agent': account.mobileOnly ? userAgents.phone : userAgents.computer } };
      }),
    );
    // The class every viewer plays: the first whose media is ready (the instances record the samples as they start).
    const { classes } = await sessions[0]!.api.call<{ classes: { id: string }[] }>('classes', 'GET', '/api/v1/classes', 200, { auth: true });
    let classId: string | null = null;
    for (let tries = 0; classId === null && tries < 60; tries += 1) {
      for (const listed of classes) {
        const probe = await sessions[0]!.api.request('POST', '/api/v1/playback/sessions', {
          auth: true,
          headers: sessions[0]!.headers,
          json: { class_id: listed.id, device_id: 'bench-probe' },
        });
        if (probe.status === 201) {
          classId = listed.id;
          const { session } = JSON.parse(probe.text()) as { session: PlaybackSession };
          await sessions[0]!.api.request('DELETE', `/api/v1/playback/sessions/${session.id}`, { auth: true, headers: sessions[0]!.headers });
          break;
        }
        if (probe.status !== 503) throw new Error(`starting playback answered ${probe.status}: ${probe.text().slice(0, 200)}`);
      }
      if (classId === null) await sleep(1000);
    }
    if (classId === null) throw new Error('no class has media ready after 60 s');

    // Each viewer starts playing as soon as its session starts (a session silent for 90 s ends).
    const viewers: Viewer[] = [];
    const byPlan: Record<string, number> = {};
    await inParallel(sessions, 16, async ({ api, account, headers }, index) => {
      const viewer = new Viewer(api, counts, errors, headers);
      try {
        const started = await viewer.start(classId, `bench-viewer-${index}`);
        if (started === null || started === 'unavailable') {
          if (started === 'unavailable') counts.failed += 1;
          return;
        }
      } catch (error) {
        counts.failed += 1;
        if (errors.length < 10) errors.push(`set-up: ${(error as Error).message}`);
        return;
      }
      byPlan[account.plan] = (byPlan[account.plan] ?? 0) + 1;
      viewers.push(viewer);
      viewer.play();
    });
    const setupSeconds = Math.round((performance.now() - setupStarted) / 1000);
    const failedInSetup = counts.failed;
    console.log(`  ${viewers.length} of ${options.viewers} viewers playing after ${setupSeconds} s of set-up (${failedInSetup} failures)`);

    // The measured window: every viewer plays; CPU and counts before and after.
    await sleep(2000);
    const processes = {
      instances: instances.map((instance) => instance.pid),
      edge: [edge.pid],
      balancer: [balancer.pid],
    };
    const cpuOf = async (pids: number[]) => (await Promise.all(pids.map(treeCpuMs))).reduce((sum, ms) => sum + ms, 0);
    const instanceCpu = async () => Promise.all(processes.instances.map(cpuTimeMs));
    const balancedRequests = async () => (await balancer.instances()).reduce((sum, state) => sum + state.requests, 0);
    const before = {
      at: performance.now(),
      counts: { ...counts },
      instances: await instanceCpu(),
      edge: await cpuOf(processes.edge),
      balancer: await cpuOf(processes.balancer),
      client: process.cpuUsage(),
      balanced: await balancedRequests(),
    };
    await sleep(options.seconds * 1000);
    const after = {
      at: performance.now(),
      counts: { ...counts },
      instances: await instanceCpu(),
      edge: await cpuOf(processes.edge),
      balancer: await cpuOf(processes.balancer),
      client: process.cpuUsage(before.client),
      balanced: await balancedRequests(),
    };
    for (const viewer of viewers) viewer.stop();
    // The requests still in flight, counted as errors if they fail.
    await sleep(3000);

    const wallMs = after.at - before.at;
    const share = (ms: number) => Math.round((ms / wallMs) * 1000) / 10;
    const perInstance = after.instances.map((ms, index) => share(ms - before.instances[index]!));
    const segments = after.counts.segments - before.counts.segments;
    const heartbeats = after.counts.heartbeats - before.counts.heartbeats;
    const megabits = ((after.counts.segmentBytes - before.counts.segmentBytes) * 8) / (wallMs / 1000) / 1e6;
    const window = `${Math.round(wallMs / 1000)} s window with ${viewers.length} viewers playing`;
    if (errors.length) console.log(`  first errors: ${errors.join(' | ')}`);
    console.log(`  window: ${segments} segments (${megabits.toFixed(0)} Mbit/s), ${heartbeats} heartbeats, ${counts.failed} failures; instances' CPU ${perInstance.join(' % + ')} % of a core`);
    const plans = Object.entries(byPlan)
      .map(([plan, count]) => `${count} ${plan}`)
      .join(', ');
    return [
      {
        group,
        figure: 'viewers playing',
        value: viewers.length,
        unit: '',
        budget: { kind: 'min', limit: options.viewers, of: 'value' },
        note: `of ${options.viewers} (${plans}); set-up ${setupSeconds} s (accounts and subscriptions written to the database, tokens signed, sessions started through the edge), out of the window`,
      },
      {
        group,
        figure: 'failed requests (set-up and window)',
        value: counts.failed,
        unit: '',
        budget: { kind: 'equal', limit: 0, of: 'value' },
        note: errors.length ? `first: ${errors.slice(0, 3).join(' | ')}` : `${failedInSetup} in the set-up`,
      },
      {
        group,
        figure: 'segments served by the edge in the window',
        value: segments,
        unit: '',
        note: `${window}: ${(segments / (wallMs / 1000)).toFixed(0)} segments/s, ${megabits.toFixed(0)} Mbit/s, each viewer one segment per segment's duration of its plan's best rendition`,
      },
      { group, figure: 'heartbeats answered in the window', value: heartbeats, unit: '', note: `every 30 s per viewer, from a random phase; ${(heartbeats / (wallMs / 1000)).toFixed(1)}/s` },
      {
        group,
        figure: 'requests that reached the instances in the window (HAProxy)',
        value: after.balanced - before.balanced,
        unit: '',
        note: 'the heartbeats (its health checks are not in this count): no media request passes the edge',
      },
      {
        group,
        figure: "the two Node instances' CPU (user + system), share of one core",
        value: share(after.instances.reduce((sum, ms) => sum + ms, 0) - before.instances.reduce((sum, ms) => sum + ms, 0)),
        unit: '%',
        note: `${perInstance.map((value) => `${value} %`).join(' and ')}; /proc/<pid>/stat over the ${window}`,
      },
      { group, figure: "the edge's CPU (nginx, master and worker)", value: share(after.edge - before.edge), unit: '%', note: 'share of one core' },
      { group, figure: "HAProxy's CPU", value: share(after.balancer - before.balancer), unit: '%', note: 'share of one core' },
      {
        group,
        figure: "the load generator's CPU (this bench process: every viewer's HTTP in JavaScript)",
        value: share((after.client.user + after.client.system) / 1000),
        unit: '%',
        note: 'share of one core, on the same two cores as everything else',
      },
    ];
  } finally {
    for (const stop of stops.reverse()) await stop().catch((error: Error) => console.error(`  stopping: ${error.message}`));
  }
}
