// The settings of the server as a whole (where it listens, its data, its address, the proxies
// in front of it, the limits on connections), declared as every module declares its own
// (server/settings.ts); server/config.ts composes them.
import { isIP } from 'node:net';
import path from 'node:path';
import type { ConnectionLimits } from './connection-limits';
import { ConfigError, choice, configSection, integer, parsed, text, writableDataDir } from './settings';

export interface CoreConfig {
  port: number;
  host: string;
  /** PGlite files, uploads and generated secrets. */
  dataDir: string;
  /** A PostgreSQL server instead of the embedded PGlite. */
  databaseUrl: string | null;
  /** Where the browser reaches this server; used for redirect URLs. */
  publicUrl: string;
  /** PUBLIC_URL is https: cookies are Secure, and HSTS and upgrade-insecure-requests are sent. */
  secureCookies: boolean;
  logLevel: string;
  /**
   * Behind a load balancer: how many proxy hops to trust in X-Forwarded-For, or the proxies'
   * addresses/CIDRs. Never "trust all": the left-most entry is whatever the client wrote.
   */
  trustProxy: false | number | string[];
  /** How long a client may take to send a request, and how many connections one address may hold. */
  connectionLimits: ConnectionLimits;
}

function isCidrOrAddress(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY: a hop count, or a comma-separated list of the proxies' addresses or CIDRs. */
function trustProxy(raw: string): number | string[] {
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops < 1 || hops > 10) throw new ConfigError(`TRUST_PROXY as a hop count must be from 1 to 10 (got "${raw}").`);
    return hops;
  }
  const entries = raw.split(',').map((entry) => entry.trim()).filter(Boolean);
  const bad = entries.filter((entry) => !isCidrOrAddress(entry));
  if (bad.length > 0 || entries.length === 0) {
    throw new ConfigError(
      `TRUST_PROXY must be the number of proxies in front of the server (e.g. 1) or their addresses/CIDRs (e.g. 10.0.0.0/8); ` +
        `trusting every proxy would let a client choose its own address (got "${raw}").`,
    );
  }
  return entries;
}

/**
 * Fastify's `trustProxy` for TRUST_PROXY. A hop count becomes "trust the first N hops counted
 * from this server" (Fastify 5 itself ignores a bare number), so the client address is the one
 * the outermost trusted proxy saw, never a left-most entry the client wrote.
 */
