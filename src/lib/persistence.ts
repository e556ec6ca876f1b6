// What the browser keeps between visits: the session user (localStorage when "remember me"
// was checked, so it survives closing the browser; sessionStorage otherwise), the language,
// the device id, and (this tab only) the card the user had when leaving for the payment-method
// portal, so /billing can tell them when they come back with another one, and the newest
// release this device has recorded (What's new shows once per version), and this device's data
// saver setting, and which account this browser's downloads belong to (a hint: the truth is in
// their IndexedDB database, src/features/downloads/ownership.ts), and the account's player
// preferences (captions), so a reload or offline play starts with them and a change made offline
// reaches the account later, and per account the profile last chosen on this device ("Who's
// training?" chooses it again on arrival), and per profile its heart-rate settings and the
// monitor it paired here (the player finds it again offline). Nothing else is persisted.
import { deviceIdFromUuid, isDeviceId } from '@domain/device-id';
import { DEFAULT_DATA_SAVER, isDataSaverPreference, type DataSaverPreference } from '@domain/data-saver';
import type { PersistedSession, Profile } from '@domain/session-user';

import { chosenProfileKey, languageCookie, STORAGE_KEYS } from './storage-keys';

export { STORAGE_KEYS };

/** Storage that forgets when dropped: a first visit (pages pre-rendered at build time, tests). */
export function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

/** The player preferences kept on this device; `pending` while the account has not taken them yet. */
export interface StoredPlayerPreferences {
  captions: 'en' | 'es' | null;
  pending: boolean;
}

/** A profile's heart-rate settings as this device last heard them, and the monitor paired here. */
export interface StoredHeartRate {
  recording: boolean;
  maxHeartRate: number | null;
  /** The monitor chosen on this device (its Web Bluetooth id and name; the browser forgets names after a reload). */
  device: { id: string; name: string } | null;
}

export interface Storages {
  local: Storage;
  session: Storage;
  /** The document's cookies: the language is mirrored there for the server's pre-rendered pages. */
  cookies?: { cookie: string };
}

function isPersistedSession(value: unknown): value is PersistedSession {
  const user = (value as { user?: { email?: unknown; token?: unknown } } | null)?.user;
  return typeof user?.email === 'string' && typeof user.token === 'string';
}

/** The persisted profile when it has the contract's shape; null otherwise (a session kept before profiles). */
function profileOf(value: unknown): Profile | null {
  const p = value as Partial<Profile> | null | undefined;
  if (typeof p?.id !== 'string' || typeof p.name !== 'string' || (p.language !== 'en' && p.language !== 'es')) return null;
  return { id: p.id, name: p.name, image: typeof p.image === 'string' ? p.image : null, language: p.language, owner: p.owner === true, locked: p.locked === true };
}

function read(storage: Storage, key: string): unknown {
  try {
    const raw = storage.getItem(key);
    return raw === null ? null : JSON.parse(raw);
  } catch {
    return null;
  }
}

function write(storage: Storage, key: string, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or a full quota: the session simply will not survive a reload.
  }
}

