// Bad requests for every operation of openapi.yaml, as fast-check arbitraries. Each request
// carries at least one defect that the server must refuse before it acts (a schema violation,
// a malformed body, a foreign origin, a forged or malformed token), plus optional noise
// (prototype keys, other accounts' ids, junk query strings), so a correct server answers 4xx
// and changes nothing. Built from the contract, so a new operation is fuzzed without a change here.
// A URL the server connects to (a property marked `x-server-connects`) also gets, in an otherwise
// valid signed-in body, hosts the server must refuse (issue 37), some through a fake DNS, and the
// refusal must be the code the mark names.
import type { LookupAddress } from 'node:dns';
import fc from 'fast-check';
import { contract } from '@server/contract';

type Schema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  example?: unknown;
  /** A URL the server connects to, and the code it refuses a host it must not reach with. */
  'x-server-connects'?: { refusedWith: string };
};

export interface FuzzOperation {
  method: string;
  /** The OpenAPI path template, e.g. `/sandbox/checkout/{sessionId}`. */
  path: string;
  pathParams: string[];
  body: { kind: 'json' | 'form'; schema: Schema } | { kind: 'multipart' } | null;
  signedIn: boolean;
}

export interface BadRequest {
  operation: string;
  defect: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  /** Sent as latin1 bytes, so a multipart body can carry binary. */
  body?: string;
  /** The error code the refusal must carry, where only one rule can refuse the request. */
  code?: string;
}

/** Values from the running app that make requests more dangerous: real ids and tokens. */
export interface FuzzTargets {
  /** A valid access token of the fuzzing account: only ever sent with another defect. */
  validToken: string;
  /** Tokens that must never be accepted (forged, malformed, without exp, ids that are not UUIDs). */
  badTokens: string[];
  /**
   * The fuzzing account's own token, expired: refused by signed-in calls, but logout takes it
   * by design (an expired token still signs its device out), so logout never gets it.
   */
  expiredToken: string;
  /** Another account's ids (subscription, checkout, upload): requests must not reach its rows. */
  foreignIds: string[];
}

const TEXT_PATTERN = '^[^\\x00\\uD800-\\uDFFF]*$';

export function contractOperations(): FuzzOperation[] {
  const paths = contract.paths as Record<string, Record<string, Record<string, unknown>>>;
  const operations: FuzzOperation[] = [];
  for (const [path, item] of Object.entries(paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      const operation = item[method];
      if (!operation) continue;
      const content = (operation.requestBody as { content?: Record<string, { schema: Schema }> } | undefined)?.content;
      const body = !content
        ? null
        : content['application/json']
          ? { kind: 'json' as const, schema: content['application/json'].schema }
          : content['application/x-www-form-urlencoded']
            ? { kind: 'form' as const, schema: content['application/x-www-form-urlencoded'].schema }
            : { kind: 'multipart' as const };
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!),
        body,
        signedIn: Array.isArray(operation.security) && operation.security.length > 0,
      });
    }
  }
  return operations;
}

// ——— values ———

const lone = fc.constantFrom('\uD800', '\uDBFF', '\uDC00', '\uDFFF');
const nul = fc.constantFrom('\u0000', '\u0000\u0000', 'a\u0000');
const prototypeKeys = fc.constantFrom('__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', 'prototype');

/** A string that fits the schema (the defect is elsewhere). */
function fittingString(schema: Schema): fc.Arbitrary<string> {
  const maxLength = Math.min(schema.maxLength ?? 40, 40);
  const minLength = schema.minLength ?? 0;
  if (schema.pattern && schema.pattern !== TEXT_PATTERN) {
    return fc.stringMatching(new RegExp(schema.pattern)).map((text) => text.padEnd(minLength, 'a').slice(0, schema.maxLength));
  }
  return fc.string({ minLength, maxLength: Math.max(minLength, maxLength) });
}

function fittingValue(schema: Schema): fc.Arbitrary<unknown> {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? 'string'];
  if (types.includes('string')) return fittingString(schema);
  if (types.includes('integer')) return fc.integer();
  if (types.includes('number')) return fc.double({ noNaN: true, noDefaultInfinity: true });
  if (types.includes('boolean')) return fc.boolean();
  if (types.includes('null')) return fc.constant(null);
  // An object: the contract's example where it gives one (a value only a real client makes,
  // such as a browser's push keys), so that a defect elsewhere is what the server refuses.
  return fc.constant(schema.example ?? {});
}

