// The media module's door: media rows and folders, posters, the ladder, signed grants and playlists.
// Other modules import this module only from here (eslint.config.js); re-exports only, no
// side effects, and never a plugin (server/app.ts).
export { classPosterPath } from './class-posters';
export { renditionHeight } from './ladder';
export { firstFramePlaylists, firstRendition, masterPlaylist, masterPlaylistUrl, renditionPlaylistFile } from './playlists';
export { samplesReadyInSeconds } from './sample-catalogue';
export { grantCookieName, grantCookiePath, mediaUrl, signFileUrl, signMediaGrant, verifyMediaGrant } from './signing';
export { findMedia, mediaFolder, type MediaRow } from './store';
