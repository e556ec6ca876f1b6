// The sign-up machine's actors in the app: the sign-up call with this device's id, and the
// session told of the new user.
import { fromCall } from '@lib/call-actor';
import { implement } from '@lib/flow';
import type { SignUpMachine } from '@machines/sign-up.machine';

export default implement<SignUpMachine>(({ api, deviceId, tellSession }) => ({
  actors: { signUp: fromCall((input, signal) => api.signUp({ ...input, deviceId }, signal)) },
  actions: { tellSession },
}));