/** A value whose JSON type the schema does not allow. */
function wrongType(schema: Schema): fc.Arbitrary<unknown> {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? 'string'];
  const candidates: Array<[string, fc.Arbitrary<unknown>]> = [
    ['string', fc.string()],
    ['integer', fc.integer()],
    ['number', fc.double({ noNaN: true, noDefaultInfinity: true })],
    ['boolean', fc.boolean()],
    ['null', fc.constant(null)],
    ['array', fc.array(fc.jsonValue(), { maxLength: 3 })],
    ['object', fc.dictionary(fc.oneof(fc.string(), prototypeKeys), fc.jsonValue(), { maxKeys: 3 })],
  ];
  // A whole number is also a number (and 1.0 an integer): those two never stand in for each other.
  const numeric = types.includes('integer') || types.includes('number');
  const refused = candidates.filter(([name]) => !types.includes(name) && !(numeric && (name === 'integer' || name === 'number')));
  return fc.oneof(...refused.map(([, arbitrary]) => arbitrary));
}

/** Nested arrays or objects thousands deep (a parser or validator that recurses must not fall over). */
const deeplyNested = fc.tuple(fc.integer({ min: 500, max: 20_000 }), fc.boolean()).map(([depth, arrays]) =>
  arrays ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
);

/** JSON text placed into a body as it is (deeply nested values). */
class RawJson {
  constructor(readonly text: string) {}
}

/** A JSON object's text from ordered pairs, so `__proto__` and duplicate keys survive. */
function objectText(pairs: Array<[string, unknown]>): string {
  return `{${pairs.map(([key, value]) => `${JSON.stringify(key)}:${value instanceof RawJson ? value.text : JSON.stringify(value)}`).join(',')}}`;
}

/** Percent-encoding that also writes a lone surrogate, as the (invalid) UTF-8 bytes of its code unit. */
function percentEncode(text: string): string {
  return text.replace(/[\s\S]/gu, (char) => {
    if (char.length === 2 || !/[\uD800-\uDFFF]/.test(char)) return encodeURIComponent(char);
    const unit = char.charCodeAt(0);
    return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
  });
}

function formText(pairs: Array<[string, unknown]>): string {
  return pairs.map(([key, value]) => `${percentEncode(key)}=${percentEncode(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))}`).join('&');
}

// ——— URLs the server must not connect to ———

const reservedV4 = fc.constantFrom('127.0.0.1', '127.8.9.10', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '198.18.0.1', '192.0.2.1');
const reservedV6 = fc.constantFrom('::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1', '::ffff:7f00:1', '::ffff:a9fe:a9fe', '64:ff9b::a00:1', '2001:db8::1', '2002:7f00:1::1');
const publicV4 = fc.constantFrom('142.250.180.10', '8.8.8.8');

/** A reserved IPv4 address as URL parsers also read it: dotted, one number, hex, octal, or `a.b`. */
const ipv4Literal = reservedV4.chain((address) => {
  const parts = address.split('.').map(Number);
  const value = parts.reduce((sum, part) => sum * 256 + part, 0);
  return fc.constantFrom(address, String(value), `0x${value.toString(16)}`, parts.map((part) => `0${part.toString(8)}`).join('.'), `${parts[0]}.${value % 2 ** 24}`);
});

const FUZZ_ZONE = '.fuzz.test';
/** A DNS label that `fuzzLookup` answers with `address`. */
const addressLabel = (address: string) => (address.includes(':') ? `ip6-${address.replace(/:/g, '-')}` : `ip-${address.replace(/\./g, '-')}`);

/** The fake DNS the fuzzed server resolves with: `ip-10-0-0-1.ip6-fd00--1.fuzz.test` has 10.0.0.1 and fd00::1; other names do not exist. */
export async function fuzzLookup(hostname: string): Promise<LookupAddress[]> {
  const labels = hostname.endsWith(FUZZ_ZONE) ? hostname.slice(0, -FUZZ_ZONE.length).split('.') : [];
  const addresses = labels.flatMap((label): LookupAddress[] => {
    if (label.startsWith('ip6-')) return [{ address: label.slice(4).replace(/-/g, ':'), family: 6 }];
    if (label.startsWith('ip-')) return [{ address: label.slice(3).replace(/-/g, '.'), family: 4 }];
    return [];
  });
  if (addresses.length === 0) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname });
  return addresses;
}

