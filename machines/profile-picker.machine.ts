// /profiles, "Who's training?": the household's profiles; picking one chooses it for this
// sign-in, a locked one first asks its 4-digit PIN (5 wrong tries lock it for 15 minutes). Once
// chosen, the session takes the new token, this device remembers the choice, and the user goes on
// to where the guard found them (else /home). On arrival (no profile chosen yet) the profile
// remembered here is chosen at once when it has no PIN; with a PIN, the PIN is asked.
import { assign, emit, setup } from 'xstate';
import { goTo, type Navigation } from '@domain/navigation';
import { serverFailureNotice, type NoticeMessage } from '@domain/notices';
import { choiceRefusal, isCompletePin, pinDigits, profileMessages } from '@domain/profiles';
import { serverMessage, type Outcome } from '@domain/request-outcome';
import { routes } from '@domain/routes';
import type { AccountLanguage, Profile, ProfileChoice } from '@domain/session-user';
import { fromOutcome, noticeShown, outcomeGuards, outcomeOf, type NoticeContext } from './request-states';

export interface ProfilePickerInput {
  /** The profile this sign-in is on already (switching), or null (arriving: the remembered one may be chosen at once). */
  current: string | null;
  /** Where the guard found the user, to go back to once chosen; null: /home. */
  origin: string | null;
}

export interface LoadProfilesData {
  profiles: Profile[];
  /** The profile last chosen on this device for the account, if any. */
  remembered: string | null;
}
export type LoadProfilesOutput = Outcome<LoadProfilesData>;
export interface ChooseProfileInput {
  profileId: string;
  pin?: string;
}
export interface ChooseProfileData {
  token: string;
  profile: Profile | null;
  language?: AccountLanguage;
}
export type ChooseProfileOutput = Outcome<ChooseProfileData>;

export interface ProfilePickerContext extends NoticeContext {
  current: string | null;
  origin: string | null;
  profiles: Profile[];
  remembered: string | null;
  /** The profile being chosen (or whose PIN is asked). */
  picked: string | null;
  pin: string;
  /** Under the PIN field: the PIN's rule, or the server's refusal (wrong PIN, tries left, locked). */
  pinError: NoticeMessage | null;
}

export type ProfilePickerEvent =
  | { type: 'profile.pick'; profileId: string }
  | { type: 'pin.change'; value: string }
  | { type: 'pin.submit' }
  /** Back to the profiles (from the PIN, a lock, or a failed choice). */
  | { type: 'profiles.back' }
  | { type: 'retry' };

const pickedProfile = (context: ProfilePickerContext): Profile | undefined => context.profiles.find((p) => p.id === context.picked);

/** The owner's profile is on this sign-in: it may manage the profiles. */
export const canManageProfiles = (context: Pick<ProfilePickerContext, 'profiles' | 'current'>): boolean =>
  context.profiles.some((p) => p.id === context.current && p.owner);

