// The programmes module's door: an erased account's programmes.
// Other modules import this module only from here (eslint.config.js); re-exports only, no
// side effects, and never a plugin (server/app.ts).
export { eraseProgrammes } from './erasure';
