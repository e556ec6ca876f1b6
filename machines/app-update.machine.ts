// A new version of the app (its service worker has installed and waits): "A new version is
// available" with Reload, over any page, until the user reloads or dismisses it for this visit.
// Reload tells the waiting worker to take over, and the page loads again on the new version;
// nothing reloads without the user's word, so a form being filled in is never lost. The app
// provides the watcher (it registers the service worker after the page has loaded, and reports
// `update.ready` when a new version waits) and `applyUpdate` (src/flows/app-update).
import { fromCallback, setup } from 'xstate';

export type AppUpdateEvent = { type: 'update.ready' } | { type: 'update.reload' } | { type: 'update.dismiss' };

export const appUpdateMachine = setup({
  types: {
    events: {} as AppUpdateEvent,
  },
  actors: {
    /** Registers the service worker and reports `update.ready` when a new version waits (provided by the app). */
    watchForUpdate: fromCallback<AppUpdateEvent>(() => () => {}),
  },
  actions: {
    /** The waiting worker takes over and the page reloads on the new version (provided by the app). */
    applyUpdate: () => {},
  },
}).createMachine({
  id: 'appUpdate',
  invoke: { src: 'watchForUpdate' },
  initial: 'current',
  states: {
    /** Nothing shows: this is the newest version, as far as the page knows. */
    current: { on: { 'update.ready': { target: 'available' } } },
    /** "A new version is available" with Reload and Not now. */
    available: {
      on: {
        'update.reload': { target: 'reloading' },
        'update.dismiss': { target: 'dismissed' },
      },
    },
    /** Reload pressed: the new version takes over and the page loads again. */
    reloading: { entry: 'applyUpdate', tags: ['busy'] },
    /** Not now: nothing shows again on this visit; the new version starts on the next one. */
    dismissed: {},
  },
});

export type AppUpdateMachine = typeof appUpdateMachine;
