// The account machine's actors and actions in the app: its calls, the interface language
// following the account's, the data export saved as a file, and signing out. (The profiles'
// picture upload is the profile flow's call, reached through the app's API.)
import { fromCall } from '@lib/call-actor';
import { implement } from '@lib/flow';
import type { AccountMachine } from '@machines/account.machine';
import { profileSettingsActions, profileSettingsActors } from '@features/profile-settings';
import { saveTextFile } from './save-file';

export default implement<AccountMachine>(({ api, language, session }) => ({
  actors: {
    loadAccount: fromCall((_, signal) => api.account(signal)),
    changeEmail: fromCall(api.changeEmail),
    changePassword: fromCall(api.changePassword),
    signOutDevice: fromCall(api.signOutDevice),
    signOutOthers: fromCall((_, signal) => api.signOutOtherDevices(signal)),
    exportData: fromCall((_, signal) => api.exportAccount(signal)),
    deleteAccount: fromCall(api.deleteAccount),
    ...profileSettingsActors(api),
    loadProfiles: fromCall((_, signal) => api.listProfiles(signal)),
    // The picture goes up first, as on /details; the profile then names it.
    uploadImage: fromCall(api.uploadImage),
    addProfile: fromCall(api.addProfile),
    // Editing the profile this device is on: the session (the navbar's name and picture, what a
    // reload restores) takes it, and its language is spoken at once, as when it was chosen.
    updateProfile: fromCall(async (input: Parameters<typeof api.updateProfile>[0], signal) => {
      const outcome = await api.updateProfile(input, signal);
      const user = session.getSnapshot().context.user;
      if (outcome.kind === 'ok' && user && user.profile?.id === outcome.data.profile.id) {
        session.send({ type: 'session.profileChosen', token: user.token, profile: outcome.data.profile, language: outcome.data.profile.language });
      }
      return outcome;
    }),
    setProfilePin: fromCall(api.setProfilePin),
    deleteProfile: fromCall(api.deleteProfile),
  },
  actions: {
    ...profileSettingsActions(language),
    saveFile: (_, file) => saveTextFile(file),
    // The account is gone: nothing to ask (its downloads go with the session).
    signOut: () => session.send({ type: 'session.signOut.confirm' }),
  },
}));