export function fastifyTrustProxy(trust: CoreConfig['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/** PUBLIC_URL without trailing slashes; it must parse as an absolute URL. */
function publicUrl(raw: string): string {
  const trimmed = raw.replace(/\/+$/, '');
  try {
    new URL(trimmed);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an absolute URL (got "${trimmed}").`);
  }
  return trimmed;
}

function isLocalUrl(url: URL): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** Seconds from 1 to 3600 (REQUEST_TIMEOUT and the like). */
const seconds = (description: string, fallback: number) => integer({ minimum: 1, maximum: 3600, default: fallback, description });

export const coreConfig = configSection({
  name: 'core',
  file: 'server/core-config.ts',
  settings: {
    NODE_ENV: text({
      description:
        '`production`: a warning at start for each unsafe default, the sandbox tools only with `SANDBOX_TOOLS_TOKEN`, no flows site at `/flows`',
    }),
    PORT: integer({ minimum: 0, maximum: 65535, default: 8080, description: 'port of the all-in-one server' }),
    HOST: text({ default: '0.0.0.0', description: 'the address the server listens on' }),
    DATA_DIR: text({
      default: './data',
      description:
        'PGlite files and the generated secrets (uploaded images live in the database); must be writable; one server at a time on its PGlite (`pglite.lock` names the owner\'s process id; a second start exits saying so, a killed owner\'s lock is taken over)',
    }),
    DATABASE_URL: text({
      pattern: '^postgres(ql)?://',
      expected: 'a postgres:// or postgresql:// URL',
      secret: true,
      description: 'a PostgreSQL server to use instead of PGlite (same migrations); needed for more than one instance',
    }),
    PUBLIC_URL: parsed(publicUrl, {
      defaultText: '`http://localhost:$PORT`',
      description:
        'the address users reach; used in checkout redirect URLs; only `https` turns on `Secure` cookies, HSTS and `upgrade-insecure-requests` (decision 004; a warning at start with `NODE_ENV=production` when it is unset or an http address other than localhost, and when a request arrives over https while it says http); a browser request that changes state must come from it or from the host it was sent to (decision 007)',
    }),
    LOG_LEVEL: choice(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      default: 'info',
      description: 'one line per API write and per failure; `debug` adds one per successful read (GET, HEAD, the plans list)',
    }),
    TRUST_PROXY: parsed(trustProxy, {
      description:
        'behind a load balancer: the number of proxy hops in front of the server (`1`), or better the balancer\'s addresses/CIDRs (`10.0.0.0/8,192.168.1.10`), so limits see the real client address; never "trust all"',
    }),
    REQUEST_TIMEOUT: seconds(
      'seconds in which a request\'s headers and body (any but an upload) must have arrived; later, it is answered 408 and the connection closed (`docs/decisions/028`)',
      30,
    ),
    REQUEST_IDLE_TIMEOUT: seconds(
      'seconds a request may go without a byte from the client (mid-headers or mid-body) before it is answered 408 and closed; a keep-alive connection resting between requests is not affected',
      10,
    ),
    UPLOAD_TIMEOUT: seconds('seconds an upload\'s body (`POST /api/v1/uploads`) may take, plus `UPLOAD_TIMEOUT_PER_MIB` per MiB it declares', 30),
    UPLOAD_TIMEOUT_PER_MIB: seconds('seconds an upload may take per MiB it declares: 5 MiB in 230 s by default, about 200 kbit/s, a poor mobile link', 40),
    CONNECTIONS_PER_ADDRESS: integer({
      minimum: 0,
      maximum: 1_000_000,
      defaultText: '`128`, or `0` with `TRUST_PROXY`',
      description:
        'open connections one client address may hold at once; the next is answered 429 and closed (`0`: no cap; behind a proxy every connection comes from the proxy, so the proxy should cap them)',
    }),
  },
  async derive(values, _before: object, { production, warn }): Promise<CoreConfig> {
    const dataDir = path.resolve(values.DATA_DIR);
    if (values.DATABASE_URL === null) await writableDataDir(dataDir);
    if (values.PUBLIC_URL === null && production) {
      warn(
        `PUBLIC_URL is not set: redirect URLs point at http://localhost:${values.PORT}, and cookies are sent without Secure and HSTS is off. ` +
          'Set PUBLIC_URL to the https address users reach.',
      );
    }
    const publicUrlText = values.PUBLIC_URL ?? `http://localhost:${values.PORT}`;
    const url = new URL(publicUrlText);
    // Secure cookies, HSTS and upgrade-insecure-requests only with https (docs/decisions/004): over
    // plain http a browser drops a Secure cookie, so sign-in would not survive a reload.
    const https = url.protocol === 'https:';
    if (!https && !isLocalUrl(url) && production) {
      warn(`PUBLIC_URL is ${publicUrlText}: cookies are sent without Secure and HSTS is off. Set PUBLIC_URL to the https address users reach.`);
    }
    const proxy = values.TRUST_PROXY ?? false;
    return {
      port: values.PORT,
      host: values.HOST,
      dataDir,
      databaseUrl: values.DATABASE_URL,
      publicUrl: publicUrlText,
      secureCookies: https,
      logLevel: values.LOG_LEVEL,
      trustProxy: proxy,
      // The cap is off behind a proxy, where every connection is the proxy's.
      connectionLimits: {
        requestMs: values.REQUEST_TIMEOUT * 1000,
        idleMs: values.REQUEST_IDLE_TIMEOUT * 1000,
        uploadBaseMs: values.UPLOAD_TIMEOUT * 1000,
        uploadPerMibMs: values.UPLOAD_TIMEOUT_PER_MIB * 1000,
        connectionsPerAddress: values.CONNECTIONS_PER_ADDRESS ?? (proxy === false ? 128 : 0),
      },
    };
  },
});
