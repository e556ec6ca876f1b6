// The profile settings machine's actors and actions in the app: a profile's own settings'
// (src/features/profile-settings, as /account runs them), the language saved spoken at once.
import { implement } from '@lib/flow';
import type { ProfileSettingsMachine } from '@machines/profile-settings.machine';
import { profileSettingsActions, profileSettingsActors } from '@features/profile-settings';

export default implement<ProfileSettingsMachine>(({ api, language }) => ({
  actors: profileSettingsActors(api),
  actions: profileSettingsActions(language),
}));
