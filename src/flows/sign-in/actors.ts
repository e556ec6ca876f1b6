// The sign-in machine's actors in the app: the sign-in call with this device's id, and the
// session told of the signed-in user.
import { fromCall } from '@lib/call-actor';
import { implement } from '@lib/flow';
import type { SignInMachine } from '@machines/sign-in.machine';

export default implement<SignInMachine>(({ api, deviceId, tellSession }) => ({
  actors: { signIn: fromCall((input, signal) => api.signIn({ ...input, deviceId }, signal)) },
  actions: { tellSession },
}));
