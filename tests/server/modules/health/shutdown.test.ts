// The graceful shutdown with a real server process (decision 055): on SIGTERM /readyz answers
// 503 at once while the other routes are still served; after SHUTDOWN_GRACE_SECONDS the port
// refuses new connections, a request in flight then completes with 200 (its connection closed
// after it), and the process exits 0. On PGlite, or PostgreSQL with TEST_DATABASE_URL.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { ApiClient } from '../../fixtures/api-client';
import { startServerProcess, type ServerProcess } from '../../fixtures/server-process';
import { freshPostgres, TEST_PASSWORD } from '../../harness';

const postgresUrl = process.env.TEST_DATABASE_URL;

/** A server start and a drain; a loaded machine can take a while. */
const PROCESS_TEST_TIMEOUT_MS = 240_000;

let running: ServerProcess | undefined;
let cleanUp: (() => Promise<void>) | undefined;
afterEach(async () => {
  await running?.stop('SIGKILL');
  // What an exited server started (ffmpeg preparing the sample media) goes with it.
  try {
    if (running) process.kill(-running.pid, 'SIGKILL');
  } catch {
    // Nothing was left.
  }
  await cleanUp?.();
});

async function startServer(graceSeconds: number): Promise<ServerProcess> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fs-shutdown-'));
  const database = postgresUrl ? await freshPostgres(postgresUrl) : undefined;
  if (!database) await cp(path.join(inject('pgliteTemplateDir'), 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
  cleanUp = async () => {
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  running = await startServerProcess({
    DATA_DIR: dataDir,
    SHUTDOWN_GRACE_SECONDS: String(graceSeconds),
    ...(database ? { DATABASE_URL: database.url } : {}),
  });
  return running;
}

/** A request whose headers and first bytes are sent now and whose last byte is sent by `finish`. */
function requestInFlight(url: string, method: string, urlPath: string, body: string) {
  const { port } = new URL(url);
  let received = '';
  let socket!: Socket;
  const closed = new Promise<void>((resolve, reject) => {
    socket = connect(Number(port), '127.0.0.1', () => {
      socket.write(`${method} ${urlPath} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`);
      socket.write(body.slice(0, -1));
    });
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('close', () => resolve());
    socket.on('error', reject);
  });
  return {
    /** Sends the last byte; answers the status and headers once the server has closed the connection (it must). */
    async finish(): Promise<{ statusCode: number; headers: string }> {
      socket.write(body.slice(-1));
      await closed;
      const head = received.split('\r\n\r\n')[0] ?? '';
      return { statusCode: Number(head.split(' ')[1]), headers: head.toLowerCase() };
    },
  };
}

/** Whether a new connection to `url`'s port is refused. */
function refused(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(Number(new URL(url).port), '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

describe(`a server sent SIGTERM (${postgresUrl ? 'PostgreSQL' : 'PGlite'})`, { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('turns unready at once, serves through the grace, finishes the request in flight, refuses new connections and exits 0', async () => {
    // Long enough for the few requests below on a loaded machine; nothing waits for it to pass.
    const server = await startServer(20);
    const client = new ApiClient(server.url);
    expect((await client.signUp()).status).toBe(201);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    const signIn = requestInFlight(server.url, 'POST', '/api/v1/auth/sign-in', JSON.stringify({ email: client.email, password: TEST_PASSWORD, device_id: client.deviceId }));

    server.signal('SIGTERM');
    await server.outputLine(/SIGTERM received/);
    const readyz = await fetch(`${server.url}/readyz`);
    expect(readyz.status).toBe(503);
    expect(readyz.headers.get('cache-control')).toBe('no-store');
    expect(await readyz.json()).toMatchObject({ isSuccess: false, statusCode: 503, code: 'health.shuttingDown', not_ready: ['shutting_down'] });
    // Everything else is still served during the grace.
    expect((await fetch(`${server.url}/livez`)).status).toBe(200);
    expect((await new ApiClient(server.url).signUp()).status).toBe(201);

    // A second signal ends the grace (as an operator's second Ctrl-C does).
    server.signal('SIGTERM');
    await server.outputLine(/closing: no new connections; finishing 1 request/);
    let refusedNow = await refused(server.url);
    for (let attempt = 0; !refusedNow && attempt < 100; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      refusedNow = await refused(server.url);
    }
    expect(refusedNow).toBe(true);

    const answer = await signIn.finish();
    expect(answer.statusCode).toBe(200);
    expect(answer.headers).toContain('connection: close');
    expect(await server.exitCode()).toBe(0);
    await server.outputLine(/closed: exiting/);
  });

  it('exits 0 at once with a grace of 0', async () => {
    const server = await startServer(0);
    expect((await fetch(`${server.url}/livez`)).status).toBe(200);
    server.signal('SIGINT');
    expect(await server.exitCode()).toBe(0);
  });
});
