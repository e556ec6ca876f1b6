// /account: the signed-in account's own page. It loads the account (and the app adopts its
// language), then runs one child machine per task: the email change, the password change, the
// language, signing devices out, the data download, new-class notifications, the schedule
// (those three a profile's own: machines/profile-tasks.ts, shared with /settings), the household's
// profiles and the deletion (the password, in a confirmation dialog; on success the session
// signs out and the app leaves). The page passes each event to its task, keeps the account and
// its devices up to date with what a task changed, and shows each task's success or failure for
// 3 s in that task's section. Tasks run side by side: one section's request (a browser that
// never answers included) never holds up the others; only the delete dialog, which covers the
// page, waits for its own request.
import { assertEvent, assign, sendTo, setup } from 'xstate';
import { accountNotices } from '@domain/account-notices';
import type { Schemas } from '@domain/contract';
import { errorNotice, serverFailureNotice, type Notice } from '@domain/notices';
import type { Outcome } from '@domain/request-outcome';
import { accountDeletionMachine, type AccountDeletionEvent } from './account-deletion.machine';
import { accountDevicesMachine, type AccountDevicesEvent } from './account-devices.machine';
import { accountEmailMachine, type AccountEmailEvent } from './account-email.machine';
import { accountExportMachine, type AccountExportEvent } from './account-export.machine';
import { accountPasswordMachine, type AccountPasswordEvent } from './account-password.machine';
import { accountProfilesMachine, type AccountProfilesEvent } from './account-profiles.machine';
import type { AccountChange, AccountLanguage, TaskReport } from './account-task';
import { profileTaskActions, profileTaskActors, profileTaskInvokes, profileTaskSends, type ProfileTaskEvent } from './profile-tasks';
import { afterRequest, fromOutcome, noticeShown, outcomeGuards, outcomeOf, showingNotice, type NoticeContext } from './request-states';

export type { ChangeEmailInput, ChangeEmailOutput, EmailField } from './account-email.machine';
export type { ChangePasswordInput, ChangePasswordOutput, PasswordField } from './account-password.machine';
export type { SaveLanguageInput, SaveLanguageOutput } from './account-language.machine';
export type { SignOutDeviceInput, SignOutDeviceOutput, SignOutOthersOutput } from './account-devices.machine';
export type { ExportDataOutput, SavedFile } from './account-export.machine';
export type { DeleteAccountInput, DeleteAccountOutput } from './account-deletion.machine';
export type { NotificationChoice, NotificationsView } from './account-notifications.machine';
export type { AccountLanguage } from './account-task';
export type { Profile, ProfileDraftField, ProfilesView } from './account-profiles.machine';

export type AccountProfile = Schemas['AccountProfile'];
export type AccountDevice = Schemas['AccountDevice'];
export interface AccountView {
  account: AccountProfile;
  devices: AccountDevice[];
}
export type LoadAccountOutput = Outcome<AccountView>;

/** The page's tasks (its children's ids): the section a notice belongs to. */
export type AccountTask = 'email' | 'password' | 'language' | 'devices' | 'dataExport' | 'deletion' | 'notifications' | 'schedule' | 'profiles';

export interface AccountContext extends NoticeContext {
  account: AccountProfile | null;
  devices: AccountDevice[];
  /** The task whose notice shows (the view shows it in that section), or null for the page's own. */
  noticeFrom: AccountTask | null;
}

export type AccountEvent =
  | AccountEmailEvent
  | AccountPasswordEvent
  | AccountDevicesEvent
  | AccountExportEvent
  | AccountDeletionEvent
  | ProfileTaskEvent
  | AccountProfilesEvent
  | TaskReport
  | { type: 'delete.open' }
  | { type: 'account.retry' }
  | { type: 'notice.dismiss' };

/** The task that owns each form. */
const formTask = { email: 'email', password: 'password', delete: 'deletion' } as const;

/** What the page lets the user start, from idle and while a notice shows. */
const pageActions = {
  'field.change': { actions: 'passField' },
  'email.submit': { actions: 'toEmail' },
  'password.submit': { actions: 'toPassword' },
  ...profileTaskActions,
  'device.signOut': { guard: 'isOtherDevice', actions: 'toDevices' },
  'devices.signOutOthers': { guard: 'hasOtherDevices', actions: 'toDevices' },
  'data.download': { actions: 'toExport' },
  'delete.open': { target: 'confirmingDelete' },
  'profiles.retry': { actions: 'toProfiles' },
  'profiles.add': { actions: 'toProfiles' },
  'profiles.edit': { actions: 'toProfiles' },
  'profiles.pin': { actions: 'toProfiles' },
  'profiles.delete': { actions: 'toProfiles' },
  'profiles.cancel': { actions: 'toProfiles' },
  'profileForm.change': { actions: 'toProfiles' },
  'profileImage.pick': { actions: 'toProfiles' },
  'profileImage.remove': { actions: 'toProfiles' },
  'profileForm.submit': { actions: 'toProfiles' },
  'profilePin.remove': { actions: 'toProfiles' },
  'profileDelete.confirm': { actions: 'toProfiles' },
} as const;

/** A task ended while the page is open: what it changed, and its notice (a new one restarts the 3 s). */
const taskEnded = [
  { guard: 'hasNotice', target: 'showingNotice', reenter: true, actions: ['takeChange', 'tellScheduleChange', 'showNotice'] },
  { actions: ['takeChange', 'tellScheduleChange'] },
] as const;

const changed = (devices: AccountDevice[], change: AccountChange) =>
  devices.filter((device) => device.id !== change.dropDevice && (device.current || !change.keepThisDeviceOnly));

