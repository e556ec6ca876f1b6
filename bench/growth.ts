// Growth: how the cost of the common calls changes with the number of accounts. A scratch
// PostgreSQL database is seeded with 10,000 and then 100,000 accounts (each with a session,
// a refresh-free history and, for every other one, a cancelled subscription), and the same
// calls are measured at each size. A missing index shows as a ratio well under 1.
import autocannon, { type Result } from 'autocannon';
import pg from 'pg';
import { ApiSession, benchPassword, visitorAddress } from './api-session';
import { subscriber } from './playback';
import { createScratchDatabase, startProductServer } from './server-process';
import { ratioOf, type Row } from './table';

export interface GrowthOptions {
  distDir: string;
  sizes: number[];
  seconds: number;
  connections: number;
  signIns: number;
}

async function seed(url: string, from: number, to: number, passwordHash: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO users (email, password_hash, country, trial_used_at)
       SELECT 'growth-' || i || '@example.com', $1, 'US', CASE WHEN i % 2 = 0 THEN now() END FROM generate_series($2::int, $3::int) AS i`,
      [passwordHash, from, to],
    );
    await client.query(
      `INSERT INTO sessions (user_id, device_id, revoked_at)
       SELECT id, 'growth-device', CASE WHEN random() < 0.5 THEN now() - interval '2 days' END FROM users WHERE email LIKE 'growth-%' AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = users.id)`,
    );
    await client.query(
      `INSERT INTO subscriptions (id, user_id, plan_id, provider, status, current_period_start, current_period_end)
       SELECT 'growth-sub-' || u.id, u.id, 'standard', 'sandbox', 'canceled', now() - interval '60 days', now() - interval '30 days'
       FROM users u WHERE u.trial_used_at IS NOT NULL AND u.email LIKE 'growth-%'
       AND NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_id = u.id)`,
    );
    await client.query('COMMIT');
    await client.query('ANALYZE');
  } finally {
    await client.end();
  }
}

async function passwordHashOf(url: string, email: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = $1', [email]);
    if (!rows[0]) throw new Error('the bench account is missing');
    return rows[0].password_hash;
  } finally {
    await client.end();
  }
}

function load(url: string, method: 'GET' | 'POST', token: string, seconds: number, connections: number): Promise<Result> {
  return autocannon({ url, method, connections, duration: seconds, headers: { authorization: `FitStream ${token}` } });
}

interface Figure {
  requestsPerSecond: Record<string, number>;
  p99: Record<string, number>;
  signInMs: number;
}

/** Median time of `count` sign-ins of seeded accounts, each from its own loopback address. */
async function signInTime(origin: string, count: number, size: number, round: number): Promise<number> {
  const times: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const session = new ApiSession(origin, visitorAddress(60 + round, index));
    const account = 1 + Math.floor(((index + 0.5) / count) * (size - 1));
    const started = performance.now();
    await session.call('sign-in', 'POST', '/api/v1/auth/sign-in', 200, {
      json: { email: `growth-${account}@example.com`, password: benchPassword, device_id: `growth-dev-${index}`.padEnd(9, '0') },
    });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? 0;
}

export async function measureGrowth(options: GrowthOptions): Promise<Row[]> {
  const database = await createScratchDatabase();
  if (!database) return [{ group: 'growth', figure: 'benchmark', value: null, unit: '', note: 'no PostgreSQL answers on 127.0.0.1:5432' }];
  try {
    const server = await startProductServer({ distDir: options.distDir, databaseUrl: database.url });
    try {
      const viewer = await subscriber(server.origin, 'standard');
      const token = viewer.token ?? '';
      const hash = await passwordHashOf(database.url, viewer.email);
      const targets: { name: string; method: 'GET' | 'POST'; path: string }[] = [
        { name: 'POST /api/v1/payments/plans', method: 'POST', path: '/api/v1/payments/plans' },
        { name: 'GET /api/v1/classes', method: 'GET', path: '/api/v1/classes' },
        { name: 'POST /api/v1/payments/subscriptions', method: 'POST', path: '/api/v1/payments/subscriptions' },
      ];
      const figures: Figure[] = [];
      let seeded = 0;
      for (const [round, size] of options.sizes.entries()) {
        await seed(database.url, seeded + 1, size, hash);
        seeded = size;
        const figure: Figure = { requestsPerSecond: {}, p99: {}, signInMs: 0 };
        for (const target of targets) {
          const result = await load(`${server.origin}${target.path}`, target.method, token, options.seconds, options.connections);
          if (result.errors + result.timeouts + result.non2xx > 0) throw new Error(`${target.name} failed at ${size} accounts`);
          figure.requestsPerSecond[target.name] = result.requests.average;
          figure.p99[target.name] = result.latency.p99;
        }
        figure.signInMs = await signInTime(server.origin, options.signIns, size, round);
        figures.push(figure);
        console.log(`  growth ${size} accounts: ${targets.map((t) => `${t.name} ${Math.round(figure.requestsPerSecond[t.name] ?? 0)} req/s`).join(', ')}, sign-in ${Math.round(figure.signInMs)} ms`);
      }
      const rows: Row[] = [];
      const first = figures[0];
      const last = figures.at(-1);
      const [small, large] = [options.sizes[0] ?? 0, options.sizes.at(-1) ?? 0];
      if (!first || !last) return rows;
      const group = 'growth PostgreSQL';
      for (const target of targets) {
        const a = first.requestsPerSecond[target.name] ?? 0;
        const b = last.requestsPerSecond[target.name] ?? 0;
        rows.push({
          group,
          figure: `${target.name} requests/s at ${large.toLocaleString('en')} accounts (baseline: at ${small.toLocaleString('en')})`,
          value: Math.round(b),
          unit: 'req/s',
          baseline: Math.round(a),
          ratio: ratioOf(b, a),
          budget: { kind: 'min', limit: 0.8, of: 'ratio' },
          note: `${options.seconds} s, ${options.connections} connections; p99 ${last.p99[target.name]} ms vs ${first.p99[target.name]} ms`,
        });
      }
      rows.push({
        group,
        figure: `sign-in median time at ${large.toLocaleString('en')} accounts (baseline: at ${small.toLocaleString('en')}; the password hash dominates)`,
        value: Math.round(last.signInMs),
        unit: 'ms',
        baseline: Math.round(first.signInMs),
        ratio: ratioOf(last.signInMs, first.signInMs),
        budget: { kind: 'max', limit: 1.25, of: 'ratio' },
        note: `${options.signIns} sign-ins each`,
      });
      return rows;
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}
