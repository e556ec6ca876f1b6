// Runs servers as child processes for the benchmarks: the production server as `npm start`
// runs it (package.json's `start:server`: the compiled server in dist-server/ with its node
// flags and environment, decision 043; the pid is the Node process itself) and the bare
// Fastify baseline; reads their memory from /proc; creates and drops a scratch PostgreSQL db.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, open, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { makeMissingSamples, sharedSampleMediaDir } from '@server/modules/media/sample-catalogue';
import { freePort } from '../scripts/free-port';

export const repoRoot = path.resolve(import.meta.dirname, '..');

export interface RunningServer {
  pid: number;
  port: number;
  origin: string;
  /** Where the server's stdout and stderr go. */
  logFile: string;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function logTail(file: string): Promise<string> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text.split('\n').slice(-15).join('\n');
}

async function waitForAnswer(child: ChildProcess, origin: string, logFile: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited (${child.exitCode ?? child.signalCode}) before answering:\n${await logTail(logFile)}`);
    }
    try {
      const response = await fetch(`${origin}/`, { signal: AbortSignal.timeout(1000) });
      await response.arrayBuffer();
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`server did not answer ${origin} within ${timeoutMs} ms:\n${await logTail(logFile)}`);
}

/** How a server process starts: environment set before node, node's arguments, the script. */
export interface StartCommand {
  env: Record<string, string>;
  nodeArgs: string[];
  script: string;
}

/**
 * `VAR=value node [node flags] <script>` as package.json writes it (`start:server`, what
 * `npm start` runs after building): the bench starts the server the same way.
 */
export function parseStartCommand(command: string): StartCommand {
  const words = command.trim().split(/\s+/);
  const env: Record<string, string> = {};
  while (words[0] && /^[A-Z_][A-Z0-9_]*=/.test(words[0])) {
    const word = words.shift()!;
    env[word.slice(0, word.indexOf('='))] = word.slice(word.indexOf('=') + 1);
  }
  if (words.shift() !== 'node') throw new Error(`not a node command: ${command}`);
  const script = words.pop();
  if (!script) throw new Error(`no script in: ${command}`);
  return { env, nodeArgs: words, script };
}

export async function productionStartCommand(): Promise<StartCommand> {
  const manifest = JSON.parse(await readFile(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const command = manifest.scripts['start:server'];
  if (!command) throw new Error('package.json has no start:server script');
  return parseStartCommand(command);
}

/** Builds the compiled server (dist-server/) as `npm start` does, once per bench process. */
let serverBuilt: Promise<void> | null = null;
export function buildProductServer(): Promise<void> {
  serverBuilt ??= import('../scripts/build-server').then(({ buildServer }) => buildServer());
  return serverBuilt;
}

async function spawnServer(start: StartCommand, env: Record<string, string>, port: number, dir: string): Promise<RunningServer> {
  const script = start.script;
  const logFile = path.join(dir, 'server.log');
  const log = await open(logFile, 'a');
  // Only what we pass decides the database: an inherited DATABASE_URL must not leak in.
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  const child = spawn(process.execPath, [...start.nodeArgs, script], {
    cwd: repoRoot,
    // No metrics port unless a bench asks for one: servers started together must not share 9464.
    env: { ...inherited, METRICS_PORT: '0', ...start.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', log.fd, log.fd],
  });
  await log.close();
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    // A fresh PGlite runs initdb first: on a shared, loaded machine that alone can take a minute.
    await waitForAnswer(child, origin, logFile, 240_000);
  } catch (error) {
    await stop();
    throw error;
  }
  if (child.pid === undefined) throw new Error(`${script} did not start`);
  return { pid: child.pid, port, origin, logFile, stop };
}

export interface ProductServerOptions {
  /** The built app the server hosts (DIST_DIR). */
  distDir: string;
  databaseUrl?: string;
  /** Instead of package.json's `start:server` (to compare node flags or settings). */
  start?: StartCommand;
  /** More environment, over the bench's own (PUBLIC_URL included): a shared PLAYBACK_SECRET, REDIS_URL, … */
  env?: Record<string, string>;
}

/** Starts the production server on a free port with a fresh DATA_DIR and sandbox payments. */
export async function startProductServer(options: ProductServerOptions): Promise<RunningServer & { dataDir: string }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fitstream-bench-'));
  const port = await freePort();
  // Made before the server starts, so no encoding runs during a measurement (docs/decisions/011).
  await makeMissingSamples(sharedSampleMediaDir);
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    MEDIA_DIR: sharedSampleMediaDir,
    PAYMENTS: 'sandbox',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DIST_DIR: options.distDir,
    NODE_ENV: 'production',
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  Object.assign(env, options.env);
  let start = options.start;
  if (!start) {
    await buildProductServer();
    start = await productionStartCommand();
  }
  const server = await spawnServer(start, env, port, dataDir);
  return {
    ...server,
    dataDir,
    stop: async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface BareRoute {
  method: 'GET' | 'POST';
  url: string;
  contentType: string;
  contentEncoding?: string;
  body: Buffer;
  /** The product's other response headers: also answered with them under `/same-headers<url>`. */
  headers?: Record<string, string>;
}

/** Starts the bare Fastify baseline, answering each route's bytes from memory. */
export async function startBareServer(routes: BareRoute[], options: { staticRoot?: string; nodeArgs?: string[] } = {}): Promise<RunningServer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'fitstream-bare-'));
  const spec = routes.map((route) => ({ ...route, body: route.body.toString('base64') }));
  const specFile = path.join(dir, 'routes.json');
  const handle = await open(specFile, 'w');
  await handle.writeFile(JSON.stringify(spec));
  await handle.close();
  const port = await freePort();
  const env: Record<string, string> = { BARE_ROUTES: specFile, ...(options.staticRoot ? { BARE_STATIC_ROOT: options.staticRoot } : {}) };
  const server = await spawnServer({ env: {}, nodeArgs: ['--import', 'tsx', ...(options.nodeArgs ?? [])], script: 'bench/bare-server.ts' }, env, port, dir);
  return {
    ...server,
    stop: async () => {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface Memory {
  rssMB: number;
  peakRssMB: number;
}

/** VmRSS (now) and VmHWM (peak since start) of a process, in MB (10^6 bytes, as the budgets). */
/** Linux's clock ticks per second, the unit of /proc/<pid>/stat's CPU times. */
const CLOCK_TICKS_PER_SECOND = 100;

/** The CPU time (user + system) the process has used so far, in ms, from /proc. */
export async function cpuTimeMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // After the command name (which may hold spaces): utime and stime are the 14th and 15th fields.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** The CPU time (ms) of a process and of its children (nginx's and HAProxy's workers). */
export async function treeCpuMs(pid: number): Promise<number> {
  let total = await cpuTimeMs(pid);
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) total += await cpuTimeMs(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

export async function memoryOf(pid: number): Promise<Memory> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => {
    const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status);
    if (!match?.[1]) throw new Error(`no ${name} for pid ${pid}`);
    return Math.round((Number(match[1]) * 1024) / 1e5) / 10;
  };
  return { rssMB: field('VmRSS'), peakRssMB: field('VmHWM') };
}

/**
 * Starts a new peak: VmHWM is reset to the current RSS (`5` to /proc/<pid>/clear_refs, Linux
 * 4.0+), so a later `memoryOf` answers the peak since now, not the start-up's. False when the
 * kernel refuses (then the peak stays the one since start).
 */
export async function resetPeakOf(pid: number): Promise<boolean> {
  try {
    await writeFile(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A fresh database on the local PostgreSQL server, or null when none answers. */
export async function createScratchDatabase(): Promise<ScratchDatabase | null> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `fitstream_bench_${randomBytes(4).toString('hex')}`;
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

export interface MemoryBreakdown {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}

/**
 * The server's `process.memoryUsage()` in MB: server/main.ts logs it on SIGUSR2; read back
 * from its log. `external` includes array buffers; the rest of RSS (rss − heapTotal −
 * external) is native memory: code, PGlite's WebAssembly heap, allocator slack.
 */
export async function memoryBreakdownOf(server: RunningServer): Promise<MemoryBreakdown> {
  const before = (await readFile(server.logFile, 'utf8').catch(() => '')).length;
  process.kill(server.pid, 'SIGUSR2');
  // A server still busy with the last requests may take a while to get to the signal.
  for (let attempt = 0; attempt < 300; attempt += 1) {
    await sleep(100);
    const text = (await readFile(server.logFile, 'utf8').catch(() => '')).slice(before);
    const line = text.split('\n').find((entry) => entry.includes('"memory usage"'));
    if (line) return (JSON.parse(line) as { memoryMB: MemoryBreakdown }).memoryMB;
  }
  throw new Error('the server logged no memory usage after SIGUSR2');
}

/**
 * RSS by kind of mapping, from /proc/<pid>/smaps, in MB: what `process.memoryUsage()` cannot
 * tell apart. WebAssembly memory is the readable start of a region followed by a guard of 4 GiB
 * or more (V8 reserves 8–10 GiB per memory; only the touched pages are resident, while
 * `external` counts its whole size); glibc's per-thread malloc arenas are 64 MiB-aligned
 * regions of at most 64 MiB (read-write, then reserved): where V8's background compilers and
 * libuv's thread pool (scrypt, zlib) allocate, and where freed memory usually stays resident.
 */
export async function mappingsOf(pid: number): Promise<{ wasmMemory: number; threadArenas: number; mainHeap: number; files: number }> {
  const text = await readFile(`/proc/${pid}/smaps`, 'utf8');
  const maps: { start: bigint; end: bigint; perm: string; name: string; rssKB: number }[] = [];
  for (const line of text.split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) maps.push({ start: BigInt(`0x${head[1]}`), end: BigInt(`0x${head[2]}`), perm: head[3] ?? '', name: head[4] ?? '', rssKB: 0 });
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    const last = maps.at(-1);
    if (rss && last) last.rssKB = Number(rss[1]);
  }
  const arena = 64n * 1024n * 1024n;
  const guard = 4n * 1024n * 1024n * 1024n;
  const sums = { wasmMemory: 0, threadArenas: 0, mainHeap: 0, files: 0 };
  maps.forEach((map, index) => {
    const next = maps[index + 1];
    const reservedAfter = next !== undefined && next.perm === '---p' && next.start === map.end;
    if (map.name.startsWith('/')) sums.files += map.rssKB;
    else if (map.name === '[heap]') sums.mainHeap += map.rssKB;
    else if (reservedAfter && next.end - next.start >= guard) sums.wasmMemory += map.rssKB;
    else if (reservedAfter && map.perm === 'rw-p' && map.start % arena === 0n && next.end - map.start === arena) sums.threadArenas += map.rssKB;
  });
  const mb = (kb: number) => Math.round((kb * 1024) / 1e5) / 10;
  return { wasmMemory: mb(sums.wasmMemory), threadArenas: mb(sums.threadArenas), mainHeap: mb(sums.mainHeap), files: mb(sums.files) };
}

/** Rows for the mappings (figures only). */
export async function mappingRows(group: string, when: string, pid: number): Promise<{ group: string; figure: string; value: number; unit: string; note?: string }[]> {
  const found = await mappingsOf(pid);
  return [
    { group, figure: `${when}: resident WebAssembly memory (PGlite's heap; external counts its whole size)`, value: found.wasmMemory, unit: 'MB' },
    { group, figure: `${when}: malloc, thread arenas (V8 background compilers, libuv thread pool)`, value: found.threadArenas, unit: 'MB', note: `main arena ${found.mainHeap} MB` },
    { group, figure: `${when}: mapped files (node binary, libraries)`, value: found.files, unit: 'MB' },
  ];
}

/** Rows for a breakdown (figures only, no budgets). */
export function memoryBreakdownRows(group: string, when: string, memory: MemoryBreakdown): { group: string; figure: string; value: number; unit: string; note?: string }[] {
  const native = Math.round((memory.rss - memory.heapTotal - memory.external) * 10) / 10;
  return [
    { group, figure: `${when}: JS heap used / total`, value: memory.heapUsed, unit: 'MB', note: `of ${memory.heapTotal} MB allocated` },
    { group, figure: `${when}: external (buffers, of which array buffers ${memory.arrayBuffers} MB)`, value: memory.external, unit: 'MB' },
    { group, figure: `${when}: native (RSS − heap − external: code, PGlite WebAssembly heap, allocator)`, value: native, unit: 'MB', note: `RSS ${memory.rss} MB` },
  ];
}
