// `npm run stack`: the production topology on one machine, for trying it. Two instances of the
// built server (ports 8081 and 8082, metrics on 9464 and 9465) share the local PostgreSQL
// (a `fitstream_stack` database it creates) and Redis; HAProxy, from the same template as
// deploy/haproxy/haproxy.cfg, balances them; and nginx, from the same template as
// deploy/nginx/fitstream-edge.conf, serves media in front of it. Ctrl-C drains
// and stops everything (twice: at once). STACK_PORT (8080) is the address to open;
// STACK_DATABASE_URL and STACK_REDIS_URL point elsewhere than the local servers.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import webPush from 'web-push';
import { makeMissingSamples, sharedSampleMediaDir } from '@server/modules/media/sample-catalogue';
import { buildServer, serverBuildDir } from './build-server';
import { renderHaproxyConfig, type HaproxyTopology } from './haproxy-config';
import { renderEdgeConfig, type EdgeInput } from './nginx-config';

const root = path.resolve(import.meta.dirname, '..');
const HAPROXY = '/usr/sbin/haproxy';
const NGINX = '/usr/sbin/nginx';
const NJS_MODULE = '/usr/lib/nginx/modules/ngx_http_js_module.so';

export interface StackSecrets {
  jwtSecret: string;
  playbackSecret: string;
  vapidPublicKey: string;
  vapidPrivateKey: string;
}

export interface StackOptions {
  /** The port users open (the edge's, or the balancer's without an edge). */
  port: number;
  databaseUrl: string;
  redisUrl: string;
  secrets: StackSecrets;
  mediaDir: string;
  /** Where the stack keeps its instances' DATA_DIRs and the rendered configurations. */
  stackDir: string;
  edge: boolean;
}

export interface StackInstance {
  name: string;
  url: string;
  metricsUrl: string;
  env: Record<string, string>;
}

export interface StackPlan {
  url: string;
  balancer: HaproxyTopology & { stats: string };
  edge: EdgeInput | null;
  instances: StackInstance[];
}

/** Ports, addresses and every instance's environment: what the stack starts, decided before anything runs. */
export function stackPlan(options: StackOptions): StackPlan {
  const url = `http://localhost:${options.port}`;
  const balancerPort = options.edge ? options.port + 10 : options.port;
  const instances = [1, 2].map((n) => {
    const port = options.port + n;
    const metricsPort = 9463 + n;
    return {
      name: `instance${n}`,
      url: `http://127.0.0.1:${port}`,
      metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
      env: {
        HOST: '127.0.0.1',
        PORT: String(port),
        METRICS_PORT: String(metricsPort),
        DATA_DIR: path.join(options.stackDir, `instance${n}`),
        DATABASE_URL: options.databaseUrl,
        REDIS_URL: options.redisUrl,
        REDIS_KEY_PREFIX: 'fitstream-stack:',
        JWT_SECRET: options.secrets.jwtSecret,
        PLAYBACK_SECRET: options.secrets.playbackSecret,
        VAPID_PUBLIC_KEY: options.secrets.vapidPublicKey,
        VAPID_PRIVATE_KEY: options.secrets.vapidPrivateKey,
        PUBLIC_URL: url,
        // Every hop is on this machine: the balancer, and the edge in front of it when there is one.
        TRUST_PROXY: options.edge ? '2' : '1',
        MEDIA_DIR: options.mediaDir,
        DIST_DIR: path.join(root, 'dist'),
        PAYMENTS: 'sandbox',
        MALLOC_ARENA_MAX: '2',
      },
    };
  });
  const balancer = {
    listen: `127.0.0.1:${balancerPort}`,
    servers: instances.map((instance) => new URL(instance.url).host),
    stats: '127.0.0.1:8404',
    maxconn: 2000,
  };
  const edge = options.edge
    ? { listen: `127.0.0.1:${options.port}`, balancer: balancer.listen, mediaDir: options.mediaDir, folder: path.join(options.stackDir, 'nginx') }
    : null;
  return { url, balancer, edge, instances };
}

