// The profile picker's actors in the app: the household's profiles (with the one this device
// chose last for the account, or the only one), choosing one; the session told of the choice, and the choice
// remembered on this device.
import { map } from '@api/calls';
import { fromCall } from '@lib/call-actor';
import { implement } from '@lib/flow';
import type { ChooseProfileData, ChooseProfileInput, LoadProfilesData, ProfilePickerMachine } from '@machines/profile-picker.machine';

export default implement<ProfilePickerMachine>(({ api, account, persistence, session }) => ({
  actors: {
    loadProfiles: fromCall<LoadProfilesData, unknown>((_, signal) =>
      map(api.listProfiles(signal), ({ profiles }) => {
        const owner = account();
        // An account with one profile goes straight in (a session kept before profiles, too).
        const only = profiles.length === 1 ? profiles[0]!.id : null;
        return { profiles, remembered: (owner ? persistence.readChosenProfile(owner) : null) ?? only };
      }),
    ),
    chooseProfile: fromCall<ChooseProfileData, ChooseProfileInput>(api.chooseProfile),
  },
  actions: {
    tellSession: (_, choice) => session.send({ type: 'session.profileChosen', ...choice }),
    rememberChoice: (_, profileId) => {
      const owner = account();
      if (owner && profileId) persistence.writeChosenProfile(owner, profileId);
    },
  },
}));
