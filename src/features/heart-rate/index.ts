// Heart rate and effort (issue 43): a Bluetooth heart-rate monitor (the player's panel and live
// value, and /account's), and the profile's heart-rate settings section that /account and
// /settings both show.
export { heartRateActors } from './monitor-actors';
export { HeartRatePanel, LiveHeartRate } from './heart-rate-panel';
export { HeartRateSettingsSection } from './heart-rate-settings';
