// The metrics port of a real server process (docs/decisions/054): Prometheus's text on
// METRICS_PORT, nothing of it on the public port, and a port already taken stops the start
// with one line naming METRICS_PORT.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './fixtures/server-process';
import { freePort } from '../../scripts/free-port';

/** A port nothing listens on now (the kernel's pick, released at once). */
let scratch: string;
let server: ServerProcess;
let metricsPort: number;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'fs-metrics-port-'));
  metricsPort = await freePort();
  server = await startServerProcess({ DATA_DIR: path.join(scratch, 'one'), METRICS_PORT: String(metricsPort) });
});

afterAll(async () => {
  await server?.stop();
  // The server was making the sample media into its DATA_DIR; its ffmpeg may still be closing files.
  await rm(scratch, { recursive: true, force: true, maxRetries: 10 });
});

describe('the metrics port', () => {
  it('answers GET /metrics in the Prometheus text format, counting the public port’s requests', async () => {
    expect((await fetch(`${server.url}/api/v1/refresh`)).status).toBe(401);
    const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(text).toContain('# TYPE fitstream_http_request_duration_seconds histogram');
    expect(text).toMatch(/^fitstream_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/refresh",status_code="401"\} 1$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
  });

  it('is not on the public port: GET /metrics there is a 404', async () => {
    const response = await fetch(`${server.url}/metrics`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('fitstream_');
  });

  it('already taken, stops a second server with one line naming METRICS_PORT', async () => {
    const failed = await startServerProcess({ DATA_DIR: path.join(scratch, 'two'), METRICS_PORT: String(metricsPort) }).then(
      (started) => started.stop().then(() => new Error('the second server started')),
      (error: unknown) => error as Error,
    );
    expect(failed.message).toContain('exited with 1 before listening');
    const lines = failed.message.split('\n').filter((line) => line.startsWith('FitStream cannot start'));
    expect(lines).toEqual([`FitStream cannot start: METRICS_PORT: port ${metricsPort} on 127.0.0.1 is already in use (another FitStream instance? give each its own METRICS_PORT, or 0 for none).`]);
    // A new database is made before the port is tried: a start takes a while on a busy machine.
  }, 180_000);
});