/** Where to go once chosen: the kept origin (never the picker itself), else /home. */
const destination = (origin: string | null): string =>
  origin && origin.split(/[?#]/)[0] !== routes.profiles.path ? origin : routes.home.path;

/** On arrival (no profile chosen, the list's first load), the remembered profile when it is still there. */
const rememberedOf = (context: ProfilePickerContext, output: LoadProfilesOutput): Profile | undefined =>
  context.current === null && context.profiles.length === 0 && output.kind === 'ok'
    ? output.data.profiles.find((p) => p.id === output.data.remembered)
    : undefined;

const take = { type: 'take', params: outcomeOf } as const;
type Refusal = ReturnType<typeof choiceRefusal>;
/** The guard and the action for a choice refused as `kind` (domain/profiles `choiceRefusal`). */
const refusal = (kind: Refusal) =>
  ({
    type: 'refusedAs',
    params: ({ event }: { event: { output: ChooseProfileOutput } | { error: unknown } }) => ({ outcome: outcomeOf({ event }), kind }),
  }) as const;

export const profilePickerMachine = setup({
  types: {
    context: {} as ProfilePickerContext,
    events: {} as ProfilePickerEvent,
    input: {} as ProfilePickerInput,
    emitted: {} as Navigation,
  },
  actors: {
    loadProfiles: fromOutcome<LoadProfilesData>(),
    chooseProfile: fromOutcome<ChooseProfileData, ChooseProfileInput>(),
  },
  actions: {
    /** Hand the chosen profile and its token to the session (provided by the app). */
    tellSession: (_, _choice: ProfileChoice) => {},
    /** Remember the choice on this device for the account (provided by the app). */
    rememberChoice: (_, _profileId: string) => {},
    take: assign((_, output: LoadProfilesOutput) => (output.kind === 'ok' ? { profiles: output.data.profiles, remembered: output.data.remembered } : {})),
    pickRemembered: assign({ picked: ({ context }) => context.remembered }),
    pick: assign(({ event }) => (event.type === 'profile.pick' ? { picked: event.profileId, pin: '', pinError: null, notice: null } : {})),
    forgetPick: assign({ picked: null, pin: '', pinError: null }),
    changePin: assign(({ event }) => (event.type === 'pin.change' ? { pin: pinDigits(event.value), pinError: null } : {})),
    showPinIncomplete: assign({ pinError: profileMessages.pinIncomplete }),
    /** A refusal about the PIN goes under its field (emptied); any other, to the banner. */
    refusedAs: assign(({ context }, { outcome, kind }: { outcome: Outcome<unknown>; kind: Refusal }) =>
      kind === 'pin' || kind === 'locked'
        ? { pin: '', pinError: serverMessage(outcome) ?? serverFailureNotice(outcome).message }
        : noticeShown(context, serverFailureNotice(outcome)),
    ),
    showFailure: assign(({ context }, outcome: Outcome<unknown>) => noticeShown(context, serverFailureNotice(outcome))),
    clearNotice: assign({ notice: null }),
    goOn: emit(({ context }) => goTo(destination(context.origin))),
  },
  guards: {
    ...outcomeGuards,
    rememberedOpen: ({ context }, output: LoadProfilesOutput) => rememberedOf(context, output)?.locked === false,
    rememberedLocked: ({ context }, output: LoadProfilesOutput) => rememberedOf(context, output)?.locked === true,
    pickedLocked: ({ context, event }) => event.type === 'profile.pick' && context.profiles.some((p) => p.id === event.profileId && p.locked),
    pinComplete: ({ context }) => isCompletePin(context.pin),
    refusedAs: (_, { outcome, kind }: { outcome: Outcome<unknown>; kind: Refusal }) => choiceRefusal(outcome) === kind,
  },
}).createMachine({
  id: 'profilePicker',
  context: ({ input }) => ({
    current: input.current,
    origin: input.origin,
    profiles: [],
    remembered: null,
    picked: null,
    pin: '',
    pinError: null,
    notice: null,
    scrollToTop: 0,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadProfiles',
        onDone: [
          { guard: { type: 'rememberedOpen', params: outcomeOf }, target: 'choosing', actions: [take, 'pickRemembered'] },
          { guard: { type: 'rememberedLocked', params: outcomeOf }, target: 'askingPin', actions: [take, 'pickRemembered'] },
          { guard: { type: 'succeeded', params: outcomeOf }, target: 'picking', actions: take },
          { guard: { type: 'isQuiet', params: outcomeOf }, target: 'abandoned' },
          { target: 'failed', actions: { type: 'showFailure', params: outcomeOf } },
        ],
        onError: { target: 'failed', actions: { type: 'showFailure', params: outcomeOf } },
      },
    },
    /** The profiles could not be loaded (refused, or offline): Try again. */
    failed: { on: { retry: { target: 'loading', actions: 'clearNotice' } } },
    picking: {
      entry: 'forgetPick',
      on: {
        'profile.pick': [
          { guard: 'pickedLocked', target: 'askingPin', actions: 'pick' },
          { target: 'choosing', actions: 'pick' },
        ],
      },
    },
    askingPin: {
      tags: ['pin'],
      on: {
        'pin.change': { actions: 'changePin' },
        'pin.submit': [{ guard: 'pinComplete', target: 'choosing', actions: 'clearNotice' }, { actions: 'showPinIncomplete' }],
        'profiles.back': { target: 'picking' },
      },
    },
    choosing: {
      tags: ['busy'],
      invoke: {
        src: 'chooseProfile',
        // The PIN whenever one was asked (a profile locked since the list was loaded asks it too).
        input: ({ context }) => ({ profileId: context.picked ?? '', ...(context.pin ? { pin: context.pin } : {}) }),
        onDone: [
          {
            guard: { type: 'succeeded', params: outcomeOf },
            target: 'chosen',
            // Remembered first: telling the session replaces the token the account is read from.
            actions: [
              { type: 'rememberChoice', params: ({ context }) => context.picked ?? '' },
              {
                type: 'tellSession',
                params: ({ context, event }) => {
                  const data = event.output.kind === 'ok' ? event.output.data : null;
                  const profile = data?.profile ?? (pickedProfile(context) as Profile);
                  return { token: data?.token ?? '', profile, ...(data?.language ? { language: data.language } : {}) };
                },
              },
              'goOn',
            ],
          },
          { guard: { type: 'isQuiet', params: outcomeOf }, target: 'abandoned' },
          { guard: refusal('locked'), target: 'pinLocked', actions: refusal('locked') },
          { guard: refusal('pin'), target: 'askingPin', actions: refusal('pin') },
          // Deleted meanwhile: the list again, saying so.
          { guard: refusal('gone'), target: 'loading', actions: refusal('gone') },
          { target: 'chooseFailed', actions: { type: 'showFailure', params: outcomeOf } },
        ],
        onError: { target: 'chooseFailed', actions: { type: 'showFailure', params: outcomeOf } },
      },
    },
    /** Five wrong PINs in a row: the profile is locked for 15 minutes; another may be chosen. */
    pinLocked: { tags: ['pin'], on: { 'profiles.back': { target: 'picking' } } },
    /** The choice got no answer or an unexpected one: Try again, or back to the profiles. */
    chooseFailed: {
      on: {
        retry: { target: 'choosing', actions: 'clearNotice' },
        'profiles.back': { target: 'picking', actions: 'clearNotice' },
      },
    },
    chosen: { type: 'final' },
    /** The request was cancelled or the session ended. */
    abandoned: { type: 'final' },
  },
});

export type ProfilePickerMachine = typeof profilePickerMachine;