export const accountMachine = setup({
  types: {
    context: {} as AccountContext,
    events: {} as AccountEvent,
    children: {} as { [T in AccountTask]: T },
  },
  actors: {
    loadAccount: fromOutcome<AccountView>(),
    email: accountEmailMachine,
    password: accountPasswordMachine,
    ...profileTaskActors,
    devices: accountDevicesMachine,
    dataExport: accountExportMachine,
    deletion: accountDeletionMachine,
    profiles: accountProfilesMachine,
  },
  actions: {
    /** The app shows itself in the account's language (provided by the app). */
    adoptLanguage: (_, _language: AccountLanguage) => {},
    /** The account is gone: the session signs out and leaves (provided by the app). */
    signOut: () => {},
    takeAccount: assign((_, output: LoadAccountOutput) => (output.kind === 'ok' ? { account: output.data.account, devices: output.data.devices } : {})),
    passField: sendTo(
      ({ event }) => {
        assertEvent(event, 'field.change');
        return formTask[event.form];
      },
      ({ event }) => event,
    ),
    toEmail: sendTo('email', ({ event }) => event),
    toPassword: sendTo('password', ({ event }) => event),
    ...profileTaskSends<AccountContext, AccountEvent>(),
    toDevices: sendTo('devices', ({ event }) => event),
    toExport: sendTo('dataExport', ({ event }) => event),
    toDeletion: sendTo('deletion', ({ event }) => event),
    toProfiles: sendTo('profiles', ({ event }) => event),
    /** What a task changed, for the schedule section (a password change ends the calendar link). */
    tellScheduleChange: sendTo('schedule', ({ event }) => {
      assertEvent(event, 'task.ended');
      return { type: 'page.changed' as const, change: event.change };
    }),
    takeChange: assign(({ context, event }) => {
      assertEvent(event, 'task.ended');
      const { change } = event;
      const account = context.account && { ...context.account, ...(change.email ? { email: change.email } : {}), ...(change.language ? { language: change.language } : {}) };
      return { account, devices: changed(context.devices, change) };
    }),
    showNotice: assign(({ context, event }) => {
      assertEvent(event, 'task.ended');
      return event.notice ? { ...noticeShown(context, event.notice), noticeFrom: event.task as AccountTask } : {};
    }),
    showLoadFailure: assign(({ context }, outcome: Outcome<unknown>) => ({
      ...noticeShown(context, outcome.kind === 'failed' ? serverFailureNotice(outcome) : errorNotice(accountNotices.loadFailed)),
      noticeFrom: null,
    })),
    clearNotice: assign({ notice: null, noticeFrom: null }),
  },
  guards: {
    ...outcomeGuards,
    hasNotice: ({ event }) => {
      assertEvent(event, 'task.ended');
      return event.notice !== null;
    },
    fromDeletion: ({ event }) => (event.type === 'task.busy' || event.type === 'task.ended') && event.task === 'deletion',
    languageDiffers: ({ context, event }) => event.type === 'language.select' && context.account?.language !== event.language,
    isOtherDevice: ({ context, event }) =>
      event.type === 'device.signOut' && context.devices.some((device) => device.id === event.sessionId && !device.current),
    hasOtherDevices: ({ context }) => context.devices.some((device) => !device.current),
  },
  delays: {
    noticeDuration: 3000,
  },
}).createMachine({
  id: 'account',
  context: { account: null, devices: [], notice: null as Notice | null, noticeFrom: null, scrollToTop: 0 },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadAccount',
        ...afterRequest({
          ok: {
            target: 'ready',
            actions: [
              { type: 'takeAccount', params: outcomeOf },
              { type: 'adoptLanguage', params: ({ event }: { event: { output: LoadAccountOutput } }) => (event.output.kind === 'ok' ? event.output.data.account.language : 'en') },
            ],
          },
          quiet: { target: 'loadFailed' },
          failed: { target: 'loadFailed', actions: { type: 'showLoadFailure', params: outcomeOf } },
        }),
      },
    },
    /** The account could not be read: the message (if any) and 'Try again'. */
    loadFailed: {
      on: { 'account.retry': { target: 'loading', actions: 'clearNotice' } },
    },
    ready: {
      invoke: [
        { id: 'email', src: 'email' },
        { id: 'password', src: 'password' },
        ...profileTaskInvokes,
        { id: 'devices', src: 'devices' },
        { id: 'dataExport', src: 'dataExport' },
        { id: 'deletion', src: 'deletion', onDone: { target: 'deleted' } },
        { id: 'profiles', src: 'profiles' },
      ],
      initial: 'idle',
      states: {
        /** The page: each section starts its own task (its own controls busy while it runs). */
        idle: { on: { ...pageActions, 'task.ended': taskEnded } },
        /**
         * The delete dialog: the password, Delete or Cancel. A failure shows in the dialog; a
         * task started before it opened still updates the page when it ends.
         */
        confirmingDelete: {
          exit: 'clearNotice',
          on: {
            'field.change': { actions: 'passField' },
            'delete.cancel': { target: 'idle', actions: 'toDeletion' },
            'delete.confirm': { actions: 'toDeletion' },
            'task.busy': { guard: 'fromDeletion', target: 'deleting' },
            'task.ended': { actions: ['takeChange', 'tellScheduleChange'] },
          },
        },
        deleting: {
          tags: ['busy'],
          on: {
            'task.ended': [
              { guard: 'fromDeletion', target: 'confirmingDelete', actions: 'showNotice' },
              { actions: ['takeChange', 'tellScheduleChange'] },
            ],
          },
        },
        showingNotice: showingNotice('noticeDuration', 'idle', { ...pageActions, 'task.ended': taskEnded }),
      },
    },
    /** Deleted: the session signs out and the app goes to the landing page. */
    deleted: { type: 'final', entry: 'signOut' },
  },
});

export type AccountMachine = typeof accountMachine;
