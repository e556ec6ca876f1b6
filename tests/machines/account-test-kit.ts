// The account machine (/account) with every call controlled by the test and the app's actions recorded.
import { createActor, SimulatedClock, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import {
  accountMachine,
  type AccountView,
  type ChangeEmailInput,
  type ChangeEmailOutput,
  type ChangePasswordInput,
  type ChangePasswordOutput,
  type DeleteAccountInput,
  type DeleteAccountOutput,
  type ExportDataOutput,
  type LoadAccountOutput,
  type SaveLanguageInput,
  type SaveLanguageOutput,
  type SavedFile,
  type SignOutDeviceInput,
  type SignOutDeviceOutput,
  type SignOutOthersOutput,
  type NotificationChoice,
  type NotificationsView,
} from '@machines/account.machine';
import type { FeedLink, ScheduleSettings } from '@machines/account-schedule.machine';
import type {
  AddProfileInput,
  DeleteProfileInput,
  DeleteProfileOutput,
  LoadProfilesOutput,
  ProfileImageFile,
  ProfileImageOutput,
  ProfileOutput,
  SetProfilePinInput,
  UpdateProfileInput,
} from '@machines/account-profiles.machine';
import type { Outcome } from '@domain/request-outcome';
import { provideTree } from '@machines/provide-tree';
import { ok } from '@domain/request-outcome';
import { controlledActor, settle } from './controlled-actor';

export const thisDevice = { id: 'a0000000-0000-4000-8000-000000000001', deviceName: 'Chrome on macOS', profileName: 'Ana', signedInAt: '2026-11-01T10:00:00.000Z', lastSeenAt: '2026-11-22T10:00:00.000Z', current: true };
export const phone = { id: 'a0000000-0000-4000-8000-000000000002', deviceName: 'Safari on iPhone', profileName: 'Leo', signedInAt: '2026-11-02T10:00:00.000Z', lastSeenAt: '2026-11-21T10:00:00.000Z', current: false };
export const tablet = { ...phone, id: 'a0000000-0000-4000-8000-000000000003', deviceName: 'Chrome on Android' };
export const accountView: AccountView = {
  account: { email: 'ana@example.com', name: 'Ana', image: null, language: 'en', createdAt: '2026-10-01T00:00:00.000Z' },
  devices: [thisDevice, phone, tablet],
};

/**
 * The calls of the sections /account and /settings share (machines/profile-tasks.ts: language,
 * new-class notifications with Web Push, schedule), each controlled.
 */
export function profileTaskCalls() {
  return {
    language: controlledActor<SaveLanguageOutput, SaveLanguageInput>(),
    loadNotifications: controlledActor<Outcome<NotificationsView>>(),
    saveNotifications: controlledActor<Outcome<NotificationsView>, NotificationChoice>(),
    askPushPermission: controlledActor<Outcome<{ granted: boolean }>>(),
    enablePush: controlledActor<Outcome<{ subscribed: boolean }>, { publicKey: string }>(),
    disablePush: controlledActor<Outcome<{ subscribed: boolean }>>(),
    loadSchedule: controlledActor<Outcome<ScheduleSettings>>(),
    saveZone: controlledActor<Outcome<{ timeZone: string }>, { timeZone: string }>(),
    setReminders: controlledActor<Outcome<{ reminders: boolean }>, { enabled: boolean }>(),
    resetFeedLink: controlledActor<Outcome<FeedLink>>(),
  };
}

/** Those calls as the machines' actors. */
export function profileTaskActors(calls: ReturnType<typeof profileTaskCalls>) {
  return {
    saveLanguage: calls.language.logic,
    loadNotifications: calls.loadNotifications.logic,
    saveNotifications: calls.saveNotifications.logic,
    askPushPermission: calls.askPushPermission.logic,
    enablePush: calls.enablePush.logic,
    disablePush: calls.disablePush.logic,
    loadScheduleSettings: calls.loadSchedule.logic,
    saveAccountZone: calls.saveZone.logic,
    setReminders: calls.setReminders.logic,
    resetFeedLink: calls.resetFeedLink.logic,
  };
}

export function accountPage() {
  const calls = {
    load: controlledActor<LoadAccountOutput>(),
    email: controlledActor<ChangeEmailOutput, ChangeEmailInput>(),
    password: controlledActor<ChangePasswordOutput, ChangePasswordInput>(),
    device: controlledActor<SignOutDeviceOutput, SignOutDeviceInput>(),
    others: controlledActor<SignOutOthersOutput>(),
    exportData: controlledActor<ExportDataOutput>(),
    remove: controlledActor<DeleteAccountOutput, DeleteAccountInput>(),
    ...profileTaskCalls(),
    loadProfiles: controlledActor<LoadProfilesOutput>(),
    uploadImage: controlledActor<ProfileImageOutput, ProfileImageFile>(),
    addProfile: controlledActor<ProfileOutput, AddProfileInput>(),
    updateProfile: controlledActor<ProfileOutput, UpdateProfileInput>(),
    setProfilePin: controlledActor<ProfileOutput, SetProfilePinInput>(),
    deleteProfile: controlledActor<DeleteProfileOutput, DeleteProfileInput>(),
  };
  const adopted: string[] = [];
  const copied: string[] = [];
  const files: SavedFile[] = [];
  let signOuts = 0;
  const clock = new SimulatedClock();
  const actor = createActor(
    provideTree(accountMachine, {
      actors: {
        loadAccount: calls.load.logic,
        changeEmail: calls.email.logic,
        changePassword: calls.password.logic,
        signOutDevice: calls.device.logic,
        signOutOthers: calls.others.logic,
        exportData: calls.exportData.logic,
        deleteAccount: calls.remove.logic,
        ...profileTaskActors(calls),
        loadProfiles: calls.loadProfiles.logic,
        uploadImage: calls.uploadImage.logic,
        addProfile: calls.addProfile.logic,
        updateProfile: calls.updateProfile.logic,
        setProfilePin: calls.setProfilePin.logic,
        deleteProfile: calls.deleteProfile.logic,
      },
      actions: {
        adoptLanguage: (_, language) => void adopted.push(language),
        saveFile: (_, file) => void files.push(file),
        signOut: () => void (signOuts += 1),
        copyText: (_, text) => void copied.push(text),
      },
    }),
    { clock },
  ).start();
  return { actor, calls, clock, adopted, files, copied, signOuts: () => signOuts };
}

type Tasks = SnapshotFrom<typeof accountMachine>['children'];

/** The snapshot of one of the page's tasks (its child machines, running once the account is loaded). */
export function task<TId extends keyof Tasks>(actor: ActorRefFrom<typeof accountMachine>, id: TId): SnapshotFrom<NonNullable<Tasks[TId]>> {
  const child = actor.getSnapshot().children[id];
  if (!child) throw new Error(`the account page runs no task "${String(id)}" now`);
  return child.getSnapshot() as SnapshotFrom<NonNullable<Tasks[TId]>>;
}

/** The browser grants notifications (asked after 'push.enable'): the subscription starts. */
export async function grantPush(page: Pick<ReturnType<typeof accountPage>, 'calls'>) {
  page.calls.askPushPermission.last.resolve(ok({ granted: true }));
  await settle();
}

export async function loadedAccountPage(view: AccountView = accountView) {
  const page = accountPage();
  page.calls.load.last.resolve(ok(view));
  await settle();
  return page;
}
