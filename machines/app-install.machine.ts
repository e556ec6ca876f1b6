// "Install app" (one actor for the whole app): the landing promotes installing the app, so the app
// offers it too, but only where the browser says it can (its `beforeinstallprompt`, reported as
// `install.offered`). Install asks the browser's own prompt; accepted, or installed in any other
// way (`appinstalled`), the button goes for good. A prompt can be shown once: dismissed, the
// button waits for the browser to offer again. The app provides the watcher and the prompt
// (src/features/app-install).
import { fromCallback, fromPromise, setup } from 'xstate';

/** What the user answered the browser's prompt. */
export type InstallChoice = 'accepted' | 'dismissed';

export type AppInstallEvent = { type: 'install.offered' } | { type: 'install.installed' } | { type: 'install.start' };

export const appInstallMachine = setup({
  types: {
    events: {} as AppInstallEvent,
  },
  actors: {
    /** Reports `install.offered` and `install.installed` as the browser fires them (provided by the app). */
    watchInstall: fromCallback<AppInstallEvent>(() => () => {}),
    /** Shows the browser's prompt the last offer came with; its answer (provided by the app). */
    promptInstall: fromPromise<InstallChoice>(async () => 'dismissed'),
  },
  guards: {
    accepted: (_, choice: InstallChoice) => choice === 'accepted',
  },
}).createMachine({
  id: 'appInstall',
  invoke: { src: 'watchInstall' },
  initial: 'unavailable',
  on: { 'install.installed': { target: '.installed' } },
  states: {
    /** No Install button: the browser has not offered (it cannot, or the app is installed already). */
    unavailable: { on: { 'install.offered': { target: 'offered' } } },
    /** The Install button. */
    offered: { on: { 'install.start': { target: 'prompting' } } },
    /** The browser's prompt is open; the button is busy. */
    prompting: {
      tags: ['busy'],
      invoke: {
        src: 'promptInstall',
        onDone: [{ guard: { type: 'accepted', params: ({ event }) => event.output }, target: 'installed' }, { target: 'unavailable' }],
        onError: { target: 'unavailable' },
      },
    },
    /** Installed: no button again. */
    installed: {},
  },
});

export type AppInstallMachine = typeof appInstallMachine;
