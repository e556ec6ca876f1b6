// The session: who is signed in, for how long, and the refresh race. Long-lived (created once
// by src/app/actors.ts). While `signedIn.refreshing`, every other 401 waits for the same
// outcome: one refresh however many requests failed (src/api/client.ts does the waiting).
// Only a refresh the server refuses (401) signs the user out: a refresh that got no answer
// (network down, server trouble) keeps the session, and the waiting requests report 'no
// response' to their screens. Signing out never waits more than 3 s for the server.
// This browser's downloads belong to the account signed in (docs/decisions/038): it claims them
// when it signs in; with nobody signed in they are released (deleted). Signing out asks first
// when the device holds downloads, saying they will be removed. The user carries the profile
// chosen on this sign-in: choosing one ("Who's training?") brings a token naming it.
import { assign, emit, fromPromise, setup } from 'xstate';
import type { Schemas } from '@domain/contract';
import { goTo, toSignIn, type Navigation } from '@domain/navigation';
import { serverFailureNotice, type Notice } from '@domain/failure-notice';
import { isSessionLost, type Outcome } from '@domain/request-outcome';
import { routes } from '@domain/routes';
import type { AccountLanguage, PersistedSession, ProfileChoice, SessionArrival, SessionUser, SignedInUser } from '@domain/session-user';
import { languageOf, userOf } from './account-form';
import { afterRequest, outcomeGuards, outcomeOf, showFailure, showingNotice } from './request-states';

/** A one-time sign-in link's token (the contract's exchange), the device id null when absent. */
export type LinkToken = Pick<Schemas['TokenExchangeRequest'], 'token'> & { deviceId: string | null };

/** Actor contracts the app implements. */
export type RestorePersistedOutput = PersistedSession | null;
export type ExchangeLinkTokenInput = LinkToken;
export type ExchangeLinkTokenOutput = Outcome<SignedInUser>;
/** A renewed token, and the profile it names (absent: unchanged). */
export type RefreshedToken = Pick<Schemas['AuthSuccess'], 'token'> & Partial<Pick<Schemas['AuthSuccess'], 'profile'>>;
export type RefreshTokenOutput = Outcome<RefreshedToken>;

/** A sign-in flow's arrival brings the account's language: the interface speaks it from now on. */
const adoptArrivalLanguage = {
  type: 'adoptLanguage',
  params: ({ event }: { event: SessionEvent }) => (event.type === 'session.signIn' ? event.language : undefined),
} as const;

/** A profile chosen is another person: the interface speaks that profile's language, whatever this browser spoke. */
const speakProfileLanguage = {
  type: 'speakLanguage',
  params: ({ event }: { event: SessionEvent }) => (event.type === 'session.profileChosen' ? event.language : undefined),
} as const;

/** The signed-in user claims this browser's downloads (on every way into `signedIn`, and a new sign-in there). */
const claimUsersDevice = { type: 'claimDevice', params: ({ context }: { context: SessionContext }) => context.user } as const;

/** The account's language a link exchange answered. */
const linkLanguage = ({ event }: { event: { output: ExchangeLinkTokenOutput } | { error: unknown } }) =>
  languageOf(outcomeOf<ExchangeLinkTokenOutput>({ event })).language;

export type CountDownloadsInput = SessionUser;
/** How many classes this browser holds for the account signing out. */
export type CountDownloadsOutput = number;

export interface SessionContext {
  user: SessionUser | null;
  remember: boolean;
  pendingLink: LinkToken | null;
  notice: Notice | null;
  /** The downloads signing out would remove (the confirmation says how many). */
  heldDownloads: number;
}

