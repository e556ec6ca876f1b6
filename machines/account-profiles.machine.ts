// The account page's Profiles section, a child of machines/account.machine.ts (decision 064): it
// reads the household's profiles itself, then adds one (a name, a picture uploaded first, a
// language; never past the limit), edits one (only what changed is sent), sets, changes or
// removes a PIN with the account's password, and deletes one that is not the owner's once a
// dialog has said what goes with it. Each request busies only this section and tells the page
// how it ended (decision 060).
import { assertEvent, assign, setup } from 'xstate';
import { profileNotices } from '@domain/account-notices';
import { checkRules, IMAGE_FILE_NAME_PATTERN, profilePinSchema, profileSchema, type FieldErrors } from '@domain/account-rules';
import type { Schemas } from '@domain/contract';
import type { NoticeMessage } from '@domain/notices';
import type { Outcome } from '@domain/request-outcome';
import { taskReports } from './account-task';
import { afterRequest, fromOutcome, outcomeGuards, outcomeOf } from './request-states';

export type Profile = Schemas['Profile'];
export type ProfileLanguage = Profile['language'];
export interface ProfilesView {
  profiles: Profile[];
  /** The profile of this sign-in ("You"). */
  chosen: string | null;
  limit: number;
}
export type LoadProfilesOutput = Outcome<ProfilesView>;
export type AddProfileInput = Schemas['ProfileRequest'];
export interface UpdateProfileInput {
  profileId: string;
  changes: Schemas['ProfileUpdateRequest'];
}
export interface SetProfilePinInput {
  profileId: string;
  /** null removes the PIN. */
  pin: string | null;
  password: string;
}
export type DeleteProfileInput = Pick<SetProfilePinInput, 'profileId'>;
export type ProfileOutput = Outcome<{ profile: Profile }>;
export type DeleteProfileOutput = Outcome<{ message: string }>;
/** A picked picture, uploaded before the profile names it (as on /details). */
export type ProfileImageFile = { file: Blob; fileName: string };
export type ProfileImageOutput = Outcome<{ image: string }>;

export type ProfileDraftField = 'name' | 'language' | 'pin' | 'password';
export interface ProfileDraft {
  name: string;
  language: ProfileLanguage;
  /** The upload's name (sent with Save), or null for no picture. */
  image: string | null;
  /** What the preview shows while a picked file is fresh (a data URL), else null. */
  preview: string | null;
  pin: string;
  password: string;
}

export interface AccountProfilesContext {
  view: ProfilesView | null;
  /** The profile the open form or dialog is about (null while adding one). */
  target: string | null;
  draft: ProfileDraft;
  pendingFile: ProfileImageFile | null;
  errors: FieldErrors<ProfileDraftField | 'image'>;
}

export type AccountProfilesEvent =
  | { type: 'profiles.retry' }
  | { type: 'profiles.add' }
  | { type: 'profiles.edit'; profileId: string }
  | { type: 'profiles.pin'; profileId: string }
  | { type: 'profiles.delete'; profileId: string }
  | { type: 'profiles.cancel' }
  | { type: 'profileForm.change'; field: ProfileDraftField; value: string }
  | { type: 'profileImage.pick'; file: Blob; fileName: string; preview: string }
  | { type: 'profileImage.remove' }
  | { type: 'profileForm.submit' }
  | { type: 'profilePin.remove' }
  | { type: 'profileDelete.confirm' };

type Context = AccountProfilesContext;
const emptyDraft: ProfileDraft = { name: '', language: 'en', image: null, preview: null, pin: '', password: '' };
const profileOf = (context: Context, id = context.target) => context.view?.profiles.find((profile) => profile.id === id);
/** Removing a PIN asks only the password. */
const passwordOnly = profilePinSchema.pick(['password']);
const pinFields = ({ pin, password }: ProfileDraft) => ({ pin, password });
const isLanguage = (value: string): value is ProfileLanguage => value === 'en' || value === 'es';

/** What an edit changed (the name trimmed): only that is sent. */
export function changesOf(profile: Profile | undefined, draft: ProfileDraft): Schemas['ProfileUpdateRequest'] {
  if (!profile) return {};
  const name = draft.name.trim();
  return {
    ...(name !== profile.name ? { name } : {}),
    ...(draft.image !== profile.image ? { image: draft.image } : {}),
    ...(draft.language !== profile.language ? { language: draft.language } : {}),
  };
}

const IDLE = '#accountProfiles.ready.idle';
/** Opening a form or the dialog, from the list or from another form. */
const openers = {
  'profiles.add': { guard: 'belowLimit', target: '#accountProfiles.ready.adding', actions: 'openAdd' },
  'profiles.edit': { guard: 'isProfile', target: '#accountProfiles.ready.editing', actions: 'openForm' },
  'profiles.pin': { guard: 'isProfile', target: '#accountProfiles.ready.pinning', actions: 'openForm' },
  'profiles.delete': { guard: 'isOtherProfile', target: '#accountProfiles.ready.confirmingDelete', actions: 'openForm' },
} as const;
const cancel = { 'profiles.cancel': { target: IDLE, actions: 'closeForm' } } as const;

