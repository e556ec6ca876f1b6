// `npm run bench:compare -- --before=<dir> [--target=plans|home|up-next|classes-home|activity|catalog|landing] [--rounds=5] [--seconds=5] [--postgres]`:
// two builds of the server (a copy of an earlier dist-server/ in <dir>, kept inside the
// repository so its packages resolve, and the current one, built as `npm start` builds it) run
// side by side with the bare Fastify server answering the same bytes, and autocannon loads each
// in turn, round after round, so a busy machine weighs on all three alike. Prints each round's
// requests/s and the medians, and the ratios to the bare server; first, what autocannon's own
// parser spends on each server's answer (bench/client-parse.ts). Needs the built app (DIST_DIR).
import { existsSync } from 'node:fs';
import path from 'node:path';
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
import { parseCostNs } from './client-parse';
import { browserHeaders, copiedHeaders, load, rawAnswerOf } from './throughput';

const argument = (name: string) => process.argv.find((value) => value.startsWith(`--${name}=`))?.slice(name.length + 3);
const before = argument('before');
const targetName = argument('target') ?? 'plans';
const rounds = Number(argument('rounds') ?? 5);
const seconds = Number(argument('seconds') ?? 5);
const usePostgres = process.argv.includes('--postgres');
const connections = 50;
const distDir = process.env.DIST_DIR ?? path.join(repoRoot, 'dist');


const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function main(): Promise<void> {
  const target = signedInTarget(targetName);
  if (!before || !existsSync(path.join(before, 'main.js'))) throw new Error('--before must name a copy of an earlier dist-server/ (with main.js), inside the repository');
  const start = await productionStartCommand();
  await buildProductServer();
  const servers: { label: string; server: RunningServer; token: string; prefix?: string; drop?: () => Promise<void> }[] = [];
  let productHeaders: Record<string, string> = {};
  const bodies: Buffer[] = [];
  let contentType = 'application/json';
  let contentEncoding: string | undefined;
  try {
    for (const [label, script] of [
      ['before', path.join(path.resolve(before), 'main.js')],
      ['after', start.script],
    ] as const) {
      // Each on its own database: the two builds may differ in nothing a migration sees, but must not share notifications.
      const database = usePostgres ? await createScratchDatabase() : null;
      if (usePostgres && !database) throw new Error('no PostgreSQL answers on 127.0.0.1:5432');
      const server = await startProductServer({ distDir, start: { ...start, script }, ...(database ? { databaseUrl: database.url } : {}) });
      const entry = { label, server, token: '', ...(database ? { drop: () => database.drop() } : {}) };
      servers.push(entry);
      const session = await accountFor(server.origin, target, 'compare');
      entry.token = session.token ?? '';
      const response = await session.request(target.method, target.path, { auth: target.auth, headers: browserHeaders });
      if (response.status !== 200) throw new Error(`${label} ${target.name}: HTTP ${response.status}`);
      bodies.push(response.body);
      contentType = response.headers['content-type'] ?? contentType;
      contentEncoding = response.headers['content-encoding'];
      productHeaders = copiedHeaders(response.headers);
    }
    // The bare server answers the same bytes, and under /same-headers with the product's headers too.
    const bare = await startBareServer([
      { method: target.method, url: target.path, contentType, ...(contentEncoding ? { contentEncoding } : {}), body: bodies[1]!, headers: productHeaders },
    ]);
    servers.push({ label: 'bare', server: bare, token: servers[1]!.token });
    servers.push({ label: 'bare+headers', server: bare, token: servers[1]!.token, prefix: '/same-headers' });
    // What autocannon spends parsing each server's answer (its bytes, timed alone): load-independent.
    for (const { label, server, token, prefix } of servers) {
      const raw = await rawAnswerOf(server.origin, target, token, prefix);
      console.log(`${label}: ${raw.length} B per answer, autocannon's parser ${(parseCostNs(raw) / 1000).toFixed(2)} µs per answer`);
    }
    const rates = new Map<string, number[]>(servers.map(({ label }) => [label, []]));
    /** Each round's server CPU time per request (µs): less swayed than requests/s by who else has the cores. */
    const cpu = new Map<string, number[]>(servers.map(({ label }) => [label, []]));
    /** Each round's client (autocannon, this process) CPU time per response (µs): what the answer's size and headers cost the other side. */
    const clientCpu = new Map<string, number[]>(servers.map(({ label }) => [label, []]));
    for (const { server, token, prefix } of servers) await load(server.origin, target, token, 2, connections, prefix);
    for (let round = 1; round <= rounds; round += 1) {
      const line: string[] = [];
      // Each round starts with the next server, so none always follows the same one.
      const order = servers.map((_, i) => servers[(i + round - 1) % servers.length]!);
      for (const { label, server, token, prefix } of order) {
        const cpuBefore = await cpuTimeMs(server.pid);
        const clientBefore = process.cpuUsage();
        const result = await load(server.origin, target, token, seconds, connections, prefix);
        const perRequest = (((await cpuTimeMs(server.pid)) - cpuBefore) * 1000) / Math.max(1, result.requests.total);
        const client = process.cpuUsage(clientBefore);
        clientCpu.get(label)!.push((client.user + client.system) / Math.max(1, result.requests.total));
        const failed = result.errors + result.timeouts + result.non2xx;
        if (failed > 0) throw new Error(`${label}: ${failed} failed requests`);
        rates.get(label)!.push(result.requests.average);
        cpu.get(label)!.push(perRequest);
        line.push(`${label} ${Math.round(result.requests.average)} req/s ${perRequest.toFixed(1)} µs CPU/req (client ${clientCpu.get(label)!.at(-1)!.toFixed(1)})`);
      }
      console.log(`round ${round}: ${line.join(', ')}`);
    }
    const bareMedian = median(rates.get('bare')!);
    for (const label of ['before', 'after', 'bare+headers']) {
      const values = rates.get(label)!;
      const ratios = values.map((value, i) => value / rates.get('bare')![i]!);
      console.log(
        `${label}: median ${Math.round(median(values))} req/s, ${(median(values) / bareMedian).toFixed(2)} × the bare median; per round ${ratios.map((r) => r.toFixed(2)).join(' ')} (median ${median(ratios).toFixed(2)} ×)`,
      );
    }
    console.log(`bare: median ${Math.round(bareMedian)} req/s; ${target.name}, ${rounds} rounds of ${seconds} s at ${connections} connections`);
    for (const [label, values] of cpu) {
      console.log(`${label}: server CPU per request, least ${Math.min(...values).toFixed(1)} µs, median ${median(values).toFixed(1)} µs; client CPU per response, median ${median(clientCpu.get(label)!).toFixed(1)} µs`);
    }
  } finally {
    for (const { server, drop, prefix } of servers) {
      if (prefix === undefined) await server.stop();
      await drop?.();
    }
  }
}

await main();
