// `npm run bench:profile -- [--target=plans|home|up-next|classes-home|activity|catalog] [--seconds=10] [--postgres] [--bare]`:
// one signed-in call under autocannon load (50 connections, a browser's Accept-Encoding, as the
// throughput bench sends it) against the production server run as `npm start` runs it, with
// `--cpu-prof`; prints where the server's time went during the load (bench/cpu-profile.ts), the
// busy time and the CPU time (/proc) per request. `--no-profile` measures without the profiler. `--bare` profiles the bare Fastify server answering the same bytes
// too. Needs the built app (`npm run build`, or DIST_DIR). Never part of `npm test`.
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Result } from 'autocannon';
import { formatSummary, readProfile, summarise } from './cpu-profile';
import { accountFor, signedInTarget } from './signed-in-targets';
import {
  buildProductServer,
  cpuTimeMs,
  createScratchDatabase,
  productionStartCommand,
  repoRoot,
  startBareServer,
  startProductServer,
  type RunningServer,
} from './server-process';
import { browserHeaders, load, type Target } from './throughput';

const argument = (name: string) => process.argv.find((value) => value.startsWith(`--${name}=`))?.slice(name.length + 3);
const targetName = argument('target') ?? 'plans';
const seconds = Number(argument('seconds') ?? 10);
const usePostgres = process.argv.includes('--postgres');
const withBare = process.argv.includes('--bare');
const withProfile = !process.argv.includes('--no-profile');
const connections = 50;
const distDir = process.env.DIST_DIR ?? path.join(repoRoot, 'dist');


async function profiled(label: string, dir: string, server: RunningServer, target: Target, token: string): Promise<string> {
  await load(server.origin, target, token, 2, connections);
  const cpuBefore = await cpuTimeMs(server.pid);
  const result: Result = await load(server.origin, target, token, seconds, connections);
  const cpuMs = (await cpuTimeMs(server.pid)) - cpuBefore;
  const loadEnded = performance.now();
  await server.stop();
  // The profile ends when the process exits: its last stretch is the shutdown, not the load.
  const tailMs = performance.now() - loadEnded;
  const failures = result.errors + result.timeouts + result.non2xx;
  const file = (await readdir(dir)).find((name) => name.endsWith('.cpuprofile'));
  if (withProfile && !file) throw new Error(`${label}: no .cpuprofile in ${dir}`);
  if (file) await copyFile(path.join(dir, file), path.join(repoRoot, 'bench', 'results', `profile-${targetName}-${label.split(' ')[0]}.cpuprofile`));
  const summary = file ? formatSummary(summarise(await readProfile(path.join(dir, file)), { windowMs: seconds * 1000, tailMs }), result.requests.total) : '(not profiled)';
  return [
    `== ${label}: ${target.name}, ${seconds} s at ${connections} connections: ${Math.round(result.requests.average)} req/s, ${result.requests.total} requests, ${failures} failed, p99 ${result.latency.p99} ms`,
    // The profile's time is wall time: a thread the scheduler set aside (two cores shared with
    // autocannon) shows as time in the call it was in, mostly the socket's writev. The CPU the
    // process used is the fair figure per request.
    `server CPU (user + system, /proc) ${Math.round(cpuMs)} ms: ${((cpuMs * 1000) / Math.max(1, result.requests.total)).toFixed(1)} µs per request`,
    summary,
  ].join('\n');
}

async function main(): Promise<void> {
  const target = signedInTarget(targetName);
  if (!existsSync(path.join(distDir, 'index.html'))) throw new Error(`no built app in ${distDir}: run npm run build (or set DIST_DIR)`);
  const database = usePostgres ? await createScratchDatabase() : null;
  if (usePostgres && !database) throw new Error('no PostgreSQL answers on 127.0.0.1:5432');
  const profileDir = await mkdtemp(path.join(os.tmpdir(), 'fitstream-profile-'));
  const reports: string[] = [];
  await mkdir(path.join(repoRoot, 'bench', 'results'), { recursive: true });
  try {
    await buildProductServer();
    const start = await productionStartCommand();
    const productDir = path.join(profileDir, 'product');
    await mkdir(productDir);
    if (withProfile) start.nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${productDir}`);
    const server = await startProductServer({ distDir, start, ...(database ? { databaseUrl: database.url } : {}) });
    let body: Buffer;
    let contentType: string;
    let encoding: string | undefined;
    let token: string;
    try {
      const session = await accountFor(server.origin, target, 'profile');
      token = session.token ?? '';
      const response = await session.request(target.method, target.path, { auth: true, headers: browserHeaders });
      if (response.status !== 200) throw new Error(`${target.name}: HTTP ${response.status}`);
      body = response.body;
      contentType = response.headers['content-type'] ?? 'application/octet-stream';
      encoding = response.headers['content-encoding'];
      reports.push(await profiled(`product (${database ? 'PostgreSQL' : 'PGlite'})`, productDir, server, target, token));
    } finally {
      await server.stop();
    }
    if (withBare) {
      const bareDir = path.join(profileDir, 'bare');
      await mkdir(bareDir);
      const bare = await startBareServer([{ method: target.method, url: target.path, contentType, ...(encoding ? { contentEncoding: encoding } : {}), body }], {
        nodeArgs: withProfile ? ['--cpu-prof', `--cpu-prof-dir=${bareDir}`] : [],
      });
      try {
        reports.push(await profiled('bare Fastify', bareDir, bare, target, token));
      } finally {
        await bare.stop();
      }
    }
  } finally {
    await rm(profileDir, { recursive: true, force: true });
    await database?.drop();
  }
  const text = reports.join('\n\n');
  console.log(text);
  const out = path.join(repoRoot, 'bench', 'results', `profile-${targetName}.txt`);
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, `${text}\n`);
  console.log(`\n(written to ${path.relative(repoRoot, out)})`);
}

await main();
