// External layer: security headers. The Content-Security-Policy is what the built Vite app
// needs, nothing more; the sandbox provider's pages send their own, stricter one.
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

export default fp(
  async (app) => {
    const secure = app.config.secureCookies;
    await app.register(helmet, {
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
          // a blob: URL; native HLS plays same-origin URLs. hls.js runs without its worker, so no
          // worker-src is needed (docs/decisions/004).
          mediaSrc: ["'self'", 'blob:'],
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
    });
    if (!secure) {
      // An https deployment with an http PUBLIC_URL sends cookies without Secure and no HSTS: say so, once.
      let warned = false;
      app.addHook('onRequest', async (request) => {
        if (warned || request.protocol !== 'https') return;
        app.log.warn(
          `A request arrived over https, but PUBLIC_URL is ${app.config.publicUrl}: cookies are sent without Secure and HSTS is off. ` +
            'Set PUBLIC_URL to the https address users reach.',
        );
        warned = true;
      });
    }
  },
  { name: 'security-headers', dependencies: ['config-and-database'] },
);
