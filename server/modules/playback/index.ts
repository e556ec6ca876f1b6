// The playback module's door: who may play a class (access), and media still being prepared.
// Other modules import this module only from here (eslint.config.js); re-exports only, no
// side effects, and never a plugin (server/app.ts).
export { accessOf, accessOrder, findPlayableClassMedia, type AccessRow, type PlaybackPlan, type RefusalReason } from './access';
export { mediaPreparing } from './preparing';
