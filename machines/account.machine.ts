// /account: the signed-in account's own page. Change the email (with the password) or the
// password (the current one, and a new one by the shared rules: every other device is then
// signed out), keep the language on the server (the app adopts it), sign out one device or
// every other device, download everything held about the account, and delete it (the
// password, in a confirmation dialog; on success the session signs out and the app leaves).
// One request at a time; each success or failure shows in the banner for 3 s.
import { assign, fromPromise, setup } from 'xstate';
import {
  changeEmailSchema,
  changePasswordSchema,
  checkRules,
  deleteAccountSchema,
  type FieldErrors,
} from '@domain/account-rules';
import { accountNotices } from '@domain/account-notices';
import type { Schemas } from '@domain/contract';
import { errorNotice, serverFailureNotice, successNotice, type NoticeMessage } from '@domain/notices';
import type { Outcome } from '@domain/request-outcome';
import { afterRequest, noticeShown, outcomeGuards, outcomeOf, showFailure, showingNotice, type NoticeContext } from './request-states';

export type AccountProfile = Schemas['AccountProfile'];
export type AccountDevice = Schemas['AccountDevice'];
export type AccountLanguage = Schemas['Language'];
export interface AccountView {
  account: AccountProfile;
  devices: AccountDevice[];
}

export type LoadAccountOutput = Outcome<AccountView>;
export type ChangeEmailInput = Schemas['ChangeEmailRequest'];
export type ChangeEmailOutput = Outcome<Pick<Schemas['EmailChangedSuccess'], 'email'>>;
export type ChangePasswordInput = Schemas['ChangePasswordRequest'];
export type ChangePasswordOutput = Outcome<{ message: string }>;
export interface SaveLanguageInput {
  language: AccountLanguage;
}
export type SaveLanguageOutput = Outcome<SaveLanguageInput>;
export interface SignOutDeviceInput {
  sessionId: string;
}
export type SignOutDeviceOutput = Outcome<{ message: string }>;
export type SignOutOthersOutput = Outcome<{ message: string }>;
/** The data download: the document, and the day it was made (for the file's name). */
export type ExportDataOutput = Outcome<{ exportedAt: string } & Record<string, unknown>>;
export type DeleteAccountInput = Schemas['DeleteAccountRequest'];
export type DeleteAccountOutput = Outcome<{ message: string }>;

export type EmailField = 'email' | 'password';
export type PasswordField = 'currentPassword' | 'password' | 'cpassword';

export interface SavedFile {
  fileName: string;
  contents: string;
}

export interface AccountContext extends NoticeContext {
  account: AccountProfile | null;
  devices: AccountDevice[];
  emailForm: Record<EmailField, string>;
  emailErrors: FieldErrors<EmailField>;
  passwordForm: Record<PasswordField, string>;
  passwordErrors: FieldErrors<PasswordField>;
  deletePassword: string;
  deleteErrors: FieldErrors<'password'>;
  /** The device being signed out (its button shows busy). */
  signingOut: string | null;
}

export type AccountEvent =
  | { type: 'field.change'; form: 'email'; field: EmailField; value: string }
  | { type: 'field.change'; form: 'password'; field: PasswordField; value: string }
  | { type: 'field.change'; form: 'delete'; field: 'password'; value: string }
  | { type: 'email.submit' }
  | { type: 'password.submit' }
  | { type: 'language.select'; language: AccountLanguage }
  | { type: 'device.signOut'; sessionId: string }
  | { type: 'devices.signOutOthers' }
  | { type: 'data.download' }
  | { type: 'delete.open' }
  | { type: 'delete.cancel' }
  | { type: 'delete.confirm' }
  | { type: 'account.retry' }
  | { type: 'notice.dismiss' };

const emptyEmailForm = { email: '', password: '' };
const emptyPasswordForm = { currentPassword: '', password: '', cpassword: '' };

/** What the page lets the user start, from idle and while a notice shows. */
const pageActions = {
  'field.change': { actions: 'changeField' },
  'email.submit': [{ guard: 'emailFormIsValid', target: 'changingEmail', actions: 'clearNotice' }, { actions: 'showEmailErrors' }],
  'password.submit': [{ guard: 'passwordFormIsValid', target: 'changingPassword', actions: 'clearNotice' }, { actions: 'showPasswordErrors' }],
  'language.select': { guard: 'languageDiffers', target: 'savingLanguage' },
  'device.signOut': { guard: 'isOtherDevice', target: 'signingOutDevice', actions: 'rememberDevice' },
  'devices.signOutOthers': { guard: 'hasOtherDevices', target: 'signingOutOthers' },
  'data.download': { target: 'downloading' },
  'delete.open': { target: 'confirmingDelete' },
} as const;

type Done<T> = { event: { output: T } | { error: unknown } };
const loadedLanguage = ({ event }: Done<LoadAccountOutput>): AccountLanguage =>
  'output' in event && event.output.kind === 'ok' ? event.output.data.account.language : 'en';
