// Issues 23 and 24's throughput budgets, on PostgreSQL (the completions are seeded in SQL): a
// subscriber's home with a programme under way (the calls its page makes: /payments/home,
// /classes/home, /programmes/up-next), the calendar feed with 200 planned items (no cookie, as a
// calendar app asks), and /activity for an account with 2,000 completed classes (the call its
// page makes). Each call is paired with a bare server answering the same bytes from memory in
// the same run: requests/s ≥ 0.5× of it, p99 ≤ 25 ms at 50 connections.
import pg from 'pg';
import { subscriber } from './playback';
import { createScratchDatabase, startBareServer, startProductServer, type BareRoute } from './server-process';
import type { Result } from 'autocannon';
import { browserHeaders, load, rowsFor, type Target } from './throughput';
import type { Row } from './table';

export interface EngagementOptions {
  distDir: string;
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
}

const budget = { minRatio: 0.5, maxP99Ms: 25 };

/** `count` completions over the last days, one class a day (the unique key is per class and day). */
async function seedCompletions(url: string, email: string, count: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `WITH account AS (SELECT id FROM users WHERE email = $1),
            catalog AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n, count(*) OVER () AS total, greatest(1, round(duration_seconds / 60.0))::int AS minutes FROM classes WHERE published_at IS NOT NULL)
       INSERT INTO class_completions (user_id, class_id, completed_at, local_date, minutes)
       SELECT account.id, catalog.id, now() - make_interval(days => i / 3, hours => i % 3), to_char(now() - make_interval(days => i / 3, hours => i % 3), 'YYYY-MM-DD'), catalog.minutes
       FROM generate_series(0, $2::int - 1) AS i, account, catalog
       WHERE catalog.n = i % catalog.total
       ON CONFLICT DO NOTHING`,
      [email, count],
    );
    const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM class_completions c JOIN users u ON u.id = c.user_id WHERE u.email = $1', [email]);
    if (Number(rows[0]?.n) < count) throw new Error(`seeded ${rows[0]?.n} completions, not ${count}`);
    await client.query('ANALYZE');
  } finally {
    await client.end();
  }
}

/**
 * The throughput rows of one target, with what came back counted apart: 2xx answers (at least
 * one: a server that answers nothing has no errors either), non-2xx answers (a 429 or 401 is an
 * answer to autocannon and counts in its requests/s, so it must not pass as throughput) with
 * their statuses, and errors and timeouts (no answer at all).
 */
