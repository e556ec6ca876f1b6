// The auth module's door: accounts' passwords and tokens, sessions and the device asking, sign-in.
// Other modules import this module only from here (eslint.config.js); re-exports only, no
// side effects, and never a plugin (server/app.ts).
export type { Account } from './accounts';
export { describeDevice } from './devices';
export { hashPassword, verifyPassword } from './password';
export { profileView, type ProfileRow, type ProfileView } from './profile-records';
export type { RateLimiters } from './rate-limits';
export { deviceIdentity, listOpenSessions, revokeProfileSessions, revokeSession, revokeSessions, sessionsEndedByTransaction } from './sessions';
export { accessGranted, clearRefreshCookie, signIn } from './sign-in';
export { hashToken, newOpaqueToken } from './tokens';
