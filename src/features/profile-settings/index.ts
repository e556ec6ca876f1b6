// A profile's own settings, which /account (the owner) and /settings (another profile) both show:
// language, new-class notifications and Web Push, schedule and calendar, this device's data saver.
export { DataSaverSetting } from './data-saver-setting';
export { LanguageSection } from './language-section';
export { NotificationsSection } from './notifications-section';
export { profileSettingsActions, profileSettingsActors } from './profile-settings-actors';
export { ScheduleSettings } from './schedule-settings';