/** A name resolving to a reserved address, maybe beside a public one (before or after it). */
const nameOfReserved = fc
  .tuple(fc.oneof(reservedV4, reservedV6), fc.option(publicV4, { nil: undefined }), fc.boolean())
  .map(([reserved, other, otherFirst]) => {
    const labels = other === undefined ? [reserved] : otherFirst ? [other, reserved] : [reserved, other];
    return `${labels.map(addressLabel).join('.')}${FUZZ_ZONE}`;
  });
const nameOfPublic = publicV4.map((address) => `${addressLabel(address)}${FUZZ_ZONE}`);

const refusedHost = fc.oneof(
  ipv4Literal,
  reservedV6.map((address) => `[${address}]`),
  fc.constantFrom('localhost', 'LocalHost', 'push.localhost', 'localhost.', 'intranet', 'metadata', '[fe80::1%25eth0]', `nowhere${FUZZ_ZONE}`),
  nameOfReserved,
);
const urlPath = fc.constantFrom('/', '/push/1', '/latest/meta-data/', '/wpush/v2/gAAAAABf');

/** Endpoints a server that connects to them must refuse: half a host that is not public, half a public one refused another way (scheme, port, credentials, trailing dot). */
const refusedUrl = fc.oneof(
  { arbitrary: fc.tuple(refusedHost, urlPath).map(([host, path]) => `https://${host}${path}`), weight: 4 },
  fc.tuple(fc.constantFrom('http', 'HTTP', 'ws', 'ftp'), nameOfPublic, urlPath).map(([scheme, host, path]) => `${scheme}://${host}${path}`),
  fc.tuple(nameOfPublic, fc.constantFrom(0, 22, 25, 80, 6379, 8080, 8443), urlPath).map(([host, port, path]) => `https://${host}:${port}${path}`),
  fc.tuple(fc.constantFrom('user:pass', 'admin', ':secret'), nameOfPublic, urlPath).map(([credentials, host, path]) => `https://${credentials}@${host}${path}`),
  fc.tuple(nameOfPublic, urlPath).map(([host, path]) => `https://${host}.${path}`),
);

// ——— defects ———

interface Draft {
  defect: string;
  /** Replaces the whole body text. */
  bodyText?: string;
  /** Field edits on a fitting body. */
  pairs?: Array<[string, unknown]>;
  contentType?: string;
  headers?: Record<string, string>;
  pathValues?: Record<string, string>;
  code?: string;
}

function fittingPairs(schema: Schema, targets: FuzzTargets): fc.Arbitrary<Array<[string, unknown]>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(properties).map(([name, property]) => {
    const looksLikeId = /id|customer|plan|image|token/i.test(name) && targets.foreignIds.length > 0;
    const value = looksLikeId ? fc.oneof(fittingValue(property), fc.constantFrom(...targets.foreignIds)) : fittingValue(property);
    return required.has(name)
      ? value.map((v): Array<[string, unknown]> => [[name, v]])
      : fc.option(value, { nil: undefined }).map((v): Array<[string, unknown]> => (v === undefined ? [] : [[name, v]]));
  });
  return fc.tuple(...entries).map((parts) => parts.flat());
}

const noiseFields = fc.array(
  fc.tuple(fc.oneof(prototypeKeys, fc.string({ maxLength: 10 })), fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant({ polluted: true }))),
  { maxLength: 3 },
);

