// External layer: security headers. The Content-Security-Policy is what the built Vite app
// needs, nothing more; the sandbox provider's pages send their own, stricter one.
//
// The headers are helmet's, computed ONCE at start (`securityHeaderSet`; an API answer gets the
// shorter `apiHeaderSet`) and set per request in one call: @fastify/helmet built a new helmet
// middleware and re-serialised the policy on every response. Every answer Fastify makes gets
// them, without asking which route it is (a route's options cost an object per request,
// decision 080); a route that sends its own set (the static routes' precomputed ones, a page's
// stricter policy) overwrites them. The app's files are answered before Fastify, with the same
// headers in their precomputed sets (server/modules/static/routes.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** Header name (lower case) → value. */
export type HeaderSet = Readonly<Record<string, string>>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The security headers every response carries (unless a route replaces one, e.g. its CSP). */
    securityHeaders: HeaderSet;
  }
}

export function helmetOptions(secure: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The player: hls.js feeds the <video> through Media Source Extensions, whose source is
        // a blob: URL; native HLS plays same-origin URLs. hls.js runs without its worker, so
        // workers are only the app's own service worker (/sw.js), never blob: (docs/decisions/004).
        // hls.js gives each captions <track> it adds the source `data:,WEBVTT` (an empty track,
        // so browsers keep its cues), hence data: too.
        mediaSrc: ["'self'", 'blob:', 'data:'],
        // The installable app: its service worker and web app manifest (docs/decisions/039).
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        // The sandbox card form posts to this server, which redirects back into the app.
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Over plain http (local development) HSTS would only confuse the browser.
    strictTransportSecurity: secure ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * What an API answer carries (everything under `/api/`: JSON, the calendar feed, an invoice's PDF
 * sent as an attachment), after OWASP's REST Security Cheat Sheet: never a document the browser
 * runs, so a policy that allows nothing and no framing, no sniffing, no cross-origin reads, and
 * HSTS where the app's set has it. The document-only headers of the app's set (its page policy,
 * COOP, Origin-Agent-Cluster, Referrer-Policy, helmet's legacy X-DNS-Prefetch-Control,
 * X-Download-Options, X-Permitted-Cross-Domain-Policies, X-XSS-Protection) are left out: each
 * line is written and parsed on every call (docs/decisions/004).
 *
 * And `Cache-Control: no-store` (issue 37): most answers are one account's, and none is worth
 * keeping in a browser's or a proxy's cache, errors included. Set here, before the route runs, it
 * is the default every answer gets, with no hook per request; a route that means otherwise sets its
 * own, which replaces it (the calendar feed's `private, no-cache`).
 */
export function apiHeaderSet(documentHeaders: HeaderSet): HeaderSet {
  const hsts = documentHeaders['strict-transport-security'];
  return Object.freeze({
    'content-security-policy': "default-src 'none';frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cache-control': 'no-store',
    ...(hsts ? { 'strict-transport-security': hsts } : {}),
  });
}

/** What helmet would set on a response with these options, captured once. */
export function securityHeaderSet(options: HelmetOptions): HeaderSet {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
    getHeader(name: string) {
      return headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return Object.freeze(headers);
}

export default fp(
  async (app) => {
    const secure = app.config.secureCookies;
    const headers = securityHeaderSet(helmetOptions(secure));
    const apiHeaders = apiHeaderSet(headers);
    app.decorate('securityHeaders', headers);
    // An https deployment with an http PUBLIC_URL sends cookies without Secure and no HSTS: say so, once.
    let warned = secure;
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(request.url.startsWith('/api/') ? apiHeaders : headers);
      if (!warned && request.protocol === 'https') {
        app.log.warn(
          `A request arrived over https, but PUBLIC_URL is ${app.config.publicUrl}: cookies are sent without Secure and HSTS is off. ` +
            'Set PUBLIC_URL to the https address users reach.',
        );
        warned = true;
      }
      done();
    });
  },
  { name: 'security-headers', dependencies: ['config-and-database'] },
);
