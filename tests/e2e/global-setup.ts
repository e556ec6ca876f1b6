// Playwright's global setup for the browser suite: builds the app when dist is missing or stale
// (and checks the production build carries no inspector), makes the sample media, and starts the
// real server twice on free ports with fresh data dirs and sandbox payments (one with a 3-second
// access token and a 2-second refresh reuse window). Their URLs reach the workers through
// E2E_BASE_URL and E2E_SHORT_TTL_URL; the returned function stops them and writes the
// screenshot manifest the flows site reads.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeMissingSamples, sharedSampleMediaDir as mediaDir } from '@server/modules/media/sample-catalogue';
import { collectScreenshotRecords } from './screenshot-records';
import { freePort } from '../../scripts/free-port';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function newest(dir: string): number {
  if (!existsSync(dir)) return 0;
  const stat = statSync(dir);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(dir).map((name) => newest(path.join(dir, name))));
}

function buildIfStale(): void {
  const built = existsSync(path.join(root, 'dist/index.html')) ? statSync(path.join(root, 'dist/index.html')).mtimeMs : 0;
  const sources = Math.max(...['src', 'machines', 'domain', 'locales', 'public', 'index.html', 'vite.config.ts', 'scripts/precompiled-messages.ts', 'scripts/prerender.ts'].map((p) => newest(path.join(root, p))));
  if (built >= sources && process.env.E2E_FORCE_BUILD !== '1') return;
  console.log('e2e: building the app (vite build)');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('vite build failed');
}

/**
 * The production build must not carry the development inspector (`?inspect`), nor the ICU
 * message parser: its messages are parsed at build time (scripts/precompiled-messages.ts).
 */
function checkBuildLeavesOut(distDir: string): void {
  const assets = path.join(distDir, 'assets');
  const scripts = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const leftOut = [
    { what: '@statelyai/inspect', pattern: /statelyai|@statelyai\/inspect|createBrowserInspector/ },
    { what: 'the ICU message parser', pattern: /EXPECT_ARGUMENT_CLOSING_BRACE|MALFORMED_ARGUMENT/ },
  ];
  for (const { what, pattern } of leftOut) {
    const offenders = scripts.filter((f) => pattern.test(readFileSync(path.join(assets, f), 'utf8')));
    if (offenders.length) throw new Error(`production build contains ${what}: ${offenders.join(', ')}`);
    console.log(`e2e: the production build leaves out ${what}`);
  }
}

interface Running {
  url: string;
  child: ChildProcess;
  dataDir: string;
}

async function startServer(name: string, distDir: string, extraEnv: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `fitstream-e2e-${name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      METRICS_PORT: '0',
      DATA_DIR: dataDir,
      MEDIA_DIR: mediaDir,
      PAYMENTS: 'sandbox',
      DIST_DIR: distDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // No grace to wait out at teardown.
      SHUTDOWN_GRACE_SECONDS: '0',
      RATE_LIMIT_SIGN_UP_PER_IP: '1000/3600',
      RATE_LIMIT_SIGN_IN_PER_IP: '1000/60',
      RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '1000/60',
      RATE_LIMIT_EXCHANGE_PER_IP: '1000/600',
      RATE_LIMIT_FORGOT_PASSWORD_PER_IP: '1000/3600',
      RATE_LIMIT_RESET_PASSWORD_PER_IP: '1000/600',
      ...extraEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // A cold PGlite may take the server's whole database time limit (120 s) on a loaded machine.
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server ${name} exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server ${name} did not answer on ${url} within 150 s`);
    await new Promise((r) => setTimeout(r, 250));
  }
  console.log(`e2e: server ${name} on ${url} (data in ${dataDir})`);
  return { url, child, dataDir };
}

async function stop(server: Running | undefined): Promise<void> {
  if (!server) return;
  if (server.child.exitCode === null) {
    const exited = new Promise((r) => server.child.once('exit', r));
    server.child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
  }
  rmSync(server.dataDir, { recursive: true, force: true });
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync('/usr/bin/chromium')) {
    throw new Error('e2e: /usr/bin/chromium is missing (apt-get install -y chromium; .ci/run does it)');
  }
  // E2E_DIST_DIR: serve an already built app from elsewhere (skips the build here).
  const distDir = process.env.E2E_DIST_DIR ? path.resolve(process.env.E2E_DIST_DIR) : path.join(root, 'dist');
  if (!process.env.E2E_DIST_DIR) buildIfStale();
  checkBuildLeavesOut(distDir);
  // Made before the servers start, so encoding never competes with the browser tests.
  await makeMissingSamples(mediaDir, undefined, ({ done, total, step }) => console.log(`e2e: sample media ${done}/${total} (${step})`));
  const servers = await Promise.allSettled([startServer('main', distDir, {}), startServer('short-ttl', distDir, { ACCESS_TOKEN_TTL: '3', REFRESH_REUSE_SECONDS: '2' })]);
  const [main, shortTtl] = servers.map((s) => (s.status === 'fulfilled' ? s.value : undefined));
  const teardown = async () => {
    await Promise.all([stop(main), stop(shortTtl)]);
    collectScreenshotRecords();
  };
  const failed = servers.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed || !main || !shortTtl) {
    await teardown();
    throw failed?.reason ?? new Error('a server did not start');
  }
  process.env.E2E_BASE_URL = main.url;
  process.env.E2E_SHORT_TTL_URL = shortTtl.url;
  return teardown;
}
