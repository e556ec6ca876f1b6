// The app's actors: the long-lived session and language actors (created outside React), the
// screen machines with their real actor implementations, and the typed hooks screens use.
// `createAppActors(deps)` is the one function that builds all of it; tests pass fakes.
import { createContext, useContext } from 'react';
import { useMachine, useSelector } from '@xstate/react';
import { createActor, fromPromise, type Actor, type ActorOptions, type AnyActorLogic, type AnyStateMachine, type InputFrom, type SnapshotFrom } from 'xstate';
import type { AuthBridge } from '../api/client';
import type { Api } from '../api/endpoints';
import { billingMachine } from '../../machines/billing.machine';
import { checkoutReturnMachine } from '../../machines/checkout-return.machine';
import { homeMachine } from '../../machines/home.machine';
import { languageMachine, type Language, type LanguageMachine } from '../../machines/language.machine';
import { pricingMachine } from '../../machines/pricing.machine';
import { profileMachine } from '../../machines/profile.machine';
import { sessionMachine, type SessionMachine } from '../../machines/session.machine';
import { signInMachine } from '../../machines/sign-in.machine';
import { signUpMachine } from '../../machines/sign-up.machine';
import type { SessionArrival } from '../domain/session-user';
import { createAuthBridge } from './session-token';
import type { Persistence } from './persistence';
import { safeOrigin } from './paths';

type Clock = NonNullable<ActorOptions<AnyActorLogic>['clock']>;

export interface AppDeps {
  /** The API, or a factory given the auth bridge (the real client needs the session's token). */
  api: Api | ((auth: AuthBridge) => Api);
  persistence: Persistence;
  /** Leave the app for another site (the provider's checkout page). */
  leave?: (url: string) => void;
  /** A simulated clock for tests; the real one otherwise. */
  clock?: Clock;
}

export function createAppActors(deps: AppDeps) {
  const { persistence, clock } = deps;
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
        exchangeLinkToken: fromPromise(({ input, signal }) => api.exchangeLinkToken(input, signal)),
        refreshToken: fromPromise(({ signal }) => api.refresh(signal)),
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
    { clock },
  );
  sessionActor = session;

  const language = createActor(
    languageMachine.provide({ actions: { persistLanguage: (_, value: Language) => persistence.writeLanguage(value) } }),
    { input: { language: persistence.readLanguage() } },
  );

  const tellSession = (_: unknown, arrival: SessionArrival) => session.send({ type: 'session.signIn', ...arrival });

  const machines = {
    signIn: signInMachine.provide({
      actors: { signIn: fromPromise(({ input, signal }) => api.signIn({ ...input, deviceId }, signal)) },
      actions: { tellSession },
    }),
    signUp: signUpMachine.provide({
      actors: { signUp: fromPromise(({ input, signal }) => api.signUp({ ...input, deviceId }, signal)) },
      actions: { tellSession },
    }),
    profile: profileMachine.provide({
      actors: {
        uploadImage: fromPromise(({ input, signal }) => api.uploadImage(input, signal)),
        saveDetails: fromPromise(({ input, signal }) => api.saveDetails(input, signal)),
      },
    }),
    home: homeMachine.provide({ actors: { loadHome: fromPromise(({ signal }) => api.home(signal)) } }),
    pricing: pricingMachine.provide({
      actors: {
        loadPlans: fromPromise(({ signal }) => api.listPlans(signal)),
        subscribe: fromPromise(({ input, signal }) => api.subscribe(input, signal)),
      },
    }),
    checkoutReturn: checkoutReturnMachine.provide({
      actors: { confirmCheckout: fromPromise(({ input, signal }) => api.confirmCheckout(input, signal)) },
    }),
    billing: billingMachine.provide({
      actors: {
        loadBilling: fromPromise(({ signal }) => api.listBilling(signal)),
        cancelSubscription: fromPromise(({ input, signal }) => api.cancelSubscription(input, signal)),
      },
    }),
  };

  return {
    session,
    language,
    machines,
    api,
    deviceId,
    clock,
    leave: deps.leave ?? ((url: string) => window.location.assign(url)),
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

function useFlow<TMachine extends AnyStateMachine>(machine: TMachine, input?: InputFrom<TMachine>) {
  const { clock } = useAppActors();
  // The options type of useMachine is conditional on the machine's input; the wrappers below
  // pass each machine its own input type.
  return useMachine(machine, { input, clock } as never);
}

/** Where the protected-route guard found the user (kept in history state), if anywhere. */
function rememberedOrigin(): string | null {
  const state = typeof window === 'undefined' ? null : (window.history.state as { origin?: unknown } | null);
  return safeOrigin(state?.origin);
}

export const useSignInFlow = (email?: string) => useFlow(useAppActors().machines.signIn, { origin: rememberedOrigin(), email });
export const useSignUpFlow = (email?: string) => useFlow(useAppActors().machines.signUp, { email });
export const useProfileFlow = () => useFlow(useAppActors().machines.profile);
export const useHomeFlow = (hasEmail: boolean) => useFlow(useAppActors().machines.home, { hasEmail });
export const usePricingFlow = (hasEmail: boolean) => useFlow(useAppActors().machines.pricing, { hasEmail });
export const useCheckoutReturnFlow = (sessionId: string | null) => {
  const { machines, deviceId } = useAppActors();
  return useFlow(machines.checkoutReturn, { sessionId, deviceId });
};
export const useBillingFlow = () => useFlow(useAppActors().machines.billing);
