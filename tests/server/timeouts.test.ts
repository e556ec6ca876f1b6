// Slow and stalled clients (server/connection-limits.ts), over raw sockets to a listening server
// with short limits: a trickled JSON body, a request gone quiet and half-sent headers get a 408
// in the contract's shape and a closed connection; an upload may take its longer, size-based
// time; a keep-alive connection may rest between requests; one address holds only so many
// connections at once.
import net from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import { createTestApp, multipart, PNG, signUp, type SignedUpUser, type TestApp } from './harness';

/** Short limits, so each case takes a second or two: the figures are settings, not speeds. */
const limits = { requestMs: 1500, idleMs: 800, uploadBaseMs: 1500, uploadPerMibMs: 3000, connectionsPerAddress: 4 };

let t: TestApp;
let port: number;
let user: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp({ connectionLimits: limits });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  user = await signUp(t.app);
});
afterAll(() => t.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Connection {
  socket: net.Socket;
  /** Everything the server sent, once it has closed the connection. */
  closed: Promise<string>;
}

async function connect(): Promise<Connection> {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(received)));
  socket.on('error', () => {});
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  return { socket, closed };
}

/** Writes `bytes` in `pieces`, one every `everyMs` (each gap under the idle limit). */
async function trickle(socket: net.Socket, bytes: Buffer, pieces: number, everyMs: number): Promise<void> {
  const size = Math.ceil(bytes.length / pieces);
  for (let offset = 0; offset < bytes.length && !socket.destroyed; offset += size) {
    socket.write(bytes.subarray(offset, offset + size));
    await sleep(everyMs);
  }
}

function parse(raw: string): { status: number; headers: string; body: unknown } {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), headers: head.toLowerCase(), body: body ? JSON.parse(body) : null };
}

const timeoutBody = { isSuccess: false, message: 'The request took too long to arrive.', statusCode: 408, code: 'request.timeout' };

function signInRequest(language = 'en'): { head: string; body: Buffer } {
  const body = Buffer.from(JSON.stringify({ email: 'slow@example.com', password: 'Str0ng#Pass', device_id: 'slow-device-1' }));
  const head = `POST /api/v1/auth/sign-in HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept-Language: ${language}\r\nContent-Length: ${body.length}\r\n\r\n`;
  return { head, body };
}

function uploadRequest(): { head: string; body: Buffer } {
  const form = multipart('fileToUpload', 'me.png', 'image/png', PNG);
  const head =
    `POST /api/v1/uploads HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: FitStream ${user.token}\r\n` +
    `Content-Type: ${form.headers['content-type']}\r\nContent-Length: ${form.payload.length}\r\n\r\n`;
  return { head, body: form.payload };
}

// Without the limits a stalled connection is never closed: give up after 10 s rather than 30.
describe('slow and stalled requests', { timeout: 10_000 }, () => {
  it('a JSON body trickled past the request limit is answered 408, in the request language, and closed', async () => {
    const { socket, closed } = await connect();
    const { head, body } = signInRequest('es');
    socket.write(head);
    // Never idle (a byte every 300 ms), but far slower than the 1.5 s the body may take.
    void trickle(socket, body, body.length, 300);
    const answer = parse(await closed);
    expect(answer.status).toBe(408);
    expect(answer.headers).toContain('connection: close');
    expect(answer.body).toEqual({ ...timeoutBody, message: 'La solicitud tardó demasiado en llegar.' });
  });

  it('a request that goes quiet mid-body is answered 408 and closed', async () => {
    const { socket, closed } = await connect();
    const { head, body } = signInRequest();
    socket.write(head + body.subarray(0, 10).toString());
    const answer = parse(await closed);
    expect(answer.status).toBe(408);
    expect(answer.body).toEqual(timeoutBody);
  });

  it('headers that stop half-way are answered 408 and closed', async () => {
    const { socket, closed } = await connect();
    socket.write('GET /api/v1/payments/price-range HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const answer = parse(await closed);
    expect(answer.status).toBe(408);
    expect(answer.body).toEqual(timeoutBody);
  });

  it('a connection that never sends a byte is closed without an answer', async () => {
    const { closed } = await connect();
    expect(await closed).toBe('');
  });

  it('an upload may take longer than a JSON body: its limit follows its size', async () => {
    const { socket, closed } = await connect();
    // The body in about 2.4 s: past the 1.5 s of a JSON body, within the upload's 1.5 s + 3 s per MiB.
    const { head, body } = uploadRequest();
    socket.write(head);
    await trickle(socket, body, 8, 300);
    await sleep(300);
    socket.end();
    const answer = parse(await closed);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ isSuccess: true, image: expect.stringMatching(/\.png$/) });
  });

  it('an upload trickled past its own limit is answered 408 and closed', async () => {
    const { socket, closed } = await connect();
    // The headers at once, then the body a byte every 300 ms: 4.5 s pass long before it is complete.
    const { head, body } = uploadRequest();
    socket.write(head);
    void trickle(socket, body, body.length, 300);
    const answer = parse(await closed);
    expect(answer.status).toBe(408);
    expect(answer.body).toEqual(timeoutBody);
  });

  it('a keep-alive connection may rest between requests for longer than the idle limit', async () => {
    const { socket, closed } = await connect();
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    const ask = 'GET /api/v1/payments/price-range HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
    socket.write(ask);
    await sleep(limits.idleMs * 2);
    expect(socket.destroyed).toBe(false);
    socket.write(ask);
    await sleep(300);
    socket.end();
    await closed;
    expect(received.match(/HTTP\/1\.1 200 OK/g)).toHaveLength(2);
  });
});

describe('connections per address', { timeout: 10_000 }, () => {
  it('one address holds at most the configured number of connections; the next is answered 429 and closed', async () => {
    const held = await Promise.all(Array.from({ length: limits.connectionsPerAddress }, () => connect()));
    const refused = await connect();
    const answer = parse(await refused.closed);
    expect(answer.status).toBe(429);
    expect(answer.body).toMatchObject({ isSuccess: false, statusCode: 429, code: 'request.tooManyConnections' });
    // One closed, one more may open.
    held[0]!.socket.destroy();
    await held[0]!.closed;
    const next = await connect();
    next.socket.write('GET /api/v1/payments/price-range HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    expect(parse(await next.closed).status).toBe(200);
    for (const connection of held.slice(1)) connection.socket.destroy();
  });
});

describe('configuration', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'fs-limits-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('has defaults a real client never meets, each settable; no cap per address behind a proxy', async () => {
    expect((await loadConfig({ DATA_DIR: dataDir })).connectionLimits).toEqual({
      requestMs: 30_000,
      idleMs: 10_000,
      uploadBaseMs: 30_000,
      uploadPerMibMs: 40_000,
      connectionsPerAddress: 128,
    });
    const set = await loadConfig({ DATA_DIR: dataDir, REQUEST_TIMEOUT: '20', REQUEST_IDLE_TIMEOUT: '5', UPLOAD_TIMEOUT: '60', UPLOAD_TIMEOUT_PER_MIB: '80', CONNECTIONS_PER_ADDRESS: '16' });
    expect(set.connectionLimits).toEqual({ requestMs: 20_000, idleMs: 5_000, uploadBaseMs: 60_000, uploadPerMibMs: 80_000, connectionsPerAddress: 16 });
    expect((await loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '10.0.0.0/8' })).connectionLimits.connectionsPerAddress).toBe(0);
    await expect(loadConfig({ DATA_DIR: dataDir, REQUEST_TIMEOUT: '0' })).rejects.toThrow(/REQUEST_TIMEOUT must be a whole number from 1 to 3600/);
  });
});
