// The activity module's door: a completed class recorded (playback calls it).
// Other modules import this module only from here (eslint.config.js); re-exports only, no
// side effects, and never a plugin (server/app.ts).
export { recordCompletion } from './completions';
