// The media edge (issue 39, docs/decisions/053): one real media segment (a few hundred KB)
// fetched with a valid grant through the edge (nginx with njs checking the grant,
// scripts/nginx-config.ts) against the same file from a bare nginx (a plain `location` with
// `alias`, the same worker count, no njs), and against the same URL from a server process's
// media route (today's Node path). autocannon, the same connections and duration for each side,
// in rounds taking turns, in one run; and each server's own CPU per answer.
import { randomBytes, randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { mediaUrl, signMediaGrant } from '@server/modules/media';
import { answers, edgeInstalled, exited, NGINX, startEdge } from '../tests/server/fixtures/nginx-edge';
import { freePort } from '../scripts/free-port';
import { startProductServer, treeCpuMs } from './server-process';
import { ratioOf, type Row } from './table';

/** The segment every side serves: the tallest rendition's first, the largest of the samples (about 260 KB). */
export const EDGE_MEDIA = 'class-sunrise-vinyasa-flow';
export const EDGE_SEGMENT = '2160p/segment-000.m4s';

export interface EdgeOptions {
  distDir: string;
  mediaDir: string;
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
}

/**
 * A bare nginx: the same worker count, sendfile and access log as the edge's test fixture
 * (tests/server/fixtures/nginx-edge.ts), one plain `location` with `alias`, no njs, no regex.
 */
async function startBareNginx(mediaDir: string): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const port = await freePort();
  const folder = mkdtempSync(path.join(os.tmpdir(), 'fitstream-bare-nginx-'));
  for (const sub of ['logs', 'tmp']) mkdirSync(path.join(folder, sub));
  const config = [
    'daemon off;',
    'worker_processes 1;',
    'pid nginx.pid;',
    'error_log logs/error.log warn;',
    'events { worker_connections 8192; }',
    'http {',
    '    sendfile on;',
    '    tcp_nopush on;',
    '    server_tokens off;',
    '    keepalive_timeout 65s;',
    "    log_format served '$status $request_method $uri';",
    '    access_log logs/access.log served;',
    '    client_body_temp_path tmp/body;',
    '    proxy_temp_path tmp/proxy;',
    '    fastcgi_temp_path tmp/fastcgi;',
    '    uwsgi_temp_path tmp/uwsgi;',
    '    scgi_temp_path tmp/scgi;',
    '    types { video/mp4 mp4 m4s; application/vnd.apple.mpegurl m3u8; }',
    '    server {',
    `        listen 127.0.0.1:${port} reuseport;`,
    `        location /bare/ { alias ${mediaDir.replace(/\/$/, '')}/; }`,
    '    }',
    '}',
    '',
  ].join('\n');
  const file = path.join(folder, 'nginx.conf');
  writeFileSync(file, config);
  const child = spawn(NGINX, ['-c', file, '-p', folder, '-e', 'logs/error.log'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  for (let tries = 0; !(await answers(port)); tries += 1) {
    if (child.exitCode !== null || tries > 100) {
      child.kill('SIGKILL');
      const log = existsSync(path.join(folder, 'logs/error.log')) ? readFileSync(path.join(folder, 'logs/error.log'), 'utf8') : '';
      throw new Error(`bare nginx did not start: ${stderr}${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    async stop() {
      child.kill('SIGQUIT');
      await exited(child);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

function load(url: string, seconds: number, connections: number): Promise<Result> {
  return autocannon({ url, connections, duration: seconds });
}

const failuresOf = (result: Result) => result.errors + result.timeouts + result.non2xx;

/** One side's sums over its rounds. */
interface Totals {
  answers: number;
  bytes: number;
  failures: number;
  cpuMs: number;
  p99: number[];
}

/** The segment through the edge, from bare nginx and from the Node media route: requests/s of each, as rows. */
export async function measureEdge(options: EdgeOptions): Promise<Row[]> {
  const group = 'media edge';
  if (!edgeInstalled()) return [{ group, figure: 'benchmark', value: null, unit: '', note: "no nginx with njs (Debian's nginx and libnginx-mod-http-js)" }];
  const playbackSecret = randomBytes(32).toString('base64url');
  const edgePort = await freePort();
  // The Node path: the compiled server as `npm start` runs it, the edge's upstream too.
  const server = await startProductServer({
    distDir: options.distDir,
    env: { PLAYBACK_SECRET: playbackSecret, PUBLIC_URL: `http://127.0.0.1:${edgePort}`, TRUST_PROXY: '1' },
  });
  const stops: (() => Promise<void>)[] = [() => server.stop()];
  try {
    const edge = await startEdge({ balancer: `127.0.0.1:${server.port}`, mediaDir: options.mediaDir, playbackSecret, port: edgePort });
    stops.push(() => edge.stop());
    const bare = await startBareNginx(options.mediaDir);
    stops.push(() => bare.stop());

    // A session's grant as the playback module signs it (the tallest rendition): checked by
    // njs at the edge and by the media route in Node with the same code and secret.
    const { token } = signMediaGrant(playbackSecret, { sessionId: randomUUID(), mediaId: EDGE_MEDIA, maxHeight: 2160 }, new Date(), 3600);
    const signed = mediaUrl(EDGE_MEDIA, token, EDGE_SEGMENT);
    const sides = { edge: `${edge.url}${signed}`, bare: `${bare.url}/bare/${EDGE_MEDIA}/${EDGE_SEGMENT}`, node: `${server.origin}${signed}` };
    const size = statSync(path.join(options.mediaDir, EDGE_MEDIA, EDGE_SEGMENT)).size;
    for (const [side, url] of Object.entries(sides)) {
      const response = await fetch(url);
      const body = Buffer.from(await response.arrayBuffer());
      if (response.status !== 200 || body.length !== size) throw new Error(`${side}: HTTP ${response.status}, ${body.length} of ${size} bytes from ${url}`);
    }
    const servedBefore = edge.served().length;

    if (options.warmupSeconds > 0) {
      for (const url of Object.values(sides)) await load(url, options.warmupSeconds, options.connections);
    }
    // The three sides take turns in rounds (each round in another order), so a shared machine's
    // load, which drifts over a minute, weighs on each side alike; each side's figures sum its rounds.
    // Each side's own CPU over its load (nginx's master and worker, or the Node process), per
    // answer: what a segment costs the server, whatever the load generator on the same cores can take.
    const pids = { edge: edge.pid, bare: bare.pid, node: server.pid };
    const order: (keyof typeof sides)[][] = [['edge', 'bare', 'node'], ['bare', 'node', 'edge'], ['node', 'edge', 'bare']];
    const roundSeconds = Math.max(1, Math.round(options.durationSeconds / order.length));
    const totals = Object.fromEntries(Object.keys(sides).map((side) => [side, { answers: 0, bytes: 0, failures: 0, cpuMs: 0, p99: [] as number[] }])) as Record<keyof typeof sides, Totals>;
    for (const round of order) {
      for (const side of round) {
        const before = await treeCpuMs(pids[side]);
        const result = await load(sides[side], roundSeconds, options.connections);
        const total = totals[side];
        total.cpuMs += (await treeCpuMs(pids[side])) - before;
        total.answers += result.requests.total;
        total.bytes += result.throughput.total;
        total.failures += failuresOf(result);
        total.p99.push(result.latency.p99);
      }
    }
    const seconds = roundSeconds * order.length;
    const results = Object.fromEntries(
      Object.entries(totals).map(([side, total]) => [
        side,
        {
          rate: total.answers / seconds,
          bytesPerResponse: Math.round(total.bytes / Math.max(1, total.answers)),
          failures: total.failures,
          cpuPerAnswerUs: (total.cpuMs * 1000) / Math.max(1, total.answers),
          p99: Math.max(...total.p99),
        },
      ]),
    ) as Record<keyof typeof sides, { rate: number; bytesPerResponse: number; failures: number; cpuPerAnswerUs: number; p99: number }>;
    if (results.bare.failures > 0) throw new Error(`bare nginx failed ${results.bare.failures} requests`);
    // What the edge answered itself, from its access log: every request of the load, none passed on.
    const passedOn = edge.served().slice(servedBefore).filter((line) => !line.startsWith('200 GET /media/')).length;
    const rate = (side: keyof typeof sides) => Math.round(results[side].rate);
    const note = `${seconds} s each in ${order.length} rounds taking turns, ${options.connections} connections, ${size} B segment (${EDGE_SEGMENT}), ${results.edge.bytesPerResponse} B per response`;
    const cpu = (side: keyof typeof sides) => Math.round(results[side].cpuPerAnswerUs);
    console.log(`  segment: edge ${rate('edge')} req/s, bare nginx ${rate('bare')}, Node media route ${rate('node')}; server CPU per answer ${cpu('edge')} / ${cpu('bare')} / ${cpu('node')} µs`);
    return [
      {
        group,
        figure: 'segment GET with a grant through the edge, against bare nginx: requests/s',
        value: rate('edge'),
        unit: 'req/s',
        baseline: rate('bare'),
        ratio: ratioOf(results.edge.rate, results.bare.rate),
        budget: { kind: 'min', limit: 0.9, of: 'ratio' },
        note: `${note}; bare = nginx, one worker as the edge, a plain location with alias, no njs`,
      },
      {
        group,
        figure: "segment GET through the edge, against the Node media route (today's path): requests/s",
        value: rate('edge'),
        unit: 'req/s',
        baseline: rate('node'),
        ratio: ratioOf(results.edge.rate, results.node.rate),
        note: `${note}; the same signed URL from the compiled server (PGlite), one process`,
      },
      {
        group,
        figure: "server CPU per segment answered, edge against bare nginx",
        value: cpu('edge'),
        unit: 'µs',
        baseline: cpu('bare'),
        ratio: ratioOf(results.edge.cpuPerAnswerUs, results.bare.cpuPerAnswerUs),
        note: "user + system time of nginx's master and worker over the load (/proc/<pid>/stat), divided by the answers",
      },
      {
        group,
        figure: 'server CPU per segment answered, Node media route against the edge',
        value: cpu('node'),
        unit: 'µs',
        baseline: cpu('edge'),
        ratio: ratioOf(results.node.cpuPerAnswerUs, results.edge.cpuPerAnswerUs),
        note: "the Node process's user + system time over its load, divided by its answers: the cost the edge takes off the instances",
      },
      { group, figure: 'segment GET p99 latency (worst round), edge against bare nginx', value: results.edge.p99, unit: 'ms', baseline: results.bare.p99, ratio: ratioOf(results.edge.p99, results.bare.p99) },
      { group, figure: 'segment GET p99 latency (worst round), edge against Node', value: results.edge.p99, unit: 'ms', baseline: results.node.p99, ratio: ratioOf(results.edge.p99, results.node.p99) },
      { group, figure: 'edge errors + non-2xx + requests passed on to Node', value: results.edge.failures + passedOn, unit: '', budget: { kind: 'equal', limit: 0, of: 'value' } },
      { group, figure: 'Node media route errors + non-2xx', value: results.node.failures, unit: '', budget: { kind: 'equal', limit: 0, of: 'value' } },
    ];
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
}
