// The uploads module's door: an uploaded image by id.
// Other modules import this module only from here (eslint.config.js); re-exports only, no
// side effects, and never a plugin (server/app.ts).
export { findUpload } from './store';
