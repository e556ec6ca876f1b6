// Hooks that run a screen's machine with the app's real actors (or a test's fakes, whatever
// createAppActors was given). Only screens import this module, so the screen machines and
// the form rules load with the screens, not with the landing page.
import { useMachine } from '@xstate/react';
import type { AnyStateMachine, InputFrom } from 'xstate';
import { billingMachine } from '../../machines/billing.machine';
import { checkoutReturnMachine } from '../../machines/checkout-return.machine';
import { homeMachine } from '../../machines/home.machine';
import { pricingMachine } from '../../machines/pricing.machine';
import { profileMachine } from '../../machines/profile.machine';
import { signInMachine } from '../../machines/sign-in.machine';
import { signUpMachine } from '../../machines/sign-up.machine';
import { useAppActors, type AppActors } from './actors';
import { safeOrigin } from './paths';

function provideMachines(app: AppActors) {
  const { flowActors, tellSession } = app;
  return {
    signIn: signInMachine.provide({ actors: flowActors.signIn, actions: { tellSession } }),
    signUp: signUpMachine.provide({ actors: flowActors.signUp, actions: { tellSession } }),
    profile: profileMachine.provide({ actors: flowActors.profile }),
    home: homeMachine.provide({ actors: flowActors.home }),
    pricing: pricingMachine.provide({ actors: flowActors.pricing }),
    checkoutReturn: checkoutReturnMachine.provide({ actors: flowActors.checkoutReturn }),
    billing: billingMachine.provide({ actors: flowActors.billing }),
  };
}

const provided = new WeakMap<AppActors, ReturnType<typeof provideMachines>>();

/** The screen machines with the app's actors, built once per app. */
export function appMachines(app: AppActors): ReturnType<typeof provideMachines> {
  let machines = provided.get(app);
  if (!machines) {
    machines = provideMachines(app);
    provided.set(app, machines);
  }
  return machines;
}

function useFlow<TMachine extends AnyStateMachine>(pick: (machines: ReturnType<typeof provideMachines>) => TMachine, input?: InputFrom<TMachine>) {
  const app = useAppActors();
  // The options type of useMachine is conditional on the machine's input; the wrappers below
  // pass each machine its own input type.
  return useMachine(pick(appMachines(app)), { ...app.actorOptions, input } as never);
}

/** Where the protected-route guard found the user (kept in history state), if anywhere. */
function rememberedOrigin(): string | null {
  const state = typeof window === 'undefined' ? null : (window.history.state as { origin?: unknown } | null);
  return safeOrigin(state?.origin);
}

export const useSignInFlow = (email?: string) => useFlow((m) => m.signIn, { origin: rememberedOrigin(), email });
export const useSignUpFlow = (email?: string) => useFlow((m) => m.signUp, { email });
export const useProfileFlow = () => useFlow((m) => m.profile);
export const useHomeFlow = (hasEmail: boolean) => useFlow((m) => m.home, { hasEmail });
export const usePricingFlow = (hasEmail: boolean) => useFlow((m) => m.pricing, { hasEmail });
export const useCheckoutReturnFlow = (sessionId: string | null) => useFlow((m) => m.checkoutReturn, { sessionId, deviceId: useAppActors().deviceId });
export const useBillingFlow = () => useFlow((m) => m.billing);
