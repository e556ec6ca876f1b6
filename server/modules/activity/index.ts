// The activity module's door: a completed class recorded and its effort attached (playback calls
// them), and a profile's heart-rate settings (the account's export reads them).
// Other modules import this module only from here (eslint.config.js); re-exports only, no
// side effects, and never a plugin (server/app.ts).
export { recordCompletion } from './completions';
export { attachEffort, checkEffort, type EffortReport } from './effort';
export { readHeartRateSettings } from './heart-rate-settings';
