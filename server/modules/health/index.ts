// The health module's door: the graceful shutdown server/main.ts runs on SIGTERM and SIGINT.
// Other modules import this module only from here (eslint.config.js); re-exports only, no
// side effects, and never a plugin (server/app.ts).
export { gracefulShutdown, DRAIN_LIMIT_MS } from './shutdown';
