// The session: who is signed in, for how long, and the refresh race. Long-lived (created once
// by src/app/actors.ts). While `signedIn.refreshing`, every other 401 waits for the same
// outcome: one refresh however many requests failed (src/api/client.ts does the waiting).
// Only a refresh the server refuses (401) signs the user out: a refresh that got no answer
// (network down, server trouble) keeps the session, and the waiting requests report 'no
// response' to their screens. Signing out never waits more than 3 s for the server.
import { assign, fromPromise, setup } from 'xstate';
import type { Navigation } from '../src/domain/navigation';
import { flowPaths, goTo } from '../src/domain/navigation';
import type { Notice } from '../src/domain/notices';
import { serverFailureNotice } from '../src/domain/notices';
import type { Outcome } from '../src/domain/request-outcome';
import type { PersistedSession, SessionUser } from '../src/domain/session-user';

export interface LinkToken {
  token: string;
  deviceId: string | null;
}

/** Actor contracts the app implements. */
export type RestorePersistedOutput = PersistedSession | null;
export type ExchangeLinkTokenInput = LinkToken;
export type ExchangeLinkTokenOutput = Outcome<SessionUser>;
export type RefreshTokenOutput = Outcome<{ token: string }>;

export interface SessionContext {
  user: SessionUser | null;
  remember: boolean;
  pendingLink: LinkToken | null;
  notice: Notice | null;
  navigation: Navigation | null;
}

export type SessionEvent =
  | { type: 'session.signIn'; user: SessionUser; remember: boolean; to: string }
  | { type: 'session.exchange'; token: string; deviceId: string | null }
  | { type: 'session.refresh' }
  | { type: 'session.expire' }
  | { type: 'session.signOut' }
  | { type: 'notice.dismiss' }
  | { type: 'navigation.done' };

const toLogin: Navigation = { to: flowPaths.login, replace: true, keepOrigin: true };

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    restorePersisted: fromPromise<RestorePersistedOutput>(async () => null),
    exchangeLinkToken: fromPromise<ExchangeLinkTokenOutput, ExchangeLinkTokenInput>(async () => ({ kind: 'unreachable' })),
    refreshToken: fromPromise<RefreshTokenOutput>(async () => ({ kind: 'unreachable' })),
    revokeSession: fromPromise<void>(async () => undefined),
  },
  actions: {
    /** Write user + remember to the storage remember-me chose (provided by the app). */
    persistSession: () => {},
    /** Remove the persisted user from both storages (provided by the app). */
    purgePersisted: () => {},
    rememberLink: assign({
      pendingLink: ({ event }) =>
        event.type === 'session.exchange' ? { token: event.token, deviceId: event.deviceId } : null,
    }),
    forgetLink: assign({ pendingLink: null }),
    signInFromEvent: assign(({ event }) =>
      event.type === 'session.signIn'
        ? { user: event.user, remember: event.remember, notice: null, navigation: goTo(event.to) }
        : {},
    ),
    clearUser: assign({ user: null, remember: false }),
    goToLogin: assign({ navigation: toLogin }),
    goToLanding: assign({ navigation: goTo(flowPaths.landing, false) }),
    clearNotice: assign({ notice: null }),
    clearNavigation: assign({ navigation: null }),
  },
  guards: {
    restoredUser: (_, output: RestorePersistedOutput) => output !== null,
    hasPendingLink: ({ context }) => context.pendingLink !== null,
    exchangeSucceeded: (_, output: ExchangeLinkTokenOutput) => output.kind === 'ok',
    exchangeCancelled: (_, output: ExchangeLinkTokenOutput) => output.kind === 'cancelled',
    refreshSucceeded: (_, output: RefreshTokenOutput) => output.kind === 'ok',
    /** The server refused the refresh cookie: the session is over (expired, revoked or replayed). */
    refreshRefused: (_, output: RefreshTokenOutput) => output.kind === 'failed' && output.status === 401,
  },
  delays: {
    restoreLimit: 5000,
    exchangeNoticeDuration: 5000,
    /** How long signing out waits for the server before finishing locally (the user is already signed out here). */
    signOutLimit: 3000,
  },
}).createMachine({
  id: 'session',
  context: { user: null, remember: false, pendingLink: null, notice: null, navigation: null },
  initial: 'restoring',
  on: {
    'navigation.done': { actions: 'clearNavigation' },
  },
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
      always: { guard: 'hasPendingLink', target: 'exchanging' },
      on: {
        'session.signIn': { target: 'signedIn', actions: ['signInFromEvent', 'persistSession'] },
        'session.exchange': { target: 'exchanging', actions: 'rememberLink' },
      },
      states: {
        idle: {},
        showingNotice: {
          after: { exchangeNoticeDuration: { target: 'idle' } },
          on: { 'notice.dismiss': { target: 'idle' } },
          exit: 'clearNotice',
        },
      },
    },
    exchanging: {
      tags: ['busy'],
      invoke: {
        src: 'exchangeLinkToken',
        input: ({ context }) => context.pendingLink ?? { token: '', deviceId: null },
        onDone: [
          {
            guard: { type: 'exchangeSucceeded', params: ({ event }) => event.output },
            target: 'signedIn',
            actions: [
              assign(({ event }) => ({
                user: event.output.kind === 'ok' ? event.output.data : null,
                remember: false,
                navigation: goTo(flowPaths.home),
              })),
              'persistSession',
            ],
          },
          { guard: { type: 'exchangeCancelled', params: ({ event }) => event.output }, target: 'visitor' },
          {
            target: 'visitor.showingNotice',
            actions: assign({ notice: ({ event }) => serverFailureNotice(event.output) }),
          },
        ],
        onError: {
          target: 'visitor.showingNotice',
          actions: assign({ notice: () => serverFailureNotice({ kind: 'unreachable' }) }),
        },
      },
      exit: 'forgetLink',
    },
    signedIn: {
      initial: 'active',
      entry: 'forgetLink',
      on: {
        'session.signIn': { target: '.active', actions: ['signInFromEvent', 'persistSession'] },
        'session.expire': { target: 'visitor', actions: ['clearUser', 'purgePersisted', 'goToLogin'] },
        'session.signOut': { target: 'signingOut' },
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
                guard: { type: 'refreshSucceeded', params: ({ event }) => event.output },
                target: 'active',
                actions: [
                  assign({
                    user: ({ context, event }) =>
                      context.user && event.output.kind === 'ok' ? { ...context.user, token: event.output.data.token } : null,
                  }),
                  'persistSession',
                ],
              },
              {
                guard: { type: 'refreshRefused', params: ({ event }) => event.output },
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
      },
    },
    signingOut: {
      tags: ['busy'],
      entry: ['clearUser', 'purgePersisted', 'goToLanding'],
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
