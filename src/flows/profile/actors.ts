// The profile machine's actors in the app: upload the picture, save the details.
import { fromCall } from '@lib/call-actor';
import { implement } from '@lib/flow';
import type { ProfileMachine } from '@machines/profile.machine';

export default implement<ProfileMachine>(({ api }) => ({ actors: { uploadImage: fromCall(api.uploadImage), saveDetails: fromCall(api.saveDetails) } }));
