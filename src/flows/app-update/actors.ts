// The app update machine's actor and action in the app: the service worker's new version
// (src/flows/app-update/service-worker.ts).
import { fromCallback } from 'xstate';
import { implement } from '@lib/flow';
import type { AppUpdateEvent, AppUpdateMachine } from '@machines/app-update.machine';
import { applyUpdate, watchForNewVersion } from './service-worker';

export default implement<AppUpdateMachine>(() => ({
  actors: { watchForUpdate: fromCallback<AppUpdateEvent>(({ sendBack }) => watchForNewVersion(() => sendBack({ type: 'update.ready' }))) },
  actions: { applyUpdate: () => void applyUpdate() },
}));
