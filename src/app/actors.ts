// The app's actors: the long-lived session and language actors (created outside React), the
// real implementations of every machine's actors, and the typed hooks screens use.
// `createAppActors(deps)` is the one function that builds all of it; tests pass fakes.
import { createContext, useContext } from 'react';
import { useSelector } from '@xstate/react';
import { createActor, fromPromise, type Actor, type ActorOptions, type AnyActorLogic, type SnapshotFrom } from 'xstate';
import type { AuthBridge } from '../api/client';
import type { Api } from '../api/endpoints';
import type {
  CancelSubscriptionInput,
  CancelSubscriptionOutput,
  LoadBillingOutput,
  OpenPaymentPortalOutput,
  ReactivateSubscriptionInput,
  ReactivateSubscriptionOutput,
} from '../../machines/billing.machine';
import type { ConfirmCheckoutInput, ConfirmCheckoutOutput } from '../../machines/checkout-return.machine';
import type { LoadHomeOutput } from '../../machines/home.machine';
import type { LoadPriceRangeOutput } from '../../machines/landing.machine';
import { languageMachine, type Language, type LanguageMachine } from '../../machines/language.machine';
import type { LoadPlansOutput, SubscribeInput, SubscribeOutput } from '../../machines/pricing.machine';
import type { SaveDetailsInput, SaveDetailsOutput, UploadImageInput, UploadImageOutput } from '../../machines/profile.machine';
import { sessionMachine, type SessionMachine } from '../../machines/session.machine';
import type { SignInInput, SignInOutput } from '../../machines/sign-in.machine';
import type { SignUpInput, SignUpOutput } from '../../machines/sign-up.machine';
import type { SessionArrival } from '../domain/session-user';
import { createAuthBridge } from './session-token';
import type { Persistence } from './persistence';

type Clock = NonNullable<ActorOptions<AnyActorLogic>['clock']>;
type Inspect = ActorOptions<AnyActorLogic>['inspect'];

/**
 * The result of a call whose actor is still running. Once the actor has been stopped (its
 * signal aborted) the result must never arrive: under React's StrictMode a screen's actor is
 * stopped and restarted, and a late 'cancelled' outcome would reach the restarted actor.
 */
function unlessAborted<T>(signal: AbortSignal, call: Promise<T>): Promise<T> {
  return call.then((result) => (signal.aborted ? new Promise<T>(() => {}) : result));
}

export interface AppDeps {
  /** The API, or a factory given the auth bridge (the real client needs the session's token). */
  api: Api | ((auth: AuthBridge) => Api);
  persistence: Persistence;
  /** Leave the app for another site (the provider's checkout page). */
  leave?: (url: string) => void;
  /** A simulated clock for tests; the real one otherwise. */
  clock?: Clock;
  /** Development only: the Stately inspector (`?inspect`). */
  inspect?: Inspect;
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
  const api = typeof deps.api === 'function' ? deps.api(auth) : deps.api;
  const deviceId = persistence.deviceId();

  const session = createActor(
    sessionMachine.provide({
      actors: {
        restorePersisted: fromPromise(async () => persistence.readSession()),
        exchangeLinkToken: fromPromise(({ input, signal }) => unlessAborted(signal, api.exchangeLinkToken(input, signal))),
        refreshToken: fromPromise(({ signal }) => unlessAborted(signal, api.refresh(signal))),
        revokeSession: fromPromise(async ({ signal }) => {
          await api.logout(signal);
        }),
      },
      actions: {
        persistSession: ({ context }) => {
          if (context.user) persistence.writeSession({ user: context.user, remember: context.remember });
        },
        purgePersisted: () => persistence.purgeSession(),
      },
    }),
    actorOptions,
  );
  sessionActor = session;

  const language = createActor(
    languageMachine.provide({ actions: { persistLanguage: (_, value: Language) => persistence.writeLanguage(value) } }),
    { ...actorOptions, input: { language: persistence.readLanguage() } },
  );

  /** Sign-in and sign-up flows hand their user to the session through this action. */
  const tellSession = (_: unknown, arrival: SessionArrival) => session.send({ type: 'session.signIn', ...arrival });

  // The real implementations of the screen machines' actors, by machine. The machines
  // themselves are imported by src/app/flows.ts, in the lazily loaded screen chunks.
  const flowActors = {
    landing: { loadPriceRange: fromPromise<LoadPriceRangeOutput>(({ signal }) => unlessAborted(signal, api.priceRange(signal))) },
    signIn: { signIn: fromPromise<SignInOutput, SignInInput>(({ input, signal }) => unlessAborted(signal, api.signIn({ ...input, deviceId }, signal))) },
    signUp: { signUp: fromPromise<SignUpOutput, SignUpInput>(({ input, signal }) => unlessAborted(signal, api.signUp({ ...input, deviceId }, signal))) },
    profile: {
      uploadImage: fromPromise<UploadImageOutput, UploadImageInput>(({ input, signal }) => unlessAborted(signal, api.uploadImage(input, signal))),
      saveDetails: fromPromise<SaveDetailsOutput, SaveDetailsInput>(({ input, signal }) => unlessAborted(signal, api.saveDetails(input, signal))),
    },
    home: { loadHome: fromPromise<LoadHomeOutput>(({ signal }) => unlessAborted(signal, api.home(signal))) },
    pricing: {
      loadPlans: fromPromise<LoadPlansOutput>(({ signal }) => unlessAborted(signal, api.listPlans(signal))),
      subscribe: fromPromise<SubscribeOutput, SubscribeInput>(({ input, signal }) => unlessAborted(signal, api.subscribe(input, signal))),
    },
    checkoutReturn: {
      confirmCheckout: fromPromise<ConfirmCheckoutOutput, ConfirmCheckoutInput>(({ input, signal }) => unlessAborted(signal, api.confirmCheckout(input, signal))),
    },
    billing: {
      loadBilling: fromPromise<LoadBillingOutput>(({ signal }) => unlessAborted(signal, api.listBilling(signal))),
      cancelSubscription: fromPromise<CancelSubscriptionOutput, CancelSubscriptionInput>(({ input, signal }) =>
        unlessAborted(signal, api.cancelSubscription(input, signal)),
      ),
      reactivateSubscription: fromPromise<ReactivateSubscriptionOutput, ReactivateSubscriptionInput>(({ input, signal }) =>
        unlessAborted(signal, api.reactivateSubscription(input, signal)),
      ),
      openPaymentPortal: fromPromise<OpenPaymentPortalOutput>(({ signal }) => unlessAborted(signal, api.openPaymentPortal(signal))),
    },
  };

  return {
    session,
    language,
    flowActors,
    tellSession,
    api,
    deviceId,
    actorOptions,
    leave: deps.leave ?? leaveForProvider,
    /** Starts the long-lived actors (the session begins restoring the persisted user). */
    start() {
      session.start();
      language.start();
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

export function useLanguage(): [Language, (language: Language) => void] {
  const { language } = useAppActors();
  const value = useSelector(language as Actor<LanguageMachine>, (snapshot) => snapshot.context.language);
  return [value, (next) => language.send({ type: 'language.set', language: next })];
}
