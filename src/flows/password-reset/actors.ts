// The password reset machine's actors in the app (both of its pages run the same machine):
// the link by email, the new password with this device's id, and the session told of the user.
import { fromCall } from '@lib/call-actor';
import { implement } from '@lib/flow';
import type { PasswordResetMachine } from '@machines/password-reset.machine';

export default implement<PasswordResetMachine>(({ api, deviceId, tellSession }) => ({
  actors: {
    requestLink: fromCall((input, signal) => api.forgotPassword(input, signal)),
    resetPassword: fromCall((input, signal) => api.resetPassword({ ...input, deviceId }, signal)),
  },
  actions: { tellSession },
}));
