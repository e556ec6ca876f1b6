// Where the browser keeps what the app persists (src/lib/persistence.ts), in a module of its own
// so the entry can write the language choice before the app is up (src/lib/early-controls.ts)
// without importing the rest of the persistence code.
export const STORAGE_KEYS = { session: 'fitstream.session', language: 'fitstream.language', deviceId: 'device_id', cardBeforePortal: 'fitstream.cardBeforePortal', seenVersion: 'fitstream.seenVersion', dataSaver: 'fitstream.dataSaver', downloadsOwner: 'fitstream.downloadsOwner', playerPreferences: 'fitstream.playerPreferences', heartRate: 'fitstream.heartRate' } as const;

/** The profile last chosen on this device for an account (its id), chosen again on arrival when it has no PIN. */
export const chosenProfileKey = (account: string) => `fitstream.profile.${account}`;

/** The cookie the server reads to pick a pre-rendered page's language (scripts/prerender.ts). */
export const LANGUAGE_COOKIE = 'fitstream_language';

/** The cookie that mirrors a language choice, as `document.cookie` takes it. */
export const languageCookie = (language: string) => `${LANGUAGE_COOKIE}=${encodeURIComponent(language)}; path=/; max-age=31536000; samesite=lax`;
