// Time and count limits on client connections, set on Node's HTTP server: a client that trickles
// a request (or stops mid-way) is answered 408 and closed, so stalled connections cannot pile up;
// without a proxy in front, one address may hold only so many connections at once.
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { negotiateLocale } from '@server/i18n';
import { rawErrorResponse } from '@server/plugins/app/error-handler';
import { UPLOAD_FILE_LIMIT } from '@server/plugins/external/body-parsers';

export interface ConnectionLimits {
  /** The headers and body of any request but an upload must arrive within this. */
  requestMs: number;
  /** A request (headers or body) from which no byte arrives for this long is cut off. */
  idleMs: number;
  /** An upload's body may take this long, plus `uploadPerMibMs` per MiB it declares. */
  uploadBaseMs: number;
  uploadPerMibMs: number;
  /** Open connections one client address may hold; 0: no cap (behind a proxy, every connection is the proxy's). */
  connectionsPerAddress: number;
}

/** The one route whose body may be large (multipart, at most 5 MiB), so it gets more time. */
const UPLOAD_PATH = /^\/api\/v1\/uploads\/?(\?|$)/;
const MIB = 1024 * 1024;
/** Room for the multipart framing around the file. */
const UPLOAD_BODY_MAX = UPLOAD_FILE_LIMIT + 64 * 1024;

/** How long the body of `request` may take to arrive. */
export function bodyTimeLimit(limits: ConnectionLimits, request: Pick<IncomingMessage, 'method' | 'url' | 'headers'>): number {
  if (request.method !== 'POST' || !UPLOAD_PATH.test(request.url ?? '')) return limits.requestMs;
  const declared = Number(request.headers['content-length']);
  const size = Number.isFinite(declared) && declared > 0 ? Math.min(declared, UPLOAD_BODY_MAX) : UPLOAD_BODY_MAX;
  return limits.uploadBaseMs + Math.ceil(size / MIB) * limits.uploadPerMibMs;
}

/** The longest any request may take: Node's own limit, a backstop behind the per-request ones. */
function longestRequest(limits: ConnectionLimits): number {
  return Math.max(limits.requestMs, limits.uploadBaseMs + Math.ceil(UPLOAD_BODY_MAX / MIB) * limits.uploadPerMibMs);
}

/** What the server keeps on each socket: the answer it is writing, and what it had read when its last exchange ended. */
const kServing = Symbol('fitstream.serving');
const kReadAtRest = Symbol('fitstream.readAtRest');
type TrackedSocket = Socket & { [kServing]?: ServerResponse | undefined; [kReadAtRest]?: number };

/** An exchange ended (answered, or its connection closed): the socket rests until more bytes come. */
function exchangeEnded(this: ServerResponse): void {
  const socket = this.req.socket as TrackedSocket;
  if (socket[kServing] === this) socket[kServing] = undefined;
  socket[kReadAtRest] = socket.bytesRead;
}

/**
 * Node's HTTP server for `handler` under `limits`. Node's `requestTimeout` is one figure for
 * every request, so the per-route body limit is a timer per request; the idle limit is the
 * socket's timeout, whose expiry answers 408 only while the client still owes bytes. A request
 * without a body costs two property writes and one listener shared by all (decision 080).
 */
export function createLimitedServer(limits: ConnectionLimits, handler: RequestListener): Server {
  const longest = longestRequest(limits);
  const server = createServer(
    {
      // Headers count against the same limit as a JSON body; Node needs headersTimeout <= requestTimeout.
      headersTimeout: Math.min(limits.requestMs, longest),
      requestTimeout: longest,
      // How often Node looks for connections past those two (30 s by default).
      connectionsCheckingInterval: Math.max(100, Math.min(1000, limits.requestMs / 4)),
    },
    (request, response) => {
      const socket = request.socket as TrackedSocket;
      socket[kServing] = response;
      if (!request.complete && hasBody(request)) {
        const timer = setTimeout(() => {
          if (!request.complete) timeOut(socket, response);
        }, bodyTimeLimit(limits, request));
        request.once('end', () => clearTimeout(timer));
        response.once('close', () => clearTimeout(timer));
      }
      response.on('close', exchangeEnded);
      handler(request, response);
    },
  );

  server.setTimeout(limits.idleMs);
  server.on('timeout', (socket: TrackedSocket) => {
    const serving = socket[kServing];
    if (serving?.req.complete) {
      // The client sent it all: the server is still working on it (leave it), or the client
      // stopped reading the answer (close it).
      if (serving.headersSent) socket.destroy();
      return;
    }
    // Body received but not read yet (hooks still running): the server is behind, not the client.
    if (serving && serving.req.readableLength > 0) return;
    // Idle between requests (keep-alive) or never a byte: nothing to answer.
    if (!serving && socket.bytesRead === (socket[kReadAtRest] ?? 0)) socket.destroy();
    else timeOut(socket, serving);
  });

  if (limits.connectionsPerAddress > 0) capConnectionsPerAddress(server, limits.connectionsPerAddress);
  return server;
}

function hasBody(request: IncomingMessage): boolean {
  return request.headers['transfer-encoding'] !== undefined || (request.headers['content-length'] ?? '0') !== '0';
}

/** 408 in the contract's shape when nothing of an answer was written yet, then the connection is closed. */
function timeOut(socket: Socket, serving: ServerResponse | undefined): void {
  if (socket.destroyed) return;
  if (!socket.writable || serving?.headersSent) {
    socket.destroy();
    return;
  }
  const locale = negotiateLocale(serving?.req.headers['accept-language']);
  socket.end(rawErrorResponse(408, 'request.timeout', locale), () => socket.destroy());
  // A client that does not read the answer either is not waited for.
  socket.setTimeout(1000, () => socket.destroy());
}

function capConnectionsPerAddress(server: Server, cap: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > cap) {
      // Nothing it sends is read: no request of its runs.
      socket.pause();
      socket.end(rawErrorResponse(429, 'request.tooManyConnections', 'en'), () => socket.destroy());
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
