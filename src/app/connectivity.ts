// Where the connectivity machine (machines/connectivity.machine.ts) learns whether the device is
// online: the browser's `navigator.onLine` and its `online` / `offline` events. Tests pass their own.
import { fromCallback, type CallbackActorLogic } from 'xstate';
import type { ConnectivityEvent } from '@machines/connectivity.machine';

export interface ConnectivitySource {
  online: () => boolean;
  watch: CallbackActorLogic<ConnectivityEvent>;
}

export function browserConnectivity(): ConnectivitySource {
  const available = typeof window !== 'undefined' && typeof navigator !== 'undefined';
  return {
    online: () => !available || navigator.onLine !== false,
    watch: fromCallback<ConnectivityEvent>(({ sendBack }) => {
      if (!available) return () => {};
      const online = () => sendBack({ type: 'connection.online' });
      const offline = () => sendBack({ type: 'connection.offline' });
      window.addEventListener('online', online);
      window.addEventListener('offline', offline);
      return () => {
        window.removeEventListener('online', online);
        window.removeEventListener('offline', offline);
      };
    }),
  };
}
