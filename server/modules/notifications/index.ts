// The notifications module's door: an erased profile's digest choice, an erased account's push subscriptions.
// Other modules import this module only from here (eslint.config.js); re-exports only, no
// side effects, and never a plugin (server/app.ts).
export { eraseNotifications, erasePushSubscriptions } from './digest';