export type SessionEvent =
  | ({ type: 'session.signIn' } & SessionArrival)
  | { type: 'session.exchange'; token: string; deviceId: string | null }
  | { type: 'session.refresh' }
  /** A profile was chosen on this sign-in: its token and profile replace the user's. */
  | ({ type: 'session.profileChosen' } & ProfileChoice)
  | { type: 'session.expire' }
  /** Log out: asks first when this device holds downloads. */
  | { type: 'session.signOut' }
  /** Log out now (confirmed, or the account is gone). */
  | { type: 'session.signOut.confirm' }
  | { type: 'session.signOut.cancel' }
  | { type: 'notice.dismiss' };

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    emitted: {} as Navigation,
  },
  actors: {
    restorePersisted: fromPromise<RestorePersistedOutput>(async () => null),
    exchangeLinkToken: fromPromise<ExchangeLinkTokenOutput, ExchangeLinkTokenInput>(async () => ({ kind: 'unreachable' })),
    refreshToken: fromPromise<RefreshTokenOutput>(async () => ({ kind: 'unreachable' })),
    revokeSession: fromPromise<void>(async () => undefined),
    countDownloads: fromPromise<CountDownloadsOutput, CountDownloadsInput>(async () => 0),
  },
  actions: {
    /** Write user + remember to the storage remember-me chose (provided by the app). */
    persistSession: () => {},
    /** Remove the persisted user from both storages (provided by the app). */
    purgePersisted: () => {},
    /** This browser's downloads are this user's from now on; another account's go (provided by the app). */
    claimDevice: (_, _user: SessionUser | null) => {},
    /** Nobody is signed in: this browser's downloads go (provided by the app). */
    releaseDevice: () => {},
    /** Signed out on purpose: the progress reports queued here go too (provided by the app). */
    forgetQueuedReports: () => {},
    rememberLink: assign({
      pendingLink: ({ event }) =>
        event.type === 'session.exchange' ? { token: event.token, deviceId: event.deviceId } : null,
    }),
    forgetLink: assign({ pendingLink: null }),
    signInFromEvent: assign(({ event }) => (event.type === 'session.signIn' ? { user: event.user, remember: event.remember, notice: null } : {})),
    takeProfileChoice: assign({
      user: ({ context, event }) =>
        context.user && event.type === 'session.profileChosen' ? { ...context.user, token: event.token, profile: event.profile } : context.user,
    }),
    takeLinkUser: assign({ user: (_, output: ExchangeLinkTokenOutput) => (output.kind === 'ok' ? userOf(output) : null), remember: false }),
    /** Speak the account's language from now on (provided by the app: the language actor). */
    adoptLanguage: (_, _language: AccountLanguage | undefined) => {},
    /** Speak this language from now on (provided by the app: the language actor's `language.set`). */
    speakLanguage: (_, _language: AccountLanguage | undefined) => {},
    clearUser: assign({ user: null, remember: false }),
    /** Where the sign-in flow said the user goes next (replacing history). */
    goOn: emit(({ event }) => goTo(event.type === 'session.signIn' ? event.to : routes.home.path)),
    goHome: emit(goTo(routes.home.path)),
    goToLogin: emit(toSignIn(true)),
    goToLanding: emit(goTo(routes.landing.path, false)),
    showFailure: assign({ notice: (_, outcome: Outcome<unknown>) => serverFailureNotice(outcome) }),
    clearNotice: assign({ notice: null }),
  },
  guards: {
    holdsDownloads: (_, count: CountDownloadsOutput) => count > 0,
    restoredUser: (_, output: RestorePersistedOutput) => output !== null,
    hasPendingLink: ({ context }) => context.pendingLink !== null,
    ...outcomeGuards,
    /** The server refused the refresh cookie: the session is over (expired, revoked or replayed). */
    refreshRefused: (_, output: RefreshTokenOutput) => isSessionLost(output),
  },
  delays: {
    restoreLimit: 5000,
    exchangeNoticeDuration: 5000,
    /** How long signing out waits for the server before finishing locally (the user is already signed out here). */
    signOutLimit: 3000,
  },
}).createMachine({
  id: 'session',
  context: { user: null, remember: false, pendingLink: null, notice: null, heldDownloads: 0 },
  initial: 'restoring',
  states: {
    restoring: {
      invoke: {
        src: 'restorePersisted',
        onDone: [
          {
            guard: { type: 'restoredUser', params: ({ event }) => event.output },
            target: 'signedIn',
            actions: assign(({ event }) => ({ user: event.output?.user ?? null, remember: event.output?.remember ?? false })),
          },
          { target: 'visitor' },
        ],
        onError: { target: 'visitor' },
      },
      after: { restoreLimit: { target: 'visitor' } },
      on: { 'session.exchange': { actions: 'rememberLink' } },
    },
    visitor: {
      initial: 'idle',
      entry: 'releaseDevice',
      always: { guard: 'hasPendingLink', target: 'exchanging' },
      on: {
        'session.signIn': { target: 'signedIn', actions: ['signInFromEvent', 'persistSession', adoptArrivalLanguage, 'goOn'] },
        'session.exchange': { target: 'exchanging', actions: 'rememberLink' },
      },
      states: {
        idle: {},
        showingNotice: showingNotice('exchangeNoticeDuration', 'idle'),
      },
    },
    exchanging: {
      tags: ['busy'],
      invoke: {
        src: 'exchangeLinkToken',
        input: ({ context }) => context.pendingLink ?? { token: '', deviceId: null },
        ...afterRequest({
          ok: {
            target: 'signedIn',
            actions: [
              { type: 'takeLinkUser', params: outcomeOf },
              'persistSession',
              { type: 'adoptLanguage', params: linkLanguage },
              'goHome',
            ],
          },
          quiet: { target: 'visitor' },
          quietWhen: 'wasCancelled',
          failed: { target: 'visitor.showingNotice', actions: showFailure },
        }),
      },
      exit: 'forgetLink',
    },
    signedIn: {
      initial: 'active',
      entry: ['forgetLink', claimUsersDevice],
      on: {
        'session.signIn': { target: '.active', actions: ['signInFromEvent', 'persistSession', adoptArrivalLanguage, claimUsersDevice, 'goOn'] },
        'session.profileChosen': { actions: ['takeProfileChoice', 'persistSession', speakProfileLanguage] },
        'session.expire': { target: 'visitor', actions: ['clearUser', 'purgePersisted', 'goToLogin'] },
        'session.signOut': { target: '.checkingDownloads' },
        'session.signOut.confirm': { target: 'signingOut' },
      },
      states: {
        active: {
          on: { 'session.refresh': { target: 'refreshing' } },
        },
        refreshing: {
          tags: ['refreshing'],
          invoke: {
            src: 'refreshToken',
            onDone: [
              {
                guard: { type: 'succeeded', params: outcomeOf },
                target: 'active',
                actions: [
                  // The answer names the profile of this sign-in too (null: none chosen, "Who's training?").
                  assign({
                    user: ({ context, event }) =>
                      context.user && event.output.kind === 'ok'
                        ? { ...context.user, token: event.output.data.token, profile: event.output.data.profile === undefined ? context.user.profile : event.output.data.profile }
                        : null,
                  }),
                  'persistSession',
                ],
              },
              {
                guard: { type: 'refreshRefused', params: outcomeOf },
                target: '#session.visitor',
                actions: ['clearUser', 'purgePersisted', 'goToLogin'],
              },
              // No answer, a server error, or cancelled: the token is unchanged and the user stays
              // signed in; the next 401 tries again.
              { target: 'active' },
            ],
            onError: { target: 'active' },
          },
        },
        checkingDownloads: {
          invoke: {
            src: 'countDownloads',
            input: ({ context }) => context.user ?? { email: '', token: '', profile: null },
            onDone: [
              {
                guard: { type: 'holdsDownloads', params: ({ event }) => event.output },
                target: 'confirmingSignOut',
                actions: assign({ heldDownloads: ({ event }) => event.output }),
              },
              { target: '#session.signingOut' },
            ],
            // Unreadable storage holds nothing the sign-out could keep: signing out deletes what is there.
            onError: { target: '#session.signingOut' },
          },
        },
        confirmingSignOut: {
          tags: ['confirmingSignOut'],
          on: { 'session.signOut.cancel': { target: 'active' } },
        },
      },
    },
    signingOut: {
      tags: ['busy'],
      entry: ['clearUser', 'purgePersisted', 'releaseDevice', 'forgetQueuedReports', 'goToLanding'],
      invoke: {
        src: 'revokeSession',
        onDone: { target: 'visitor' },
        onError: { target: 'visitor' },
      },
      // A logout call that hangs must not hold the app: the server session expires, or is revoked
      // when its refresh token is next presented.
      after: { signOutLimit: { target: 'visitor' } },
    },
  },
});

export type SessionMachine = typeof sessionMachine;
