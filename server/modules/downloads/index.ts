// The downloads module's door: a plan change settles the account's downloads.
// Other modules import this module only from here (eslint.config.js); re-exports only, no
// side effects, and never a plugin (server/app.ts).
export { settleDownloads } from './rules';
