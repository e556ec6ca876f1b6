// The classes module's door: who may watch a class, and when that changes.
// Other modules import this module only from here (eslint.config.js); re-exports only, no
// side effects, and never a plugin (server/app.ts).
export { hasClassAccess, nextSubscriptionChange } from './access';
