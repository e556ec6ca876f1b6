// The app's long-lived actors (session, language and connectivity, created outside React), what the screen
// machines' implementations need from the app (each flow's actors.ts builds on them), and the
// typed hooks screens use. `createAppActors(deps)` builds all of it; tests pass fakes.
import { createContext, useCallback, useContext } from 'react';
import { useSelector } from '@xstate/react';
import { createActor, fromPromise, type Actor, type ActorOptions, type AnyActorLogic, type SnapshotFrom } from 'xstate';
import type { AuthBridge } from '@api/client';
import type { Api } from '@api/calls';
import { favouritesMachine, type FavouritesMachine } from '@machines/favourites.machine';
import { connectivityMachine, type ConnectivityMachine } from '@machines/connectivity.machine';
import { progressQueueMachine, type FlushOutcome } from '@machines/progress-queue.machine';
import { membershipMachine, type MembershipMachine } from '@machines/membership.machine';
import { languageMachine, type Language, type LanguageMachine } from '@machines/language.machine';
import { sessionMachine, type SessionMachine } from '@machines/session.machine';
import { accountOf, type SessionArrival } from '@domain/session-user';
import { unreachable } from '@domain/request-outcome';
import { fromCall } from './call-actor';
import { browserConnectivity, type ConnectivitySource } from './connectivity';
import { claimDownloads, downloadsHeld, releaseDownloads } from './downloads/ownership';
import { createAuthBridge } from './session-token';
import type { Persistence } from './persistence';
import type { ProgressStore } from './progress-queue';

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
  /** Where progress reports that could not be sent wait (IndexedDB by default, memory where there is none). */
  progressStore?: ProgressStore;
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
        refreshToken: fromCall((_, signal) => api.refresh(signal)),
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
          void queue().then((loaded) => loaded.keepOnly(user.email)).catch(() => undefined);
        },
        releaseDevice: () => void releaseDownloads(persistence).catch(() => undefined),
        forgetQueuedReports: () => void queue().then((loaded) => loaded.keepOnly(null)).catch(() => undefined),
        // Once this sign-in has been taken (a microtask later), so that telling the account the
        // browser's own language carries the new session's token.
        adoptLanguage: (_, value) => {
          if (value) queueMicrotask(() => language.send({ type: 'language.adopt', language: value }));
        },
      },
    }),
    actorOptions,
  );
  sessionActor = session;

  /** The account's saved classes, one list for every screen (machines/favourites.machine.ts). */
  const favourites = createActor(
    favouritesMachine.provide({ actors: { loadFavourites: fromCall((_, signal) => api.listFavourites(signal)), setFavourite: fromCall(api.setFavourite) } }),
    actorOptions,
  );
  /** Whether the account subscribes: the navigation's subscribers' links (machines/membership.machine.ts). */
  const membership = createActor(membershipMachine.provide({ actors: { loadMembership: fromCall((_, signal) => api.membership(signal)) } }), actorOptions);
  const network = deps.connectivity ?? browserConnectivity();
  const connectivity = createActor(connectivityMachine.provide({ actors: { watchConnectivity: network.watch } }), {
    ...actorOptions,
    input: { online: network.online() },
  });

  /**
   * Progress that could not be sent waits on the device and is sent when it can be (decision
   * 041). The queue's code loads at the first report or flush, which only a signed-in account
   * makes (at once: a sign-in asks for a flush): a visitor's first page does not carry it.
   */
  let queueActor: Actor<typeof progressQueueMachine> | null = null;
  let loadingQueue: Promise<ReturnType<typeof import('./progress-queue').progressQueue>> | null = null;
  const queue = () =>
    (loadingQueue ??= import('./progress-queue').then(({ indexedDbProgressStore, memoryProgressStore, progressQueue }) =>
      progressQueue({
        api,
        store: deps.progressStore ?? (typeof indexedDB === 'undefined' ? memoryProgressStore() : indexedDbProgressStore()),
        account: () => session.getSnapshot().context.user?.email ?? null,
        online: () => connectivity.getSnapshot().matches('online'),
        flushSoon: () => queueActor?.send({ type: 'queue.flush' }),
      }),
    ).catch((error: unknown) => {
      loadingQueue = null;
      throw error;
    }));
  /** A report before the queue's code could be fetched is one that got no answer. */
  const reportProgress: Api['saveProgress'] = async (report, signal) => {
    let loaded: Awaited<ReturnType<typeof queue>>;
    try {
      loaded = await queue();
    } catch {
      return unreachable;
    }
    return loaded.reportProgress(report, signal);
  };
  const progressQueueActor = createActor(progressQueueMachine.provide({ actors: { flushQueue: fromPromise(async (): Promise<FlushOutcome> => (session.getSnapshot().context.user ? (await queue()).flush() : { kind: 'sent' })) } }), {
    ...actorOptions,
    input: { online: network.online() },
  });
  queueActor = progressQueueActor;

  /** Sign-in and sign-up flows hand their user to the session through this action. */
  const tellSession = (_: unknown, arrival: SessionArrival) => session.send({ type: 'session.signIn', ...arrival });

  return {
    session,
    language,
    favourites,
    membership,
    connectivity,
    tellSession,
    api,
    /** How the player saves progress: sent, or queued on the device while it cannot be. */
    reportProgress,
    progressQueue: progressQueueActor,
    deviceId,
    /** The account signed in now (its id), whose downloads this browser holds; null for a visitor. */
    account: (): string | null => {
      const { user } = session.getSnapshot().context;
      return user ? accountOf(user) : null;
    },
    persistence,
    actorOptions,
    leave: deps.leave ?? leaveForProvider,
    /** Starts the long-lived actors (the session begins restoring the persisted user). */
    start() {
      progressQueueActor.start();
      session.start();
      language.start();
      favourites.start();
      membership.start();
      // Told of the session now and of each sign-in and sign-out after.
      let signedIn: boolean | null = null;
      const tell = (user: unknown) => {
        if ((user !== null) === signedIn) return;
        signedIn = user !== null;
        favourites.send({ type: 'session.changed', signedIn });
        // Signed in (at start or later): what this account queued offline is sent now.
        if (signedIn) progressQueueActor.send({ type: 'queue.flush' });
        membership.send({ type: 'session.changed', signedIn });
      };
      tell(session.getSnapshot().context.user);
      session.subscribe((snapshot) => tell(snapshot.context.user));
      connectivity.start();
      connectivity.subscribe((snapshot) => progressQueueActor.send({ type: snapshot.matches('online') ? 'connection.online' : 'connection.offline' }));
    },
  };
}

