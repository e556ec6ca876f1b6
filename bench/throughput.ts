// API throughput: autocannon against the production server on loopback, each target paired
// with a bare Fastify server answering the same bytes from memory, measured side by side.
import autocannon, { type Result } from 'autocannon';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ApiSession, benchPassword, newIdentity } from './api-session';
import { parseCostNs, rawAnswer } from './client-parse';
import { startBareServer, type BareRoute, type RunningServer } from './server-process';
import { ratioOf, type Row } from './table';

/** What a browser sends with every request that changes the answer: compression. */
export const browserHeaders = { 'accept-encoding': 'gzip, deflate, br, zstd' };

export interface Target {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  auth: boolean;
  /** Minimum requests per second as a share of the bare server's (none: a figure only). */
  minRatio?: number;
  /** Maximum p99 latency at 50 connections, ms. */
  maxP99Ms: number;
  /** Also measure a bare server sending the product's headers as well as its bytes. */
  sameHeaders?: boolean;
}

export interface ThroughputOptions {
  /** Which database the server runs on, for the row labels. */
  label: string;
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
  distDir: string;
  /** Which targets to run (by name); all when absent. */
  only?: string[];
}

/**
 * The static asset to load: the stylesheet every page links (a typical asset's size). The
 * 300 kB entry script would measure loopback bandwidth, the same for both servers.
 */
export async function staticAsset(distDir: string): Promise<string> {
  const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
  const match = /<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/.exec(html) ?? /<script[^>]+src="([^"]+\.js)"/.exec(html);
  if (!match?.[1]) throw new Error('index.html links no stylesheet and no script');
  return match[1];
}

export async function throughputTargets(distDir: string): Promise<Target[]> {
  return [
    // Signed in, from memory: the session list and the plans (decision 018); issue 26's budget, 0.8 × (decision 080).
    { name: 'POST /api/v1/payments/plans', method: 'POST', path: '/api/v1/payments/plans', auth: true, minRatio: 0.8, maxP99Ms: 10 },
    { name: 'GET /', method: 'GET', path: '/', auth: false, minRatio: 0.8, maxP99Ms: 25, sameHeaders: true },
    { name: 'GET static asset', method: 'GET', path: await staticAsset(distDir), auth: false, minRatio: 0.8, maxP99Ms: 25, sameHeaders: true },
    // The catalog's first page: the catalog and the account's progress from memory (decision 018); issue 26's budget, 0.5 ×.
    { name: 'GET /api/v1/classes (catalog)', method: 'GET', path: '/api/v1/classes', auth: true, minRatio: 0.5, maxP99Ms: 25 },
  ];
}

/** Headers of the connection or of the body itself, which every server sends its own way. */
const NOT_COPIED = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding', 'content-type', 'content-encoding']);

/** The headers of a product's answer that a bare server copies to send the same headers. */
export function copiedHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).flatMap(([name, value]) => (NOT_COPIED.has(name) || value === undefined ? [] : [[name, String(value)]])));
}

/** What every request of the load sends: a browser's Accept-Encoding, and the token when signed in. */
export function requestHeaders(target: Target, token: string): Record<string, string> {
  return { ...browserHeaders, ...(target.auth ? { authorization: `FitStream ${token}` } : {}) };
}

export function load(origin: string, target: Target, token: string, seconds: number, connections: number, prefix = ''): Promise<Result> {
  return autocannon({ url: `${origin}${prefix}${target.path}`, method: target.method, connections, duration: seconds, headers: requestHeaders(target, token) });
}

/** The bytes of one answer to `target`, as the load receives them. */
export function rawAnswerOf(origin: string, target: Target, token: string, prefix = ''): Promise<Buffer> {
  return rawAnswer(target.method, `${origin}${prefix}${target.path}`, requestHeaders(target, token));
}

const bytesPerResponse = (result: Result) => Math.round(result.throughput.average / Math.max(1, result.requests.average));