export function answerRows(target: Target, label: string, product: Result, baseline: Result, options: Pick<EngagementOptions, 'durationSeconds' | 'connections'>): Row[] {
  const group = `throughput ${label}`;
  const statuses = Object.entries(product.statusCodeStats ?? {})
    .filter(([status]) => !status.startsWith('2'))
    .map(([status, { count }]) => `${status} ×${count}`)
    .join(', ');
  return [
    ...rowsFor(target, label, product, baseline, options.durationSeconds, options.connections).filter((row) => !row.figure.endsWith('errors + non-2xx')),
    { group, figure: `${target.name} 2xx answers in the run`, value: product['2xx'], unit: '', budget: { kind: 'min', limit: 1, of: 'value' } },
    { group, figure: `${target.name} non-2xx answers`, value: product.non2xx, unit: '', budget: { kind: 'equal', limit: 0, of: 'value' }, ...(statuses ? { note: statuses } : {}) },
    { group, figure: `${target.name} errors + timeouts (no answer)`, value: product.errors + product.timeouts, unit: '', budget: { kind: 'equal', limit: 0, of: 'value' } },
  ];
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

export async function measureEngagement(options: EngagementOptions): Promise<Row[]> {
  const database = await createScratchDatabase();
  if (!database) return [{ group: 'issues 23/24', figure: 'benchmark', value: null, unit: '', note: 'no PostgreSQL answers on 127.0.0.1:5432' }];
  try {
    const server = await startProductServer({ distDir: options.distDir, databaseUrl: database.url });
    try {
      // A subscriber following a programme, with 200 planned classes and 2,000 completed ones.
      const session = await subscriber(server.origin, 'standard');
      await session.call('start', 'POST', '/api/v1/programmes/yoga-foundations/start', 200, { auth: true, json: { weekdays: [1, 3, 5] } });
      const { classes } = await session.call<{ classes: { id: string }[] }>('classes', 'GET', '/api/v1/classes', 200, { auth: true });
      const tomorrow = Date.now() + 86_400_000;
      for (let i = 0; i < 200; i += 1) {
        const date = isoDay(new Date(tomorrow + Math.floor(i / 2) * 86_400_000));
        await session.call('plan', 'POST', '/api/v1/schedule/items', 201, { auth: true, json: { classId: classes[i % classes.length]!.id, date, time: i % 2 ? '18:00' : '07:30' } });
      }
      const { url: feedUrl } = await session.call<{ url: string }>('feed link', 'POST', '/api/v1/schedule/feed-link', 200, { auth: true });
      await seedCompletions(database.url, session.email, 2_000);
      const token = session.token ?? '';
      const { upNext } = await session.call<{ upNext: unknown }>('up next', 'GET', '/api/v1/programmes/up-next', 200, { auth: true });
      if (!upNext) throw new Error('the programme is not under way');

      const targets: (Target & { group: string })[] = [
        { group: 'issue 23 home', name: 'home: POST /api/v1/payments/home', method: 'POST', path: '/api/v1/payments/home', auth: true, ...budget },
        { group: 'issue 23 home', name: 'home: GET /api/v1/classes/home', method: 'GET', path: '/api/v1/classes/home', auth: true, ...budget },
        { group: 'issue 23 home', name: 'home: GET /api/v1/programmes/up-next', method: 'GET', path: '/api/v1/programmes/up-next', auth: true, ...budget },
        { group: 'issue 23 feed', name: 'calendar feed, 200 items', method: 'GET', path: new URL(feedUrl).pathname, auth: false, ...budget },
        { group: 'issue 24 activity', name: 'GET /api/v1/activity, 2,000 completions', method: 'GET', path: '/api/v1/activity', auth: true, ...budget },
      ];
      const routes: BareRoute[] = [];
      for (const target of targets) {
        const response = await session.request(target.method, target.path, { auth: target.auth, headers: browserHeaders });
        if (response.status !== 200) throw new Error(`${target.name}: HTTP ${response.status} ${response.body.toString('utf8', 0, 200)}`);
        const encoding = response.headers['content-encoding'];
        routes.push({ method: target.method, url: target.path, contentType: response.headers['content-type'] ?? 'application/octet-stream', ...(encoding ? { contentEncoding: encoding } : {}), body: response.body });
      }
      const bare = await startBareServer(routes);
      const rows: Row[] = [];
      // Node does not stop working on a request whose client went away: the 50 requests in flight
      // when a load ends are still computed afterwards. Before a measurement, one request to the
      // target is answered only after that backlog (about 50 × 40 ms for the feed on this machine),
      // so the run measures the target alone, not the warm-up's leftovers.
      const settle = async (target: Target) => {
        const response = await session.request(target.method, target.path, { auth: target.auth, headers: browserHeaders });
        if (response.status !== 200) throw new Error(`${target.name}: HTTP ${response.status} after a load`);
      };
      try {
        for (const target of targets) {
          if (options.warmupSeconds > 0) {
            await load(server.origin, target, token, options.warmupSeconds, options.connections);
            await load(bare.origin, target, token, options.warmupSeconds, options.connections);
          }
          await settle(target);
          const product = await load(server.origin, target, token, options.durationSeconds, options.connections);
          const baseline = await load(bare.origin, target, token, options.durationSeconds, options.connections);
          await settle(target);
          const bareFailures = baseline.errors + baseline.timeouts + baseline.non2xx;
          if (bareFailures > 0) throw new Error(`the bare server failed ${bareFailures} requests to ${target.name}`);
          rows.push(...answerRows(target, `PostgreSQL ${target.group}`, product, baseline, options));
          console.log(
            `  ${target.name}: ${Math.round(product.requests.average)} req/s vs bare ${Math.round(baseline.requests.average)}, p99 ${product.latency.p99} ms, ${product['2xx']} 2xx, ${product.non2xx} non-2xx, ${product.errors + product.timeouts} errors`,
          );
        }
      } finally {
        await bare.stop();
      }
      return rows;
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}
