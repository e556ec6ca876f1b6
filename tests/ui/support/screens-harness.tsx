// Renders the whole app (real router, guards, machines, intl) on a fake API and in-memory
// storage at a given path, in English or Spanish, for the screen tests.
import { StrictMode } from 'react';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import type { Api } from '@api/calls';
import { createAppActors } from '@app/actors';
import { App } from '@app/app';
import { createPersistence, STORAGE_KEYS } from '@lib/persistence';
import type { Profile } from '@domain/session-user';

export class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

const pending = () => new Promise<never>(() => {});

/** Every call pending unless a test says otherwise. */
export function fakeApi(overrides: Partial<Api> = {}): Api {
  const api: Api = {
    signIn: vi.fn(pending),
    signUp: vi.fn(pending),
    forgotPassword: vi.fn(pending),
    resetPassword: vi.fn(pending),
    refresh: vi.fn(pending),
    logout: vi.fn(async () => ({ kind: 'ok' as const, data: { isSuccess: true as const, message: 'Signed out.' } })),
    exchangeLinkToken: vi.fn(pending),
    saveDetails: vi.fn(pending),
    uploadImage: vi.fn(pending),
    listPlans: vi.fn(pending),
    subscribe: vi.fn(pending),
    checkPromotionCode: vi.fn(pending),
    applyPromotionCode: vi.fn(pending),
    confirmCheckout: vi.fn(pending),
    listBilling: vi.fn(pending),
    cancelSubscription: vi.fn(pending),
    reactivateSubscription: vi.fn(pending),
    pauseSubscription: vi.fn(pending),
    findCancelOffer: vi.fn(pending),
    acceptHalfOff: vi.fn(pending),
    resumeSubscription: vi.fn(pending),
    undoScheduledChange: vi.fn(pending),
    openPaymentPortal: vi.fn(pending),
    loadPlanChange: vi.fn(pending),
    previewPlanChange: vi.fn(pending),
    changePlan: vi.fn(pending),
    undoPlanChange: vi.fn(pending),
    paymentHistory: vi.fn(pending),
    downloadInvoice: vi.fn(pending),
    home: vi.fn(pending),
    priceRange: vi.fn(pending),
    listClasses: vi.fn(pending),
    getClass: vi.fn(pending),
    classesHome: vi.fn(pending),
    startPlayback: vi.fn(pending),
    playbackHeartbeat: vi.fn(pending),
    stopPlayback: vi.fn(pending),
    saveProgress: vi.fn(pending),
    playerPreferences: vi.fn(pending),
    savePlayerPreferences: vi.fn(pending),
    programmeUnderWay: vi.fn(pending),
    programmeStatus: vi.fn(pending),
    account: vi.fn(pending),
    changeEmail: vi.fn(pending),
    changePassword: vi.fn(pending),
    setAccountLanguage: vi.fn(pending),
    signOutDevice: vi.fn(pending),
    signOutOtherDevices: vi.fn(pending),
    exportAccount: vi.fn(pending),
    deleteAccount: vi.fn(pending),
    addProfile: vi.fn(pending),
    updateProfile: vi.fn(pending),
    setProfilePin: vi.fn(pending),
    deleteProfile: vi.fn(pending),
    notifications: vi.fn(pending),
    saveNotifications: vi.fn(pending),
    subscribePush: vi.fn(pending),
    unsubscribePush: vi.fn(pending),
    listFavourites: vi.fn(pending),
    membership: vi.fn(pending),
    setFavourite: vi.fn(pending),
    getActivity: vi.fn(pending),
    activityHistory: vi.fn(pending),
    setWeeklyGoal: vi.fn(pending),
    clearWeeklyGoal: vi.fn(pending),
    scheduleSettings: vi.fn(pending),
    readSchedule: vi.fn(pending),
    setAccountTimeZone: vi.fn(pending),
    addScheduleItem: vi.fn(pending),
    moveScheduleItem: vi.fn(pending),
    removeScheduleItem: vi.fn(pending),
    setScheduleReminders: vi.fn(pending),
    resetScheduleFeedLink: vi.fn(pending),
    listProgrammes: vi.fn(pending),
    getProgramme: vi.fn(pending),
    startProgramme: vi.fn(pending),
    setProgrammeWeekdays: vi.fn(pending),
    pauseProgramme: vi.fn(pending),
    resumeProgramme: vi.fn(pending),
    leaveProgramme: vi.fn(pending),
    listDownloads: vi.fn(pending),
    createDownloadLicence: vi.fn(pending),
    downloadFiles: vi.fn(pending),
    deleteDownloadLicence: vi.fn(pending),
    removeDownloadDevice: vi.fn(pending),
    checkDownloads: vi.fn(pending),
    listProfiles: vi.fn(pending),
    chooseProfile: vi.fn(pending),
    heartRateSettings: vi.fn(pending),
    saveHeartRateSettings: vi.fn(pending),
    deleteHeartRateData: vi.fn(pending),
  };
  const chosen: Api = { ...api, ...overrides };
  // Like the real client: a call whose signal was aborted answers 'cancelled'.
  const honouringAbort = Object.fromEntries(
    (Object.entries(chosen) as [string, (...args: unknown[]) => Promise<unknown>][]).map(([name, call]) => [
      name,
      vi.fn(async (...args: unknown[]) => {
        const signal = args.find((arg): arg is AbortSignal => arg instanceof AbortSignal);
        const result = await call(...args);
        return signal?.aborted ? { kind: 'cancelled' } : result;
      }),
    ]),
  );
  return honouringAbort as unknown as Api;
}

