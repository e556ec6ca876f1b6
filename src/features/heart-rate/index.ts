// Heart rate and effort (issue 43): the player's Bluetooth monitor, and the profile's heart-rate
// settings section that /account and /settings both show.
export { heartRateActors } from './player-heart-rate';
export { HeartRateSettingsSection } from './heart-rate-settings';