/** The newest modification time under `target` (a file or a folder). */
function newest(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(target).map((name) => newest(path.join(target, name))));
}

/** The app and the compiled server, built again when a source is newer (as tests/e2e/global-setup.ts decides). */
async function buildIfStale(): Promise<void> {
  const appSources = ['src', 'machines', 'domain', 'locales', 'public', 'index.html', 'vite.config.ts', 'scripts/precompiled-messages.ts', 'scripts/prerender.ts'];
  if (newest(path.join(root, 'dist/index.html')) < Math.max(...appSources.map((p) => newest(path.join(root, p))))) {
    console.log('stack: building the app (vite build)');
    if (spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' }).status !== 0) throw new Error('vite build failed');
  }
  const serverSources = ['server', 'domain', 'locales', 'openapi.yaml', 'scripts/build-server.ts'];
  if (newest(path.join(serverBuildDir, 'main.js')) < Math.max(...serverSources.map((p) => newest(path.join(root, p))))) {
    console.log('stack: building the server (dist-server/)');
    await buildServer();
  }
}

/** The secrets every instance shares, made once and kept, so a restarted stack keeps its sign-ins. */
function stackSecrets(stackDir: string): StackSecrets {
  const file = path.join(stackDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as StackSecrets;
  const vapid = webPush.generateVAPIDKeys();
  const secrets = { jwtSecret: randomBytes(32).toString('base64url'), playbackSecret: randomBytes(32).toString('base64url'), vapidPublicKey: vapid.publicKey, vapidPrivateKey: vapid.privateKey };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

/** `postgres://…/fitstream_stack`, created on the server of `serverUrl` when it is missing. */
async function stackDatabase(serverUrl: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect().catch((error: unknown) => {
    throw new Error(`PostgreSQL does not answer at ${serverUrl} (${(error as Error).message}); start it, or set STACK_DATABASE_URL to a server's address`);
  });
  try {
    const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = 'fitstream_stack'");
    if (!rowCount) await admin.query('CREATE DATABASE fitstream_stack');
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = '/fitstream_stack';
  return url.toString();
}

interface Running {
  name: string;
  child: ChildProcess;
}

/** Starts `command` in a process group of its own (Ctrl-C reaches the stack, which stops each in order), its lines prefixed with `name`. */
function run(name: string, command: string, args: string[], env: Record<string, string> = {}, logFile?: string): Running {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const sink = logFile ? createWriteStream(logFile, { flags: 'a' }) : null;
  for (const stream of [child.stdout, child.stderr]) {
    if (sink) stream?.pipe(sink);
    else createInterface({ input: stream! }).on('line', (line) => console.log(`[${name}] ${line}`));
  }
  return { name, child };
}

function stopped(running: Running, signal: NodeJS.Signals): Promise<void> {
  const { child } = running;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(-child.pid!, signal);
  return exited;
}

async function answers(url: string, limitMs: number): Promise<boolean> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).status === 200) return true;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

async function main(): Promise<void> {
  if (!existsSync(HAPROXY)) throw new Error(`${HAPROXY} is missing: apt-get install haproxy`);
  if (!existsSync(NGINX) || !existsSync(NJS_MODULE)) throw new Error(`${NGINX} with its njs module is missing: apt-get install nginx libnginx-mod-http-js`);
  const stackDir = path.join(root, 'data', 'stack');
  mkdirSync(stackDir, { recursive: true });
  await buildIfStale();
  await makeMissingSamples(sharedSampleMediaDir, undefined, ({ done, total, step }) => console.log(`stack: sample media ${done}/${total} (${step})`));
  const plan = stackPlan({
    port: Number(process.env.STACK_PORT ?? 8080),
    databaseUrl: await stackDatabase(process.env.STACK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'),
    redisUrl: process.env.STACK_REDIS_URL ?? 'redis://127.0.0.1:6379',
    secrets: stackSecrets(stackDir),
    mediaDir: sharedSampleMediaDir,
    stackDir,
    edge: true,
  });

  // Started in order (instances, balancer, edge) and stopped in the reverse one.
  const running: Running[] = [];
  let stopping = false;
  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('stack: stopping (the instances drain first; Ctrl-C again to kill at once)');
    process.once('SIGINT', () => {
      for (const each of running) if (each.child.exitCode === null) process.kill(-each.child.pid!, 'SIGKILL');
      process.exit(1);
    });
    const [edge, balancer] = [running.find((r) => r.name === 'nginx'), running.find((r) => r.name === 'haproxy')];
    if (edge) await stopped(edge, 'SIGQUIT');
    // SIGTERM to both instances at once: each answers 503 to the balancer's check, then drains.
    await Promise.all(running.filter((r) => r.name.startsWith('instance')).map((r) => stopped(r, 'SIGTERM')));
    if (balancer) await stopped(balancer, 'SIGTERM');
    process.exit(code);
  };
  // Whatever happens to this script, nothing it started outlives it.
  process.once('exit', () => {
    for (const each of running) if (each.child.exitCode === null && each.child.signalCode === null) process.kill(-each.child.pid!, 'SIGKILL');
  });
  process.once('SIGINT', () => void stopAll(0));
  process.once('SIGTERM', () => void stopAll(0));
  const watch = (each: Running) => {
    running.push(each);
    each.child.once('exit', (code, signal) => {
      if (stopping) return;
      console.error(`stack: ${each.name} exited (${signal ?? code}); stopping the rest`);
      void stopAll(1);
    });
  };

  for (const instance of plan.instances) {
    mkdirSync(instance.env.DATA_DIR!, { recursive: true });
    watch(run(instance.name, process.execPath, [path.join(serverBuildDir, 'main.js')], { LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', ...instance.env }));
  }
  const haproxyFile = path.join(stackDir, 'haproxy.cfg');
  writeFileSync(haproxyFile, renderHaproxyConfig(plan.balancer));
  watch(run('haproxy', HAPROXY, ['-f', haproxyFile, '-db'], {}, path.join(stackDir, 'haproxy.log')));
  if (plan.edge) {
    for (const folder of ['logs', 'tmp']) mkdirSync(path.join(plan.edge.folder, folder), { recursive: true });
    const nginxFile = path.join(plan.edge.folder, 'nginx.conf');
    writeFileSync(nginxFile, renderEdgeConfig(plan.edge));
    // The edge checks media grants with the instances' PLAYBACK_SECRET, from its environment.
    watch(run('nginx', NGINX, ['-c', nginxFile, '-p', plan.edge.folder, '-e', 'logs/error.log'], { PLAYBACK_SECRET: plan.instances[0]!.env.PLAYBACK_SECRET! }));
  }

  if (!(await answers(`${plan.url}/readyz`, 180_000))) {
    console.error(`stack: ${plan.url}/readyz did not answer 200 within 180 s`);
    return stopAll(1);
  }
  console.log(
    [
      '',
      `FitStream is running at ${plan.url}  (Ctrl-C stops it)`,
      plan.edge ? `  edge        nginx on ${plan.edge.listen}: /media/ from ${plan.edge.mediaDir}, the rest to the balancer; logs in data/stack/nginx/logs/` : '  edge        none: the balancer is the front door',
      `  balancer    HAProxy on ${plan.balancer.listen}; stats at http://${plan.balancer.stats}/ ; log in data/stack/haproxy.log`,
      ...plan.instances.map((instance) => `  ${instance.name}   ${instance.url}  metrics ${instance.metricsUrl}`),
      `  database    ${plan.instances[0]!.env.DATABASE_URL}; Redis ${plan.instances[0]!.env.REDIS_URL}`,
      '',
    ].join('\n'),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  await main().catch((error: unknown) => {
    console.error('stack:', error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
