// The notifications module's door: an erased account's notifications.
// Other modules import this module only from here (eslint.config.js); re-exports only, no
// side effects, and never a plugin (server/app.ts).
export { eraseNotifications } from './digest';
