// What the load generator spends reading one answer: autocannon parses every response with
// http-parser-js (JavaScript, one header line at a time), in the same process and on the same
// two cores as the rest of the bench. A server's answer with more header lines costs the client
// more, whatever the server does; when the client is the busier side, requests/s measure it.
// Timed on the answer's exact bytes, in a loop on this process alone, so the machine's load
// barely moves the figure (unlike requests/s). Used by `npm run bench:compare`.
import { createRequire } from 'node:module';
import net from 'node:net';

interface ResponseParser {
  execute(chunk: Buffer): number | Error;
  [key: number]: unknown;
}
interface ParserModule {
  HTTPParser: {
    new (kind: string): ResponseParser;
    RESPONSE: string;
    kOnHeaders: number;
    kOnHeadersComplete: number;
    kOnBody: number;
    kOnMessageComplete: number;
  };
}

// autocannon's own copy of the parser (a dependency of autocannon, not of the project).
const fromAutocannon = createRequire(createRequire(import.meta.url).resolve('autocannon'));
const { HTTPParser } = fromAutocannon('http-parser-js') as ParserModule;

/** A parser set up as autocannon sets up its own (lib/httpClient.js); `complete` runs at each answer's end. */
function parserFor(complete: () => void): ResponseParser {
  const parser = new HTTPParser(HTTPParser.RESPONSE);
  const chunks: Buffer[] = [];
  parser[HTTPParser.kOnHeaders] = () => {};
  parser[HTTPParser.kOnHeadersComplete] = () => {};
  // autocannon keeps a slice of the body per chunk.
  parser[HTTPParser.kOnBody] = (body: Buffer, start: number, length: number) => chunks.push(body.subarray(start, start + length));
  parser[HTTPParser.kOnMessageComplete] = () => {
    chunks.length = 0;
    complete();
  };
  return parser;
}

/** The bytes of one answer to `method url` with `headers` on a kept-alive connection, as autocannon receives them. */
export function rawAnswer(method: string, url: string, headers: Readonly<Record<string, string>>): Promise<Buffer> {
  const { hostname, port, pathname, search } = new URL(url);
  const lines = Object.entries({ host: `${hostname}:${port}`, ...headers }).map(([name, value]) => `${name}: ${value}`);
  const head = [`${method} ${pathname}${search} HTTP/1.1`, ...lines, '', ''].join('\r\n');
  return new Promise((resolve, reject) => {
    const received: Buffer[] = [];
    const socket = net.connect(Number(port), hostname, () => socket.write(head));
    const parser = parserFor(() => {
      socket.destroy();
      resolve(Buffer.concat(received));
    });
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk);
      const parsed = parser.execute(chunk);
      if (parsed instanceof Error) reject(parsed);
    });
    socket.once('error', reject);
  });
}

/** Nanoseconds of this process's CPU for autocannon's parser to read `raw`, the least of `samples` runs. */
export function parseCostNs(raw: Buffer, samples = 5, perSample = 50_000): number {
  let answers = 0;
  const parser = parserFor(() => {
    answers += 1;
  });
  for (let i = 0; i < perSample; i += 1) parser.execute(raw);
  let least = Number.POSITIVE_INFINITY;
  for (let sample = 0; sample < samples; sample += 1) {
    const started = process.cpuUsage();
    for (let i = 0; i < perSample; i += 1) parser.execute(raw);
    const used = process.cpuUsage(started);
    least = Math.min(least, ((used.user + used.system) * 1000) / perSample);
  }
  if (answers !== perSample * (samples + 1)) throw new Error(`parsed ${answers} answers of ${perSample * (samples + 1)}`);
  return least;
}