export type Language = 'en' | 'es';

export interface RenderAppOptions {
  api?: Api;
  signedIn?: boolean;
  language?: Language;
  /** This tab's session storage, to come back to the app in the same tab (a fresh one otherwise). */
  sessionStorage?: MemoryStorage;
  /** This browser's local storage, to come back to the app on the same device (a fresh one otherwise). */
  localStorage?: MemoryStorage;
  /** Signed in, the profile chosen on this sign-in (the owner's, Ana, unless a test says otherwise; null: none yet). */
  profile?: Profile | null;
  /** Signed in, the access token (one naming no account unless a test gives one: `tokenFor`). */
  token?: string;
}

/** An access token naming `account` as the server's do (its `sub`); unsigned: the client only reads it. */
export const tokenFor = (account: string) => `header.${btoa(JSON.stringify({ sub: account })).replace(/=+$/, '')}.signature`;

/** The owner's profile of the signed-in account in these tests. */
export const OWNER_PROFILE: Profile = { id: 'profile-ana', name: 'Ana', image: null, language: 'en', owner: true, locked: false };

export function renderApp(path: string, { api = fakeApi(), signedIn = true, language = 'en', sessionStorage, localStorage, profile = OWNER_PROFILE, token = 'jwt-1' }: RenderAppOptions = {}) {
  window.history.replaceState(null, '', path);
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  const local = localStorage ?? new MemoryStorage();
  const session = sessionStorage ?? new MemoryStorage();
  if (signedIn) local.setItem(STORAGE_KEYS.session, JSON.stringify({ user: { email: 'ana@example.com', token, profile } }));
  local.setItem(STORAGE_KEYS.language, JSON.stringify(language));
  const leave = vi.fn();
  const actors = createAppActors({ api, persistence: createPersistence({ local, session }, () => '0f8fad5b-d9cb-469f-a165-70867728950e'), leave });
  actors.start();
  // StrictMode as in src/main.tsx: screens' actors are stopped and restarted once on mount.
  const view = render(
    <StrictMode>
      <App actors={actors} />
    </StrictMode>,
  );
  return { ...view, actors, api, leave, local, session };
}

export const currentPath = () => window.location.pathname + window.location.search;