function bodyDefects(schema: Schema, targets: FuzzTargets, kind: 'json' | 'form'): fc.Arbitrary<Draft> {
  const properties = Object.entries(schema.properties ?? {});
  const required = schema.required ?? [];
  const withPairs = (defect: string, edit: fc.Arbitrary<(pairs: Array<[string, unknown]>) => Array<[string, unknown]>>) =>
    fc.tuple(fittingPairs(schema, targets), edit, noiseFields).map(([pairs, apply, noise]): Draft => ({
      defect,
      pairs: [...noise, ...apply(pairs)],
    }));
  const set = (name: string, value: unknown) => (pairs: Array<[string, unknown]>) => [...pairs.filter(([key]) => key !== name), [name, value] as [string, unknown]];
  const options: Array<fc.Arbitrary<Draft>> = [];
  if (required.length > 0) {
    options.push(withPairs('missing required field', fc.constantFrom(...required).map((name) => (pairs: Array<[string, unknown]>) => pairs.filter(([key]) => key !== name))));
  }
  const strings = properties.filter(([, property]) => [property.type].flat().includes('string'));
  if (kind === 'json' && properties.length > 0) {
    options.push(withPairs('wrong type', fc.constantFrom(...properties).chain(([name, property]) => wrongType(property).map((value) => set(name, value)))));
    options.push(withPairs('deeply nested field', fc.tuple(fc.constantFrom(...properties), deeplyNested).map(([[name], text]) => set(name, new RawJson(text)))));
  }
  const texts = strings.filter(([, property]) => property.pattern === TEXT_PATTERN);
  if (texts.length > 0) {
    options.push(
      withPairs(
        'NUL or lone surrogate in text',
        fc.tuple(fc.constantFrom(...texts), fc.string({ maxLength: 8 }), fc.oneof(nul, lone), fc.string({ maxLength: 8 })).map(([[name], before, bad, after]) => set(name, `${before}${bad}${after}`)),
      ),
    );
  }
  const bounded = strings.filter(([, property]) => typeof property.maxLength === 'number');
  if (bounded.length > 0) {
    options.push(
      withPairs(
        'string over its maxLength',
        fc.tuple(fc.constantFrom(...bounded), fc.integer({ min: 1, max: 5000 })).map(([[name, property], extra]) => set(name, 'x'.repeat((property.maxLength ?? 0) + extra))),
      ),
    );
  }
  if (kind === 'json') {
    options.push(
      fc.oneof(fc.constantFrom('[]', '"text"', '42', 'null', 'true', '[{"email":"a@b.cc"}]'), deeplyNested).map((bodyText): Draft => ({ defect: 'body is not an object', bodyText })),
    );
  }
  return fc.oneof(...options);
}

/**
 * A body the schema takes, signed in, whose URL the server would connect to names a host it
 * must refuse: that rule alone can refuse it, so its code is the one the contract names.
 */
function refusedUrlDefect(schema: Schema, targets: FuzzTargets): fc.Arbitrary<Draft> | null {
  const connected = Object.entries(schema.properties ?? {}).flatMap(([name, property]) => (property['x-server-connects'] ? [[name, property['x-server-connects'].refusedWith] as const] : []));
  if (connected.length === 0) return null;
  return fc.tuple(fittingPairs(schema, targets), fc.constantFrom(...connected), refusedUrl).map(([pairs, [name, code], url]): Draft => ({
    defect: `a URL the server must not connect to: ${url}`,
    pairs: [...pairs.filter(([key]) => key !== name), [name, url]],
    headers: { authorization: `FitStream ${targets.validToken}` },
    code,
  }));
}

const invalidJson = fc
  .oneof(
    fc.constantFrom('{', '{"a":}', '{"a":1,}', "{'a':1}", 'NaN', '{"a":1}x', '\u0000', '{"a":"\\x"}', '[1,2', '{"__proto__":'),
    fc.string({ minLength: 1, maxLength: 30 }).filter((text) => {
      try {
        JSON.parse(text);
        return false;
      } catch {
        return text.trim() !== '';
      }
    }),
  )
  .map((bodyText): Draft => ({ defect: 'invalid JSON', bodyText, contentType: 'application/json' }));

const tooLarge = fc.integer({ min: 1, max: 64 * 1024 }).map((extra): Draft => ({
  defect: 'body over 1 MiB',
  bodyText: `{"pad":"${'x'.repeat(1024 * 1024 + extra)}"}`,
  contentType: 'application/json',
}));

const wrongContentType = fc
  .tuple(
    fc.constantFrom('application/x-www-form-urlencoded', 'text/plain', 'text/xml', 'application/xml', 'multipart/form-data; boundary=b0', 'application/octet-stream', 'image/png', 'text/html; charset=utf-8'),
    fc.string({ minLength: 1, maxLength: 40 }),
  )
  .map(([contentType, bodyText]): Draft => ({ defect: `content type ${contentType.split(';')[0]}`, bodyText, contentType }));

const crossSite = fc
  .oneof(
    fc.constantFrom('https://evil.example', 'null', 'http://localhost:9999', 'http://localhost:8080.evil.example', 'file://').map((origin) => ({ origin })),
    fc.constantFrom('cross-site', 'same-site').map((site) => ({ 'sec-fetch-site': site })),
  )
  .map((headers): Draft => ({ defect: 'request from another site', headers }));