/** A request of the section: busy (the page told), then `ok`, or back to `back` with silence or the failure. */
function request<const TInvoke extends object, const TOk extends object, const TBack extends string, const TAlso extends readonly unknown[]>(
  invoke: TInvoke,
  ok: TOk,
  back: TBack,
  also: TAlso,
) {
  return {
    tags: ['busy'],
    entry: 'tellBusy',
    invoke: {
      ...invoke,
      ...afterRequest({
        ok,
        quiet: { target: back, actions: [...also, 'tellQuiet'] },
        failed: { target: back, actions: [...also, { type: 'tellFailed', params: outcomeOf }] },
      }),
    },
  } as const;
}

/** The add and edit forms: typing, a picked picture uploading, then saving (`save`) back to the list. */
function draftForm<const TSave extends object, const TSubmit extends readonly object[]>(save: TSave, submit: TSubmit, message: NoticeMessage) {
  return {
    initial: 'form',
    states: {
      form: {
        on: {
          ...openers,
          'profileForm.change': { actions: 'changeField' },
          ...cancel,
          'profileImage.pick': [{ guard: 'imageNameAccepted', target: 'uploading', actions: 'takeImage' }, { actions: 'rejectImage' }],
          'profileImage.remove': { actions: 'clearImage' },
          'profileForm.submit': [...submit, { guard: 'nameIsValid', target: 'saving' }, { actions: 'showRuleErrors' }],
        },
      },
      uploading: {
        ...request(
          { src: 'uploadImage', input: ({ context }: { context: Context }) => context.pendingFile ?? { file: new Blob([]), fileName: '' } },
          { target: 'form', actions: { type: 'keepImage', params: outcomeOf } },
          'form',
          ['clearImage'],
        ),
        // The name and language may be typed while the picture goes up; not while saving.
        on: { ...cancel, 'profileForm.change': { actions: 'changeField' }, 'profileImage.remove': { target: 'form', actions: 'clearImage' } },
      },
      saving: request(save, { target: IDLE, actions: [{ type: 'takeProfile', params: outcomeOf }, 'closeForm', { type: 'tellDone', params: () => ({ message }) }] }, 'form', []),
    },
  } as const;
}

/** What a PIN request did: read before the answer replaces the profile. */
const pinDone = ({ context, event }: { context: Context; event: { output: ProfileOutput } }) => ({
  message: event.output.kind === 'ok' && !event.output.data.profile.locked ? profileNotices.pinRemoved : profileOf(context)?.locked ? profileNotices.pinChanged : profileNotices.pinSet,
});

