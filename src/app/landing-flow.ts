// The landing page's machine with the app's actors (or a test's fakes). Kept apart from
// src/app/flows.ts on purpose: that module imports every screen machine and the form rules
// (yup), and whatever the landing imports is downloaded before `/` is interactive.
import { useMachine } from '@xstate/react';
import { landingMachine, type LandingMachine } from '../../machines/landing.machine';
import { useAppActors, type AppActors } from './actors';

const provided = new WeakMap<AppActors, LandingMachine>();

function landingFor(app: AppActors): LandingMachine {
  let machine = provided.get(app);
  if (!machine) {
    machine = landingMachine.provide({ actors: app.flowActors.landing });
    provided.set(app, machine);
  }
  return machine;
}

export function useLandingFlow() {
  const app = useAppActors();
  return useMachine(landingFor(app), app.actorOptions);
}