/** Multipart bodies the parser must refuse, or that are not an image: never stored. */
const PNG_HEAD = '\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR';
const badMultipart = fc
  .tuple(
    fc.constantFrom('no boundary', 'wrong boundary', 'truncated', 'LF-only', 'wrong field', 'not an image', 'empty', 'two files', 'no closing boundary', 'header only'),
    fc.string({ maxLength: 20 }),
  )
  .map(([variant, junk]): Draft => {
    const part = (eol: string, field = 'fileToUpload', bytes = PNG_HEAD) =>
      `--b0${eol}Content-Disposition: form-data; name="${field}"; filename="a.png"${eol}Content-Type: image/png${eol}${eol}${bytes}${eol}`;
    const bodies: Record<string, [string, string]> = {
      'no boundary': ['multipart/form-data', `${part('\r\n')}--b0--\r\n`],
      'wrong boundary': ['multipart/form-data; boundary=zz', `${part('\r\n')}--b0--\r\n`],
      truncated: ['multipart/form-data; boundary=b0', part('\r\n').slice(0, 60 + junk.length)],
      'LF-only': ['multipart/form-data; boundary=b0', `${part('\n')}--b0--\n`],
      'wrong field': ['multipart/form-data; boundary=b0', `${part('\r\n', junk || 'avatar')}--b0--\r\n`],
      'not an image': ['multipart/form-data; boundary=b0', `${part('\r\n', 'fileToUpload', `<svg onload=alert(1)>${junk}`)}--b0--\r\n`],
      empty: ['multipart/form-data; boundary=b0', ''],
      'two files': ['multipart/form-data; boundary=b0', `${part('\r\n')}${part('\r\n')}--b0--\r\n`],
      'no closing boundary': ['multipart/form-data; boundary=b0', part('\r\n')],
      'header only': ['multipart/form-data; boundary=b0', `--b0\r\nContent-Disposition: form-data; name="fileToUpload"\r\n`],
    };
    const [contentType, bodyText] = bodies[variant]!;
    return { defect: `multipart: ${variant}`, bodyText, contentType };
  });

const badPathValues = (foreignIds: string[]) =>
  fc.oneof(
    fc.constantFrom('%00', 'a%00b', '%ED%A0%80', '%', '%zz', '%E0%A4%A', '%C0%AF', '..%2F..%2Fetc%2Fpasswd', '%2e%2e', '%FF%FE'),
    fc.integer({ min: 101, max: 10_000 }).map((length) => 'a'.repeat(length)),
    fc.string({ maxLength: 30 }).map(encodeURIComponent),
    ...(foreignIds.length ? [fc.constantFrom(...foreignIds)] : []),
  );

function authDefects(targets: FuzzTargets, signedIn: boolean): fc.Arbitrary<Draft> {
  const tokens = signedIn ? [...targets.badTokens, targets.expiredToken] : targets.badTokens;
  const token = fc.oneof(fc.constantFrom(...tokens), fc.string({ maxLength: 60 }), fc.base64String({ maxLength: 120 }));
  return fc
    .oneof(
      fc.tuple(fc.constantFrom('FitStream', 'Bearer', 'bearer', 'FITSTREAM'), token).map(([scheme, value]) => `${scheme} ${value}`),
      fc.constantFrom('', 'FitStream', 'Bearer ', 'Basic dXNlcjpwYXNz', 'FitStream  a b', `Token ${targets.validToken}`, `${targets.validToken}`, `Bearer ${targets.validToken}x`),
    )
    .map((authorization): Draft => ({ defect: 'forged or malformed token', headers: { authorization } }));
}

/** A refresh cookie no session was ever given: random, malformed, percent-encoded NUL, huge. */
const forgedRefreshCookie = fc
  .oneof(fc.string({ minLength: 1, maxLength: 60 }).map(encodeURIComponent), fc.base64String({ minLength: 4, maxLength: 64 }), fc.constantFrom('%00', '%ZZ', '%E0%A4%A', '"', 'a'.repeat(4000)))
  .map((value): Draft => ({ defect: 'forged refresh cookie', headers: { cookie: `fs_refresh=${value}` } }));

const junkQuery = fc.option(fc.constantFrom('?a=%zz', '?__proto__[polluted]=1', '?constructor[prototype][x]=1', '?session_id=%00', `?q=${'%41'.repeat(500)}`, '?=&&=', '?a=1&a=2&a[]=3'), { nil: '' });

function fillPath(operation: FuzzOperation, values: Record<string, string>): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => values[name] ?? 'none');
}

