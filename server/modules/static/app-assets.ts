// The built app (dist/) held in memory: every file read once at start, text files compressed
// once with brotli and gzip, each with its content type, ETag and cache policy. Serving the app
// then costs no disk access and no per-request compression.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { HeaderSet } from '@server/plugins/external/security';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface AppAsset {
  contentType: string;
  etag: string;
  cacheControl: string;
  body: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt', '.webmanifest']);
/** Below this, compression saves less than the headers it adds. */
const MIN_COMPRESS_BYTES = 1024;
/** Hashed file names never change; everything else must be revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)])),
  );
  return nested.flat();
}

export async function compressed(body: Buffer, extension: string): Promise<Pick<AppAsset, 'br' | 'gzip'>> {
  if (!COMPRESSIBLE.has(extension) || body.length < MIN_COMPRESS_BYTES) return { br: null, gzip: null };
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzipAsync(body, { level: 9 }),
  ]);
  return { br: br.length < body.length ? br : null, gzip: gz.length < body.length ? gz : null };
}

export const etagOf = (body: Buffer) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;

/** Every file of `distDir` by its URL path (`/index.html`, `/assets/index-abc.js`). */
export async function loadAppAssets(distDir: string): Promise<Map<string, AppAsset>> {
  // Source maps would publish the whole unminified source; they stay on disk, unserved.
  const files = (await filesUnder(distDir)).filter((file) => !file.endsWith('.map'));
  // One file at a time: brotli at quality 11 takes tens of MB of work memory per file, in
  // libuv's threads, and memory freed there mostly stays with the process. Compressing every
  // file at once kept 10 to 20 MB more resident for good; in turn, a few, and the
  // database opens meanwhile, so start-up takes no longer.
  const assets = new Map<string, AppAsset>();
  for (const file of files) {
    const urlPath = `/${path.relative(distDir, file).split(path.sep).join('/')}`;
    const extension = path.extname(file).toLowerCase();
    const body = await readFile(file);
    assets.set(urlPath, {
      contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
      etag: etagOf(body),
      cacheControl: urlPath.startsWith('/assets/') ? IMMUTABLE : 'no-cache',
      body,
      ...(await compressed(body, extension)),
    });
  }
  return assets;
}

/** The built app by URL path; empty when it has not been built. */
export type AppAssets = Map<string, AppAsset>;

export async function loadBuiltApp(distDir: string): Promise<AppAssets> {
  return existsSync(distDir) ? loadAppAssets(distDir) : new Map();
}

/**
 * The negotiator's memory of `Accept-Encoding` values (a few per browser; 1–2 µs a negotiation, on
 * every page and asset), emptied when full so no client can grow it.
 */
class Remembered extends Map<string, string> {
  override set(key: string, value: string): this {
    if (this.size >= 64) this.clear();
    return super.set(key, value);
  }
}
const encodings = new Negotiator({ supportedValues: ['br', 'gzip'], cache: new Remembered() });

/** The encoding of `asset` the client prefers (brotli over gzip), or the plain bytes. */
export function pickEncoding(asset: AppAsset, acceptEncoding: string | undefined): { encoding: 'br' | 'gzip' | null; body: Buffer } {
  const wanted = acceptEncoding ? encodings.negotiate(acceptEncoding) : null;
  const body = wanted ? asset[wanted] : null;
  return wanted && body ? { encoding: wanted, body } : { encoding: null, body: asset.body };
}

/**
 * Everything an asset's answer carries, built once per asset and encoding at start: the
 * security headers, cache policy, ETag, Vary and encoding. A request then sets one object.
 */
export interface PreparedAsset {
  etag: string;
  asset: AppAsset;
  notModified: HeaderSet;
  /** Each encoding's headers, its body's length included. */
  identity: HeaderSet;
  br: HeaderSet | null;
  gzip: HeaderSet | null;
}