export const accountProfilesMachine = setup({
  types: { context: {} as AccountProfilesContext, events: {} as AccountProfilesEvent },
  actors: {
    loadProfiles: fromOutcome<ProfilesView>(),
    uploadImage: fromOutcome<{ image: string }, ProfileImageFile>(),
    addProfile: fromOutcome<{ profile: Profile }, AddProfileInput>(),
    updateProfile: fromOutcome<{ profile: Profile }, UpdateProfileInput>(),
    setProfilePin: fromOutcome<{ profile: Profile }, SetProfilePinInput>(),
    deleteProfile: fromOutcome<{ message: string }, DeleteProfileInput>(),
  },
  actions: {
    ...taskReports<Context, AccountProfilesEvent>(),
    takeView: assign((_, output: LoadProfilesOutput) => (output.kind === 'ok' ? { view: output.data } : {})),
    openAdd: assign(({ context }) => ({
      target: null,
      draft: { ...emptyDraft, language: context.view?.profiles.find((profile) => profile.owner)?.language ?? 'en' },
      pendingFile: null,
      errors: {},
    })),
    openForm: assign(({ context, event }) => {
      assertEvent(event, ['profiles.edit', 'profiles.pin', 'profiles.delete']);
      const profile = profileOf(context, event.profileId);
      return { target: event.profileId, draft: profile ? { ...emptyDraft, name: profile.name, language: profile.language, image: profile.image } : emptyDraft, pendingFile: null, errors: {} };
    }),
    closeForm: assign({ target: null, draft: emptyDraft, pendingFile: null, errors: {} }),
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'profileForm.change');
      if (event.field === 'language' && !isLanguage(event.value)) return {};
      const { [event.field]: _cleared, ...errors } = context.errors;
      return { draft: { ...context.draft, [event.field]: event.value }, errors };
    }),
    takeImage: assign(({ context, event }) => {
      assertEvent(event, 'profileImage.pick');
      const { image: _cleared, ...errors } = context.errors;
      return { draft: { ...context.draft, image: null, preview: event.preview || null }, pendingFile: { file: event.file, fileName: event.fileName }, errors };
    }),
    rejectImage: assign(({ context }) => ({ errors: { ...context.errors, image: 'imageNameInvalid' as const } })),
    keepImage: assign(({ context }, output: ProfileImageOutput) => ({ draft: { ...context.draft, image: output.kind === 'ok' ? output.data.image : null }, pendingFile: null })),
    clearImage: assign(({ context }) => ({ draft: { ...context.draft, image: null, preview: null }, pendingFile: null })),
    showRuleErrors: assign(({ context }) => ({ errors: { ...context.errors, ...(checkRules(profileSchema, { name: context.draft.name }) ?? {}) } })),
    showPinErrors: assign(({ context }) => ({ errors: checkRules(profilePinSchema, pinFields(context.draft)) ?? {} })),
    showPasswordErrors: assign(({ context }) => ({ errors: checkRules(passwordOnly, pinFields(context.draft)) ?? {} })),
    takeProfile: assign(({ context }, output: ProfileOutput) => {
      if (output.kind !== 'ok' || !context.view) return {};
      const { profile } = output.data;
      const known = context.view.profiles.some((other) => other.id === profile.id);
      const profiles = known ? context.view.profiles.map((other) => (other.id === profile.id ? profile : other)) : [...context.view.profiles, profile];
      return { view: { ...context.view, profiles } };
    }),
    dropProfile: assign(({ context }) => (context.view ? { view: { ...context.view, profiles: context.view.profiles.filter((profile) => profile.id !== context.target) } } : {})),
  },
  guards: {
    ...outcomeGuards,
    belowLimit: ({ context }) => context.view !== null && context.view.profiles.length < context.view.limit,
    isProfile: ({ context, event }) => 'profileId' in event && profileOf(context, event.profileId) !== undefined,
    isOtherProfile: ({ context, event }) => 'profileId' in event && profileOf(context, event.profileId)?.owner === false,
    imageNameAccepted: ({ event }) => event.type === 'profileImage.pick' && IMAGE_FILE_NAME_PATTERN.test(event.fileName),
    nameIsValid: ({ context }) => checkRules(profileSchema, { name: context.draft.name }) === null,
    unchanged: ({ context }) => Object.keys(changesOf(profileOf(context), context.draft)).length === 0,
    pinIsValid: ({ context }) => checkRules(profilePinSchema, pinFields(context.draft)) === null,
    hasPin: ({ context }) => profileOf(context)?.locked === true,
    canRemovePin: ({ context }) => profileOf(context)?.locked === true && checkRules(passwordOnly, pinFields(context.draft)) === null,
  },
}).createMachine({
  id: 'accountProfiles',
  context: { view: null, target: null, draft: emptyDraft, pendingFile: null, errors: {} },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadProfiles',
        ...afterRequest({
          ok: { target: 'ready', actions: { type: 'takeView', params: outcomeOf } },
          quiet: { target: 'unavailable' },
          failed: { target: 'unavailable' },
        }),
      },
    },
    /** The profiles could not be read: the section says so, with Try again (the rest of the page works). */
    unavailable: { on: { 'profiles.retry': { target: 'loading' } } },
    ready: {
      initial: 'idle',
      states: {
        idle: { on: openers },
        adding: draftForm(
          { src: 'addProfile', input: ({ context }: { context: Context }) => ({ name: context.draft.name.trim(), image: context.draft.image, language: context.draft.language }) },
          [],
          profileNotices.added,
        ),
        editing: draftForm(
          { src: 'updateProfile', input: ({ context }: { context: Context }) => ({ profileId: context.target ?? '', changes: changesOf(profileOf(context), context.draft) }) },
          // Nothing changed: the form closes, with nothing to send.
          [{ guard: 'unchanged', target: IDLE, actions: 'closeForm' }],
          profileNotices.saved,
        ),
        pinning: {
          initial: 'form',
          states: {
            form: {
              on: {
                ...openers,
                ...cancel,
                'profileForm.change': { actions: 'changeField' },
                'profileForm.submit': [{ guard: 'pinIsValid', target: 'saving' }, { actions: 'showPinErrors' }],
                'profilePin.remove': [{ guard: 'canRemovePin', target: 'saving' }, { guard: 'hasPin', actions: 'showPasswordErrors' }],
              },
            },
            saving: request(
              {
                src: 'setProfilePin',
                input: ({ context, event }: { context: Context; event: AccountProfilesEvent }) => ({
                  profileId: context.target ?? '',
                  pin: event.type === 'profilePin.remove' ? null : context.draft.pin,
                  password: context.draft.password,
                }),
              },
              { target: IDLE, actions: [{ type: 'tellDone', params: pinDone }, { type: 'takeProfile', params: outcomeOf }, 'closeForm'] },
              'form',
              [] as const,
            ),
          },
        },
        /** The dialog: what goes with the profile, Delete or Cancel. */
        confirmingDelete: { on: { ...cancel, 'profileDelete.confirm': { target: 'deleting' } } },
        deleting: request(
          { src: 'deleteProfile', input: ({ context }: { context: Context }) => ({ profileId: context.target ?? '' }) },
          { target: 'idle', actions: ['dropProfile', 'closeForm', { type: 'tellDone', params: () => ({ message: profileNotices.deleted }) }] },
          'idle',
          ['closeForm'],
        ),
      },
    },
  },
});

export type AccountProfilesMachine = typeof accountProfilesMachine;
