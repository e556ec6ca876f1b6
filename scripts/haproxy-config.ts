// The balancer's configuration (HAProxy 2.6 from Debian) as one template with the addresses
// filled in: deploy/haproxy/haproxy.cfg is this rendered for the example topology, and the tests
// and `npm run stack` render the same template on free ports, so what is tested is what ships.
// `npx tsx scripts/haproxy-config.ts` rewrites the example; with `--listen ADDRESS:PORT
// --server ADDRESS:PORT …` (and `--stats ADDRESS:PORT`, `--user NAME`) it prints a file for
// another topology. A test fails when the example is not what the template writes.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';

export interface HaproxyTopology {
  /** The address clients (or the edge, deploy/nginx/) connect to: `127.0.0.1:8080`, `*:80`. */
  listen: string;
  /** The instances, `address:port` each (their PORT). */
  servers: readonly string[];
  /** Where the stats page listens (loopback only); absent, none. */
  stats?: string;
  /** Drop root to this user and group after binding (Debian's package creates `haproxy`). */
  user?: string;
  /** Connections at once, all told (HAProxy raises its file limit to twice this); default 20000. */
  maxconn?: number;
}

/** The example topology: the edge on the same machine, two instances on ports 8081 and 8082. */
export const exampleTopology: HaproxyTopology = {
  listen: '127.0.0.1:8080',
  servers: ['127.0.0.1:8081', '127.0.0.1:8082'],
  stats: '127.0.0.1:8404',
  user: 'haproxy',
};

export const EXAMPLE_FILE = path.resolve(import.meta.dirname, '..', 'deploy', 'haproxy', 'haproxy.cfg');

/** The stats page, when one is asked for; refused anywhere but the loopback. */
function statsSection(stats: string | undefined): string[] {
  if (!stats) return [];
  if (!/^(127\.\d+\.\d+\.\d+|\[::1\]):\d+$/.test(stats)) throw new Error(`the stats page listens on the loopback only, not ${stats}`);
  return [
    '',
    '# What each instance is doing (UP/DOWN, requests, errors, retries): http://<stats>/ ,',
    '# and as CSV at /;csv. On the loopback only: reach it with an SSH tunnel.',
    'listen stats',
    `    bind ${stats}`,
    '    stats enable',
    '    stats uri /',
    '    stats refresh 5s',
    '    stats show-legends',
  ];
}

export function renderHaproxyConfig(topology: HaproxyTopology): string {
  if (topology.servers.length === 0) throw new Error('the balancer needs at least one instance');
  const lines = [
    '# FitStream\'s balancer: HAProxy (Debian\'s package, 2.6) in front of two or more instances (decision 058).',
    '# Written by scripts/haproxy-config.ts: change the template there, not here (a test compares).',
    '# Other addresses: npx tsx scripts/haproxy-config.ts --listen ADDRESS:PORT --server ADDRESS:PORT …',
    '# The instances run with TRUST_PROXY set to this machine\'s address (decision 008); the',
    '# edge (deploy/nginx/) proxies everything but /media/ to the address in `bind` below.',
    'global',
    '    log stdout format raw local0',
    `    maxconn ${topology.maxconn ?? 20000}`,
    ...(topology.user ? [`    user ${topology.user}`, `    group ${topology.user}`] : []),
    '',
    'defaults',
    '    mode http',
    '    log global',
    '    option httplog',
    '    option dontlognull',
    '    # Keep-alive on both sides; idle connections to the instances are reused by later requests.',
    '    option http-keep-alive',
    '    http-reuse safe',
    '    # The client address for the instances\' rate limits: appended to X-Forwarded-For, so an',
    '    # instance trusting this hop (TRUST_PROXY) reads it as the right-most entry.',
    '    option forwardfor',
    '    # A request that meets a closed listener or a connection closed under it (an instance',
    '    # stopping or restarting) is sent again, to another instance. A request that an instance',
    '    # answered, even with an error, is never sent twice.',
    '    retries 3',
    '    option redispatch 1',
    '    retry-on conn-failure empty-response',
    '    timeout connect 5s',
    '    # Headers within 10 s; then a client or instance may be silent 60 s (an upload on a poor',
    '    # link sends its body slowly, but sends: the instances time uploads out themselves).',
    '    timeout http-request 10s',
    '    timeout client 60s',
    '    timeout server 60s',
    '    timeout http-keep-alive 10s',
    '    timeout queue 30s',
    '    timeout check 2s',
    '',
    'frontend fitstream',
    `    bind ${topology.listen}`,
    '    default_backend instances',
    '',
    'backend instances',
    '    balance roundrobin',
    '    # Readiness, every second: an instance answers 503 at once on SIGTERM (or while its',
    '    # database, notification listener or MEDIA_DIR is not ready), so one failed check takes',
    '    # it out of the rotation before it stops listening; two good ones put it back.',
    '    option httpchk',
    '    http-check send meth GET uri /readyz ver HTTP/1.1 hdr Host fitstream-balancer',
    '    http-check expect status 200',
    '    default-server check inter 1s fall 1 rise 2 maxconn 1000',
    ...topology.servers.map((server, index) => `    server instance${index + 1} ${server}`),
    ...statsSection(topology.stats),
  ];
  return `${lines.join('\n')}\n`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { listen: { type: 'string' }, server: { type: 'string', multiple: true }, stats: { type: 'string' }, user: { type: 'string' } },
  });
  if (!values.listen && !values.server) {
    await writeFile(EXAMPLE_FILE, renderHaproxyConfig(exampleTopology));
    console.log(`wrote ${path.relative(process.cwd(), EXAMPLE_FILE)}`);
    return;
  }
  if (!values.listen || !values.server) throw new Error('give both --listen ADDRESS:PORT and one --server ADDRESS:PORT per instance');
  process.stdout.write(renderHaproxyConfig({ listen: values.listen, servers: values.server, stats: values.stats, user: values.user }));
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) await main();
