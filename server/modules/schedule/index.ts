// The schedule module's door: local days, the calendar feed link, an erased account's schedule.
// Other modules import this module only from here (eslint.config.js); re-exports only, no
// side effects, and never a plugin (server/app.ts).
export { FALLBACK_TIME_ZONE, nextLocalMidnight } from './days';
export { eraseSchedule } from './erasure';
export { revokeFeedLink } from './feed-link';
