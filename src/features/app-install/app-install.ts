// "Install app" (machines/app-install.machine.ts): one actor per app, started with the app. The
// browser's `beforeinstallprompt` is kept here (the machine only hears that it came), its
// default mini-infobar held back so that the app's own button is the one offer.
import { useCallback } from 'react';
import { useSelector } from '@xstate/react';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { appInstallMachine, type AppInstallEvent, type InstallChoice } from '@machines/app-install.machine';
import { perApp, useAppActors } from '@lib/app-actors';

/** The event Chromium fires when the app may be installed (not in TypeScript's DOM types). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: InstallChoice }>;
}

export const appInstallOf = perApp((app) => {
  let offer: BeforeInstallPromptEvent | null = null;
  const watchInstall = fromCallback<AppInstallEvent>(({ sendBack }) => {
    if (typeof window === 'undefined') return () => {};
    const offered = (event: Event) => {
      event.preventDefault();
      offer = event as BeforeInstallPromptEvent;
      sendBack({ type: 'install.offered' });
    };
    const installed = () => {
      offer = null;
      sendBack({ type: 'install.installed' });
    };
    window.addEventListener('beforeinstallprompt', offered);
    window.addEventListener('appinstalled', installed);
    return () => {
      window.removeEventListener('beforeinstallprompt', offered);
      window.removeEventListener('appinstalled', installed);
    };
  });
  const promptInstall = fromPromise<InstallChoice>(async () => {
    const shown = offer;
    // A prompt answers once: the next offer comes with a new event.
    offer = null;
    if (!shown) return 'dismissed';
    await shown.prompt();
    return (await shown.userChoice).outcome;
  });
  const actor = createActor(appInstallMachine.provide({ actors: { watchInstall, promptInstall } }), app.actorOptions);
  actor.start();
  return actor;
});

/** Whether to show "Install app" (only when the browser offers it), whether its prompt is open, and the button's action. */
export function useAppInstall() {
  const actor = appInstallOf(useAppActors());
  const offered = useSelector(actor, (snapshot) => snapshot.matches('offered') || snapshot.matches('prompting'));
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const install = useCallback(() => actor.send({ type: 'install.start' }), [actor]);
  return { offered, busy, install };
}