const savedLanguage = ({ event }: Done<SaveLanguageOutput>): AccountLanguage =>
  'output' in event && event.output.kind === 'ok' ? event.output.data.language : 'en';
/** The download as a file: named after the day it was made. */
const downloadedFile = ({ event }: Done<ExportDataOutput>): SavedFile => {
  const data = 'output' in event && event.output.kind === 'ok' ? event.output.data : { exportedAt: '' };
  return { fileName: `fitstream-data-${data.exportedAt.slice(0, 10)}.json`, contents: JSON.stringify(data, null, 2) };
};

const success = (message: NoticeMessage) => ({ type: 'showSuccess', params: message }) as const;

export const accountMachine = setup({
  types: {
    context: {} as AccountContext,
    events: {} as AccountEvent,
  },
  actors: {
    loadAccount: fromPromise<LoadAccountOutput>(async () => ({ kind: 'unreachable' })),
    changeEmail: fromPromise<ChangeEmailOutput, ChangeEmailInput>(async () => ({ kind: 'unreachable' })),
    changePassword: fromPromise<ChangePasswordOutput, ChangePasswordInput>(async () => ({ kind: 'unreachable' })),
    saveLanguage: fromPromise<SaveLanguageOutput, SaveLanguageInput>(async () => ({ kind: 'unreachable' })),
    signOutDevice: fromPromise<SignOutDeviceOutput, SignOutDeviceInput>(async () => ({ kind: 'unreachable' })),
    signOutOthers: fromPromise<SignOutOthersOutput>(async () => ({ kind: 'unreachable' })),
    exportData: fromPromise<ExportDataOutput>(async () => ({ kind: 'unreachable' })),
    deleteAccount: fromPromise<DeleteAccountOutput, DeleteAccountInput>(async () => ({ kind: 'unreachable' })),
  },
  actions: {
    /** The app shows itself in the account's language (provided by the app). */
    adoptLanguage: (_, _language: AccountLanguage) => {},
    /** Saves the file on the user's device (provided by the app). */
    saveFile: (_, _file: SavedFile) => {},
    /** The account is gone: the session signs out and leaves (provided by the app). */
    signOut: () => {},
    takeAccount: assign((_, output: LoadAccountOutput) =>
      output.kind === 'ok' ? { account: output.data.account, devices: output.data.devices } : {},
    ),
    changeField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      if (event.form === 'email') {
        const { [event.field]: _cleared, ...errors } = context.emailErrors;
        return { emailForm: { ...context.emailForm, [event.field]: event.value }, emailErrors: errors };
      }
      if (event.form === 'password') {
        const { [event.field]: _cleared, ...errors } = context.passwordErrors;
        return { passwordForm: { ...context.passwordForm, [event.field]: event.value }, passwordErrors: errors };
      }
      return { deletePassword: event.value, deleteErrors: {} };
    }),
    showEmailErrors: assign({ emailErrors: ({ context }) => checkRules(changeEmailSchema, context.emailForm) ?? {} }),
    showPasswordErrors: assign({ passwordErrors: ({ context }) => checkRules(changePasswordSchema, context.passwordForm) ?? {} }),
    showDeleteErrors: assign({ deleteErrors: ({ context }) => checkRules(deleteAccountSchema, { password: context.deletePassword }) ?? {} }),
    takeEmail: assign(({ context }, output: ChangeEmailOutput) => ({
      account: output.kind === 'ok' && context.account ? { ...context.account, email: output.data.email } : context.account,
      emailForm: emptyEmailForm,
    })),
    clearPasswordForm: assign({ passwordForm: emptyPasswordForm }),
    keepThisDeviceOnly: assign({ devices: ({ context }) => context.devices.filter((device) => device.current) }),
    takeLanguage: assign(({ context }, output: SaveLanguageOutput) => ({
      account: output.kind === 'ok' && context.account ? { ...context.account, language: output.data.language } : context.account,
    })),
    rememberDevice: assign({ signingOut: ({ event }) => (event.type === 'device.signOut' ? event.sessionId : null) }),
    dropDevice: assign(({ context }) => ({ devices: context.devices.filter((device) => device.id !== context.signingOut), signingOut: null })),
    forgetDevice: assign({ signingOut: null }),
    clearDeleteForm: assign({ deletePassword: '', deleteErrors: {} }),
    showSuccess: assign(({ context }, message: NoticeMessage) => noticeShown(context, successNotice(message))),
    showFailure: assign(({ context }, outcome: Outcome<unknown>) => noticeShown(context, serverFailureNotice(outcome))),
    showLoadFailure: assign(({ context }, outcome: Outcome<unknown>) =>
      noticeShown(context, outcome.kind === 'failed' ? serverFailureNotice(outcome) : errorNotice(accountNotices.loadFailed)),
    ),
    clearNotice: assign({ notice: null }),
  },
  guards: {
    ...outcomeGuards,
    emailFormIsValid: ({ context }) => checkRules(changeEmailSchema, context.emailForm) === null,
    passwordFormIsValid: ({ context }) => checkRules(changePasswordSchema, context.passwordForm) === null,
    deleteFormIsValid: ({ context }) => checkRules(deleteAccountSchema, { password: context.deletePassword }) === null,
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
  context: {
    account: null,
    devices: [],
    emailForm: emptyEmailForm,
    emailErrors: {},
    passwordForm: emptyPasswordForm,
    passwordErrors: {},
    deletePassword: '',
    deleteErrors: {},
    signingOut: null,
    notice: null,
    scrollToTop: 0,
  },
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
              { type: 'adoptLanguage', params: loadedLanguage },
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
      initial: 'idle',
      states: {
        idle: { on: pageActions },
        changingEmail: {
          tags: ['busy'],
          invoke: {
            src: 'changeEmail',
            input: ({ context }) => ({ email: context.emailForm.email.trim(), password: context.emailForm.password }),
            ...afterRequest({
              ok: { target: 'showingNotice', actions: [{ type: 'takeEmail', params: outcomeOf }, success(accountNotices.emailChanged)] },
              quiet: { target: 'idle' },
              failed: { target: 'showingNotice', actions: showFailure },
            }),
          },
        },
        changingPassword: {
          tags: ['busy'],
          invoke: {
            src: 'changePassword',
            input: ({ context }) => context.passwordForm,
            ...afterRequest({
              ok: { target: 'showingNotice', actions: ['clearPasswordForm', 'keepThisDeviceOnly', success(accountNotices.passwordChanged)] },
              quiet: { target: 'idle' },
              failed: { target: 'showingNotice', actions: showFailure },
            }),
          },
        },
        savingLanguage: {
          tags: ['busy'],
          invoke: {
            src: 'saveLanguage',
            input: ({ event }) => ({ language: event.type === 'language.select' ? event.language : 'en' }),
            ...afterRequest({
              ok: {
                target: 'showingNotice',
                actions: [
                  { type: 'takeLanguage', params: outcomeOf },
                  { type: 'adoptLanguage', params: savedLanguage },
                  success(accountNotices.languageSaved),
                ],
              },
              quiet: { target: 'idle' },
              failed: { target: 'showingNotice', actions: showFailure },
            }),
          },
        },
        signingOutDevice: {
          tags: ['busy'],
          invoke: {
            src: 'signOutDevice',
            input: ({ context }) => ({ sessionId: context.signingOut ?? '' }),
            ...afterRequest({
              ok: { target: 'showingNotice', actions: ['dropDevice', success(accountNotices.deviceSignedOut)] },
              quiet: { target: 'idle', actions: 'forgetDevice' },
              failed: { target: 'showingNotice', actions: ['forgetDevice', showFailure] },
            }),
          },
        },
        signingOutOthers: {
          tags: ['busy'],
          invoke: {
            src: 'signOutOthers',
            ...afterRequest({
              ok: { target: 'showingNotice', actions: ['keepThisDeviceOnly', success(accountNotices.otherDevicesSignedOut)] },
              quiet: { target: 'idle' },
              failed: { target: 'showingNotice', actions: showFailure },
            }),
          },
        },
        downloading: {
          tags: ['busy'],
          invoke: {
            src: 'exportData',
            ...afterRequest({
              ok: {
                target: 'showingNotice',
                actions: [
                  { type: 'saveFile', params: downloadedFile },
                  success(accountNotices.dataDownloaded),
                ],
              },
              quiet: { target: 'idle' },
              failed: { target: 'showingNotice', actions: showFailure },
            }),
          },
        },
        /** The delete dialog: the password, Delete or Cancel. A failure shows in the dialog. */
        confirmingDelete: {
          exit: 'clearNotice',
          on: {
            'field.change': { actions: 'changeField' },
            'delete.cancel': { target: 'idle', actions: 'clearDeleteForm' },
            'delete.confirm': [{ guard: 'deleteFormIsValid', target: 'deleting' }, { actions: 'showDeleteErrors' }],
          },
        },
        deleting: {
          tags: ['busy'],
          invoke: {
            src: 'deleteAccount',
            input: ({ context }) => ({ password: context.deletePassword }),
            ...afterRequest({
              ok: { target: '#account.deleted' },
              quiet: { target: 'confirmingDelete' },
              failed: { target: 'confirmingDelete', actions: showFailure },
            }),
          },
        },
        showingNotice: showingNotice('noticeDuration', 'idle', pageActions),
      },
    },
    /** Deleted: the session signs out and the app goes to the landing page. */
    deleted: { type: 'final', entry: 'signOut' },
  },
});

export type AccountMachine = typeof accountMachine;
