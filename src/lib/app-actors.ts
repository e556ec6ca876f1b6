// The running app as flows and features see it: its long-lived actors (session, language,
// connectivity), the API, this device's storage, and the hooks screens read them with. The
// shell builds it (src/app/actors.ts `createAppActors`); tests build the same with fakes.
// Features keep their own long-lived actors (src/features/<f>/index.ts), one per app.
import { createContext, useContext } from 'react';
import { useSelector } from '@xstate/react';
import type { Actor, ActorOptions, AnyActorLogic, SnapshotFrom } from 'xstate';
import type { Api } from '@api/calls';
import type { ConnectivityMachine } from '@machines/connectivity.machine';
import type { Language, LanguageMachine } from '@machines/language.machine';
import type { SessionMachine } from '@machines/session.machine';
import type { SessionArrival } from '@domain/session-user';
import type { Persistence } from './persistence';

export type ActorOptionsOfApp = Pick<ActorOptions<AnyActorLogic>, 'clock' | 'inspect'>;

export interface AppActors {
  session: Actor<SessionMachine>;
  language: Actor<LanguageMachine>;
  connectivity: Actor<ConnectivityMachine>;
  /** Sign-in and sign-up flows hand their user to the session through this action. */
  tellSession: (_: unknown, arrival: SessionArrival) => void;
  api: Api;
  deviceId: string;
  /** The account signed in now (its id), whose downloads this browser holds; null for a visitor. */
  account: () => string | null;
  persistence: Persistence;
  /** The simulated clock of tests and the development inspector, for every actor the app starts. */
  actorOptions: ActorOptionsOfApp;
  /** Leave the app for another site (the provider's checkout page). */
  leave: (url: string) => void;
}

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
  const value = useSelector(language, (snapshot) => snapshot.context.language);
  return [value, (next) => language.send({ type: 'language.set', language: next })];
}

/** The device is offline (the pages that need the network say so). */
export function useOffline(): boolean {
  const { connectivity } = useAppActors();
  return useSelector(connectivity, (snapshot) => snapshot.matches('offline'));
}

/**
 * One long-lived actor (or service) per app for a feature: made by `create` the first time
 * it is asked for, the same one after. A feature's index exports its `…Of(app)`.
 */
export function perApp<T>(create: (app: AppActors) => T): (app: AppActors) => T {
  const made = new WeakMap<AppActors, T>();
  return (app) => {
    let value = made.get(app);
    if (value === undefined) {
      value = create(app);
      made.set(app, value);
    }
    return value;
  };
}