/** Bad requests for one operation. */
export function badRequestsFor(operation: FuzzOperation, targets: FuzzTargets): fc.Arbitrary<BadRequest> {
  const drafts: Array<fc.Arbitrary<Draft>> = [crossSite];
  const mutatesBody = operation.method !== 'GET';
  if (mutatesBody) drafts.push(invalidJson, wrongContentType, tooLarge);
  if (operation.body?.kind === 'json' || operation.body?.kind === 'form') drafts.push(bodyDefects(operation.body.schema, targets, operation.body.kind));
  if (operation.body?.kind === 'multipart') drafts.push(badMultipart);
  if (operation.signedIn || operation.path === '/api/v1/auth/logout') drafts.push(authDefects(targets, operation.signedIn));
  if (operation.path === '/api/v1/refresh' || operation.path === '/api/v1/auth/logout') drafts.push(forgedRefreshCookie);
  if (operation.pathParams.length > 0) {
    drafts.push(
      fc
        .record(Object.fromEntries(operation.pathParams.map((name) => [name, badPathValues(targets.foreignIds)])))
        .map((pathValues): Draft => ({ defect: 'bad path parameter', pathValues: pathValues as Record<string, string> })),
    );
  }
  // Half of the requests to an operation that connects to a URL from its body carry such a URL.
  const refusedUrls = operation.body?.kind === 'json' ? refusedUrlDefect(operation.body.schema, targets) : null;
  const draftArbitrary = refusedUrls ? fc.oneof(fc.oneof(...drafts), refusedUrls) : fc.oneof(...drafts);
  const fittingBody =
    operation.body?.kind === 'json' || operation.body?.kind === 'form' ? fittingPairs(operation.body.schema, targets) : fc.constant<Array<[string, unknown]>>([]);
  const pathValues = fc.record(Object.fromEntries(operation.pathParams.map((name) => [name, fc.oneof(fc.string({ minLength: 1, maxLength: 20 }).map(encodeURIComponent), ...(targets.foreignIds.length ? [fc.constantFrom(...targets.foreignIds)] : []))])));
  return fc
    .tuple(draftArbitrary, fittingBody, pathValues, junkQuery, fc.boolean(), fc.option(fc.string({ maxLength: 8000 }), { nil: undefined }))
    .map(([draft, pairs, fittingPath, query, useValidToken, longHeader]): BadRequest => {
      const headers: Record<string, string> = {};
      // The valid token only ever travels with a defect that stops the request first.
      if (operation.signedIn && useValidToken && draft.defect !== 'forged or malformed token') {
        headers.authorization = `FitStream ${targets.validToken}`;
      }
      if (longHeader !== undefined) headers['x-fuzz'] = longHeader.replace(/[^\x20-\x7e]/g, 'x');
      Object.assign(headers, draft.headers);
      let body: string | undefined;
      if (draft.bodyText !== undefined) body = draft.bodyText;
      else if (mutatesBody && operation.body?.kind === 'form') body = formText(draft.pairs ?? pairs);
      else if (mutatesBody && operation.body?.kind === 'json') body = objectText(draft.pairs ?? pairs);
      if (body !== undefined) {
        headers['content-type'] = draft.contentType ?? (operation.body?.kind === 'form' ? 'application/x-www-form-urlencoded' : 'application/json');
      }
      const values = { ...fittingPath, ...draft.pathValues } as Record<string, string>;
      return {
        operation: `${operation.method} ${operation.path}`,
        defect: draft.defect,
        method: operation.method,
        url: `${fillPath(operation, values)}${query}`,
        headers,
        ...(body === undefined ? {} : { body }),
        ...(draft.code ? { code: draft.code } : {}),
      };
    });
}

/** Raw bytes that are not a valid HTTP/1.1 request, for a real socket. */
export const malformedHttp = fc.oneof(
  fc.string({ minLength: 1, maxLength: 60 }).map((line) => `${line.replace(/\r|\n/g, '')}\r\n\r\n`),
  fc.constantFrom(
    'GET / HTTP/1.1\r\nHost: x\r\nbroken header\r\n\r\n',
    'GET / HTTP/9.9\r\nHost: x\r\n\r\n',
    'GET /\x00 HTTP/1.1\r\nHost: x\r\n\r\n',
    'POST /api/v1/auth/sign-in HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
    'POST /api/v1/auth/sign-in HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello',
    'POST /api/v1/auth/sign-in HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n',
    'GET / HTTP/1.1\r\nHost: x\r\nX-A: a\x7fb\r\n\r\n',
    'GET / HTTP/1.1\nHost: x\n\n\x00',
  ),
  fc.integer({ min: 17_000, max: 80_000 }).map((size) => `GET /api/v1/payments/price-range HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(size)}\r\n\r\n`),
  fc.integer({ min: 17_000, max: 80_000 }).map((size) => `GET /${'a'.repeat(size)} HTTP/1.1\r\nHost: x\r\n\r\n`),
);