export function rowsFor(target: Target, label: string, product: Result, bare: Result, seconds: number, connections: number): Row[] {
  const group = `throughput ${label}`;
  const figure = (what: string) => `${target.name} ${what}`;
  const failures = product.errors + product.timeouts + product.non2xx;
  return [
    {
      group,
      figure: figure('requests/s'),
      value: Math.round(product.requests.average),
      unit: 'req/s',
      baseline: Math.round(bare.requests.average),
      ratio: ratioOf(product.requests.average, bare.requests.average),
      ...(target.minRatio === undefined ? {} : { budget: { kind: 'min' as const, limit: target.minRatio, of: 'ratio' as const } }),
      note: `${seconds} s, ${connections} connections, ${bytesPerResponse(product)} B vs ${bytesPerResponse(bare)} B per response`,
    },
    { group, figure: figure('p50 latency'), value: product.latency.p50, unit: 'ms', baseline: bare.latency.p50, ratio: ratioOf(product.latency.p50, bare.latency.p50) },
    {
      group,
      figure: figure('p99 latency'),
      value: product.latency.p99,
      unit: 'ms',
      baseline: bare.latency.p99,
      ratio: ratioOf(product.latency.p99, bare.latency.p99),
      budget: { kind: 'max', limit: target.maxP99Ms, of: 'value' },
    },
    { group, figure: figure('errors + non-2xx'), value: failures, unit: '', budget: { kind: 'equal', limit: 0, of: 'value' } },
  ];
}

/** Runs every target against `server` and its bare twin; answers the rows. */
export async function measureThroughput(server: RunningServer, options: ThroughputOptions): Promise<Row[]> {
  const session = new ApiSession(server.origin);
  const { email, deviceId } = newIdentity('throughput');
  await session.signUp(email, benchPassword, deviceId);
  const token = session.token ?? '';
  const targets = (await throughputTargets(options.distDir)).filter((target) => !options.only || options.only.includes(target.name));

  // Capture what the product answers (raw, still compressed), so the bare server answers
  // exactly those bytes with the same encoding.
  const routes: BareRoute[] = [];
  for (const target of targets) {
    const response = await session.request(target.method, target.path, { auth: target.auth, headers: browserHeaders });
    if (response.status !== 200) throw new Error(`${target.name}: HTTP ${response.status} ${response.body.toString('utf8', 0, 200)}`);
    const encoding = response.headers['content-encoding'];
    routes.push({
      method: target.method,
      url: target.path,
      contentType: response.headers['content-type'] ?? 'application/octet-stream',
      ...(encoding ? { contentEncoding: encoding } : {}),
      body: response.body,
      ...(target.sameHeaders
        ? { headers: copiedHeaders(response.headers) }
        : {}),
    });
  }

  const bare = await startBareServer(routes);
  const rows: Row[] = [];
  try {
    for (const target of targets) {
      if (options.warmupSeconds > 0) {
        await load(server.origin, target, token, options.warmupSeconds, options.connections);
        await load(bare.origin, target, token, options.warmupSeconds, options.connections);
      }
      const product = await load(server.origin, target, token, options.durationSeconds, options.connections);
      const baseline = await load(bare.origin, target, token, options.durationSeconds, options.connections);
      const bareFailures = baseline.errors + baseline.timeouts + baseline.non2xx;
      if (bareFailures > 0) throw new Error(`the bare server failed ${bareFailures} requests to ${target.name}`);
      rows.push(...rowsFor(target, options.label, product, baseline, options.durationSeconds, options.connections));
      // The client's share: autocannon parses every answer in JavaScript on the same two cores.
      const productParse = parseCostNs(await rawAnswerOf(server.origin, target, token)) / 1000;
      const bareParse = parseCostNs(await rawAnswerOf(bare.origin, target, token)) / 1000;
      rows.push({
        group: `throughput ${options.label}`,
        figure: `${target.name} autocannon's CPU to parse one answer`,
        value: Math.round(productParse * 100) / 100,
        unit: 'µs',
        baseline: Math.round(bareParse * 100) / 100,
        ratio: ratioOf(productParse, bareParse),
        note: "the load generator's own work per answer, timed alone: more header lines cost the client more, whatever the server does",
      });
      console.log(`  ${options.label} ${target.name}: ${Math.round(product.requests.average)} req/s vs bare ${Math.round(baseline.requests.average)}`);
      if (target.sameHeaders) {
        const withHeaders = await load(bare.origin, target, token, options.durationSeconds, options.connections, '/same-headers');
        rows.push({
          group: `throughput ${options.label}`,
          figure: `${target.name} requests/s against a bare server sending the same headers too`,
          value: Math.round(product.requests.average),
          unit: 'req/s',
          baseline: Math.round(withHeaders.requests.average),
          ratio: ratioOf(product.requests.average, withHeaders.requests.average),
          note: `${bytesPerResponse(product)} B vs ${bytesPerResponse(withHeaders)} B per response: what is left is the product's own work`,
        });
        console.log(`  ${options.label} ${target.name}: bare with the same headers ${Math.round(withHeaders.requests.average)} req/s`);
      }
    }
  } finally {
    await bare.stop();
  }
  return rows;
}
