// Stalled clients (issue 22): 300 connections, each from its own loopback address (so the cap per
// address does not hide the time limits), send half of a 1 MiB JSON body and then one byte every
// 5 s, never idle long enough for the idle limit. The server's RSS is read with them held and
// after the request limit (30 s by default) has passed, both against its idle RSS in the same run;
// then 300 connections from ONE address show the cap per address.
import net from 'node:net';
import { visitorAddress } from './api-session';
import { memoryOf, resetPeakOf, startProductServer } from './server-process';
import { ratioOf, type Row } from './table';

export interface StalledClientsOptions {
  distDir: string;
  clients: number;
  /** How long after the last client connected the held RSS is read. */
  holdMs: number;
  /** How long the server is given to close them: past its request limit (REQUEST_TIMEOUT, 30 s). */
  closeWithinMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const BODY_BYTES = 1024 * 1024 - 1;
const TRICKLE_EVERY_MS = 5000;

interface Stalled {
  socket: net.Socket;
  /** What the server answered, once it closed the connection. */
  answer: Promise<string>;
}

function stall(port: number, localAddress: string | undefined): Promise<Stalled> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1', ...(localAddress ? { localAddress } : {}) });
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('error', () => {});
    const answer = new Promise<string>((done) => socket.once('close', () => done(received)));
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.write(
        `POST /api/v1/auth/sign-in HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${BODY_BYTES}\r\n\r\n` +
          `{"email":"${'x'.repeat(BODY_BYTES / 2)}`,
      );
      const trickle = setInterval(() => (socket.destroyed ? clearInterval(trickle) : socket.write('x')), TRICKLE_EVERY_MS);
      socket.once('close', () => clearInterval(trickle));
      resolve({ socket, answer });
    });
  });
}

const statusOf = (answer: string) => /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 'none';

export async function measureStalledClients(options: StalledClientsOptions): Promise<Row[]> {
  const server = await startProductServer({ distDir: options.distDir });
  const group = 'stalled clients (PGlite)';
  try {
    await sleep(3000);
    const idle = (await memoryOf(server.pid)).rssMB;
    await resetPeakOf(server.pid);
    const clients: Stalled[] = [];
    for (let index = 0; index < options.clients; index += 1) clients.push(await stall(server.port, visitorAddress(90, index)));
    await sleep(options.holdMs);
    const held = await memoryOf(server.pid);
    const stillOpenWhileHeld = clients.filter((client) => !client.socket.destroyed).length;
    const answers = await Promise.race([Promise.all(clients.map((client) => client.answer)), sleep(options.closeWithinMs).then(() => null)]);
    const open = clients.filter((client) => !client.socket.destroyed).length;
    for (const client of clients) client.socket.destroy();
    await sleep(2000);
    const after = (await memoryOf(server.pid)).rssMB;
    const timedOut = (answers ?? []).filter((answer) => statusOf(answer) === '408').length;

    // One address: past the cap (128 by default), a connection is answered 429 at once.
    const crowd = await Promise.all(Array.from({ length: options.clients }, () => stall(server.port, undefined)));
    // The refused ones close as soon as the server has seen them; the others stay stalled.
    await Promise.race([Promise.all(crowd.map((client) => client.answer)), sleep(10_000)]);
    const refused = crowd.filter((client) => client.socket.destroyed).length;
    const refusedWith429 = (await Promise.all(crowd.filter((client) => client.socket.destroyed).map((client) => client.answer))).filter((answer) => statusOf(answer) === '429').length;
    for (const client of crowd) client.socket.destroy();

    const note = `${options.clients} clients, each half of a 1 MiB body then a byte every ${TRICKLE_EVERY_MS / 1000} s`;
    return [
      {
        group,
        figure: `RSS with ${options.clients} stalled clients held ${options.holdMs / 1000} s (baseline: idle RSS)`,
        value: held.rssMB,
        unit: 'MB',
        baseline: idle,
        ratio: ratioOf(held.rssMB, idle),
        note: `${note}; ${stillOpenWhileHeld} still open then; peak ${held.peakRssMB} MB`,
      },
      {
        group,
        figure: `RSS once the server closed them (baseline: idle RSS)`,
        value: after,
        unit: 'MB',
        baseline: idle,
        ratio: ratioOf(after, idle),
        // No budget: what the heap and the allocator give back to the system is up to them; the
        // bound is that the connections are closed (next row), so nothing keeps growing.
        note: 'freed memory stays with the process for its next use',
      },
      {
        group,
        figure: `stalled connections still open ${options.closeWithinMs / 1000} s later`,
        value: open,
        unit: 'connections',
        budget: { kind: 'max', limit: 0, of: 'value' },
        note: `${timedOut} answered 408`,
      },
      {
        group,
        figure: `of ${options.clients} connections from one address, refused at once (cap 128)`,
        value: refused,
        unit: 'connections',
        budget: { kind: 'min', limit: options.clients - 128, of: 'value' },
        note: `${refusedWith429} answered 429`,
      },
    ];
  } finally {
    await server.stop();
  }
}
