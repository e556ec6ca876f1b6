// The app's long-lived actors (session, language and connectivity, created outside React) and
// what the screen machines' implementations need from the app (src/lib/app-actors.ts `AppActors`,
// which each flow's actors.ts builds on). `createAppActors(deps)` builds all of it and starts the
// features' long-lived actors with it; tests pass fakes.
import { createActor, fromPromise, type Actor, type ActorOptions, type AnyActorLogic } from 'xstate';
import type { AuthBridge } from '@api/client';
import type { Api } from '@api/calls';
import { connectivityMachine } from '@machines/connectivity.machine';
import { languageMachine, type Language } from '@machines/language.machine';
import { sessionMachine, type RefreshedToken, type SessionMachine } from '@machines/session.machine';
import { accountOf, type SessionArrival } from '@domain/session-user';
import { claimDownloads, downloadsHeld, releaseDownloads } from '@features/downloads';
import { appInstallOf } from '@features/app-install';
import { favouritesOf } from '@features/favourites';
import { membershipOf } from '@features/membership';
import { progressQueueOf } from '@features/progress-queue';
import type { AppActors } from '@lib/app-actors';
import { fromCall } from '@lib/call-actor';
import { browserConnectivity, type ConnectivitySource } from './connectivity';
import { createAuthBridge } from './session-token';
import type { Persistence } from '@lib/persistence';

type Clock = NonNullable<ActorOptions<AnyActorLogic>['clock']>;
type Inspect = ActorOptions<AnyActorLogic>['inspect'];

export interface AppDeps {
  /**
   * The API, or a factory given the auth bridge and the interface language (the real client
   * needs the session's token and says the language on every request).
   */
  api: Api | ((auth: AuthBridge, language: () => Language) => Api);
  persistence: Persistence;
  /** Leave the app for another site (the provider's checkout page). */
  leave?: (url: string) => void;
  /** A simulated clock for tests; the real one otherwise. */
  clock?: Clock;
  /** Development only: the Stately inspector (`?inspect`). */
  inspect?: Inspect;
  /** The language a pre-rendered page was drawn in: the app's until one is chosen here. */
  pageLanguage?: string;
  /** Whether the device is online, and its changes (the browser's by default). */
  connectivity?: ConnectivitySource;
}

/**
 * Leaves the app for the payment provider. Coming back with Back may restore this page from
 * the back/forward cache, frozen in the busy state that left: load it afresh instead.
 */
function leaveForProvider(url: string): void {
  window.addEventListener('pageshow', (event) => event.persisted && window.location.reload(), { once: true });
  window.location.assign(url);
}

export function createAppActors(deps: AppDeps) {
  const { persistence, clock, inspect } = deps;
  // Only options that are set: an explicit `clock: undefined` would replace xstate's clock.
  const actorOptions = { ...(clock ? { clock } : {}), ...(inspect ? { inspect } : {}) };
  let sessionActor: Actor<SessionMachine> | null = null;
  const auth = createAuthBridge(() => {
    if (!sessionActor) throw new Error('the session actor is not created yet');
    return sessionActor;
  });
  const language = createActor(
    languageMachine.provide({
      actions: {
        persistLanguage: (_, value: Language) => persistence.writeLanguage(value),
        // Signed in, the account keeps it too (emails are written in it); a failure changes nothing here.
        keepOnAccount: (_, value: Language) => {
          if (sessionActor?.getSnapshot().context.user) void api.setAccountLanguage({ language: value });
        },
      },
    }),
    { ...actorOptions, input: { language: persistence.readLanguage(), fallback: deps.pageLanguage ?? null } },
  );
  const api = typeof deps.api === 'function' ? deps.api(auth, () => language.getSnapshot().context.language) : deps.api;
  const deviceId = persistence.deviceId();

  const session = createActor(
    sessionMachine.provide({
      actors: {
        restorePersisted: fromPromise(async () => persistence.readSession()),
        exchangeLinkToken: fromCall(api.exchangeLinkToken),
        refreshToken: fromCall<RefreshedToken, unknown>((_, signal) => api.refresh(signal)),
        revokeSession: fromPromise(async ({ signal }) => {
          await api.logout(signal);
        }),
        countDownloads: fromPromise(async ({ input }) => {
          const account = accountOf(input);
          return account ? downloadsHeld(persistence, account) : 0;
        }),
      },
      actions: {
        persistSession: ({ context }) => {
          if (context.user) persistence.writeSession({ user: context.user, remember: context.remember });
        },
        purgePersisted: () => persistence.purgeSession(),
        // Another account's downloads and queued reports go before this one's are read or made.
        claimDevice: (_, user) => {
          const account = user ? accountOf(user) : null;
          if (!user || !account) return;
          void claimDownloads(persistence, account).catch(() => undefined);
          void progressQueueOf(app).keepOnly(user.email).catch(() => undefined);
        },
        releaseDevice: () => void releaseDownloads(persistence).catch(() => undefined),
        forgetQueuedReports: () => void progressQueueOf(app).keepOnly(null).catch(() => undefined),
        // Once this sign-in has been taken (a microtask later), so that telling the account the
        // browser's own language carries the new session's token.
        adoptLanguage: (_, value) => {
          if (value) queueMicrotask(() => language.send({ type: 'language.adopt', language: value }));
        },
        speakLanguage: (_, value) => {
          if (value) queueMicrotask(() => language.send({ type: 'language.set', language: value }));
        },
      },
    }),
    actorOptions,
  );
  sessionActor = session;

  const network = deps.connectivity ?? browserConnectivity();
  const connectivity = createActor(connectivityMachine.provide({ actors: { watchConnectivity: network.watch } }), {
    ...actorOptions,
    input: { online: network.online() },
  });

  /** Sign-in and sign-up flows hand their user to the session through this action. */
  const tellSession = (_: unknown, arrival: SessionArrival) => session.send({ type: 'session.signIn', ...arrival });

  const app: AppActors = {
    session,
    language,
    connectivity,
    tellSession,
    api,
    deviceId,
    account: () => {
      const { user } = session.getSnapshot().context;
      return user ? accountOf(user) : null;
    },
    persistence,
    actorOptions,
    leave: deps.leave ?? leaveForProvider,
  };
  // One object: the features keep their actors per app (perApp), by this object's identity.
  return Object.assign(app, {
    /** Starts the long-lived actors (the session begins restoring the persisted user) and the features'. */
    start() {
      progressQueueOf(app);
      session.start();
      language.start();
      favouritesOf(app);
      membershipOf(app);
      appInstallOf(app);
      connectivity.start();
    },
    /** Stops what start() started (a page pre-rendered at build time). */
    stop() {
      for (const actor of [session, language, favouritesOf(app), connectivity, membershipOf(app), appInstallOf(app), progressQueueOf(app).actor]) actor.stop();
    },
  });
}