export function createPersistence({ local, session, cookies }: Storages, randomUUID: () => string = () => crypto.randomUUID()) {
  return {
    readSession(): PersistedSession | null {
      for (const storage of [local, session]) {
        const value = read(storage, STORAGE_KEYS.session);
        if (isPersistedSession(value)) {
          return { user: { email: value.user.email, token: value.user.token, profile: profileOf(value.user.profile) }, remember: storage === local };
        }
      }
      return null;
    },
    writeSession(value: PersistedSession): void {
      const [keep, drop] = value.remember ? [local, session] : [session, local];
      write(keep, STORAGE_KEYS.session, { user: value.user });
      drop.removeItem(STORAGE_KEYS.session);
    },
    purgeSession(): void {
      local.removeItem(STORAGE_KEYS.session);
      session.removeItem(STORAGE_KEYS.session);
      // Health data stays with the person: signed out, this browser keeps none of it.
      local.removeItem(STORAGE_KEYS.heartRate);
    },
    readLanguage(): string | null {
      const value = read(local, STORAGE_KEYS.language);
      return typeof value === 'string' ? value : null;
    },
    writeLanguage(language: string): void {
      write(local, STORAGE_KEYS.language, language);
      if (cookies) cookies.cookie = languageCookie(language);
    },
    /** The card key (domain/subscriptions `cardKey`) kept across a visit to the payment-method portal. */
    readCardBeforePortal(): string | null {
      const value = read(session, STORAGE_KEYS.cardBeforePortal);
      return typeof value === 'string' ? value : null;
    },
    writeCardBeforePortal(card: string | null): void {
      if (card) write(session, STORAGE_KEYS.cardBeforePortal, card);
      else session.removeItem(STORAGE_KEYS.cardBeforePortal);
    },
    /** The release version this device last recorded (domain/changelog.ts), or null on its first visit. */
    readSeenVersion(): string | null {
      const value = read(local, STORAGE_KEYS.seenVersion);
      return typeof value === 'string' ? value : null;
    },
    writeSeenVersion(version: string): void {
      write(local, STORAGE_KEYS.seenVersion, version);
    },
    /** This device's data saver setting ('auto' until one is chosen here). */
    readDataSaver(): DataSaverPreference {
      const value = read(local, STORAGE_KEYS.dataSaver);
      return isDataSaverPreference(value) ? value : DEFAULT_DATA_SAVER;
    },
    writeDataSaver(preference: DataSaverPreference): void {
      write(local, STORAGE_KEYS.dataSaver, preference);
    },
    /**
     * The account whose downloads this browser holds, as last written: lets a start or a sign-in
     * skip opening IndexedDB when nothing changed (src/features/downloads/ownership.ts).
     */
    readDownloadsOwner(): string | null {
      const value = read(local, STORAGE_KEYS.downloadsOwner);
      return typeof value === 'string' ? value : null;
    },
    writeDownloadsOwner(account: string | null): void {
      if (account) write(local, STORAGE_KEYS.downloadsOwner, account);
      else local.removeItem(STORAGE_KEYS.downloadsOwner);
    },
    /** The player preferences this device holds for `account` (another account's are not read), or null. */
    readPlayerPreferences(account: string): StoredPlayerPreferences | null {
      const value = read(local, STORAGE_KEYS.playerPreferences) as Partial<StoredPlayerPreferences & { account: string }> | null;
      if (value?.account !== account || !(value.captions === null || value.captions === 'en' || value.captions === 'es')) return null;
      return { captions: value.captions, pending: value.pending === true };
    },
    writePlayerPreferences(account: string, preferences: StoredPlayerPreferences): void {
      write(local, STORAGE_KEYS.playerPreferences, { account, ...preferences });
    },
    readHeartRate(profile: string): StoredHeartRate | null {
      const value = read(local, STORAGE_KEYS.heartRate) as Partial<StoredHeartRate & { profile: string }> | null;
      if (value?.profile !== profile || typeof value.recording !== 'boolean') return null;
      const device = value.device && typeof value.device.id === 'string' ? { id: value.device.id, name: String(value.device.name ?? '') } : null;
      return { recording: value.recording, maxHeartRate: typeof value.maxHeartRate === 'number' ? value.maxHeartRate : null, device };
    },
    writeHeartRate(profile: string, heartRate: StoredHeartRate): void {
      write(local, STORAGE_KEYS.heartRate, { profile, ...heartRate });
    },
    /** The profile last chosen on this device for `account`, or null. */
    readChosenProfile(account: string): string | null {
      const value = read(local, chosenProfileKey(account));
      return typeof value === 'string' ? value : null;
    },
    writeChosenProfile(account: string, profileId: string): void {
      write(local, chosenProfileKey(account), profileId);
    },
    /** The device id, created once from a random UUID and reused (kept as a plain string). */
    deviceId(): string {
      let stored: string | null = null;
      try {
        stored = local.getItem(STORAGE_KEYS.deviceId);
      } catch {
        stored = null;
      }
      if (isDeviceId(stored)) return stored;
      const created = deviceIdFromUuid(randomUUID());
      try {
        local.setItem(STORAGE_KEYS.deviceId, created);
      } catch {
        // Not stored: a new id next visit, which only means a new server-side session.
      }
      return created;
    },
  };
}

export type Persistence = ReturnType<typeof createPersistence>;