export type AppActors = ReturnType<typeof createAppActors>;
export type SessionSnapshot = SnapshotFrom<SessionMachine>;

export const AppActorsContext = createContext<AppActors | null>(null);

export function useAppActors(): AppActors {
  const actors = useContext(AppActorsContext);
  if (!actors) throw new Error('useAppActors outside <AppActorsContext.Provider>');
  return actors;
}

const sameValue = Object.is;

/** A value read from the session snapshot, re-rendering only when it changes. */
export function useSession<T>(select: (snapshot: SessionSnapshot) => T, compare: (a: T, b: T) => boolean = sameValue): T {
  return useSelector(useAppActors().session, select, compare);
}

export function useSessionSend(): Actor<SessionMachine>['send'] {
  const { session } = useAppActors();
  return session.send.bind(session);
}

/** The saved classes: whether one is saved, toggling it, and the list ("My list"). */
export function useFavourites() {
  const { favourites } = useAppActors();
  const actor = favourites as Actor<FavouritesMachine>;
  const ids = useSelector(actor, (snapshot) => snapshot.context.ids);
  const classes = useSelector(actor, (snapshot) => snapshot.context.classes);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const known = useSelector(actor, (snapshot) => snapshot.matches('ready') || snapshot.matches('saving'));
  const toggle = useCallback((classId: string) => actor.send({ type: 'favourite.toggle', classId }), [actor]);
  const refresh = useCallback(() => actor.send({ type: 'favourites.refresh' }), [actor]);
  return { ids, classes, busy, known, toggle, refresh };
}

export function useLanguage(): [Language, (language: Language) => void] {
  const { language } = useAppActors();
  const value = useSelector(language as Actor<LanguageMachine>, (snapshot) => snapshot.context.language);
  return [value, (next) => language.send({ type: 'language.set', language: next })];
}

/** The device is offline (the pages that need the network say so). */
/** Whether the signed-in account subscribes, and a way to ask again (after a checkout or a cancellation). */
export function useMembership(): [boolean, () => void] {
  const { membership } = useAppActors();
  const actor = membership as Actor<MembershipMachine>;
  const subscriber = useSelector(actor, (snapshot) => snapshot.context.subscriber);
  const refresh = useCallback(() => actor.send({ type: 'membership.refresh' }), [actor]);
  return [subscriber, refresh];
}

export function useOffline(): boolean {
  const { connectivity } = useAppActors();
  return useSelector(connectivity as Actor<ConnectivityMachine>, (snapshot) => snapshot.matches('offline'));
}
