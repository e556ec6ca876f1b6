// Whether this device is online (long-lived, created by src/app/actors.ts): the browser's
// `navigator.onLine` as input, then its `online` and `offline` events, which the app's watcher
// reports. While `offline`, every page that needs the network shows "You are offline" instead
// of its content (src/app/router.tsx), and shows itself again when the connection returns.
import { fromCallback, setup } from 'xstate';

export interface ConnectivityInput {
  online: boolean;
}

export type ConnectivityEvent = { type: 'connection.online' } | { type: 'connection.offline' };

export const connectivityMachine = setup({
  types: {
    context: {} as ConnectivityInput,
    events: {} as ConnectivityEvent,
    input: {} as ConnectivityInput,
  },
  actors: {
    /** Reports `connection.online` and `connection.offline` as the browser sees them (provided by the app). */
    watchConnectivity: fromCallback<ConnectivityEvent>(() => () => {}),
  },
  guards: {
    startsOnline: ({ context }) => context.online,
  },
}).createMachine({
  id: 'connectivity',
  context: ({ input }) => ({ online: input.online }),
  invoke: { src: 'watchConnectivity' },
  initial: 'deciding',
  states: {
    deciding: { always: [{ guard: 'startsOnline', target: 'online' }, { target: 'offline' }] },
    online: { on: { 'connection.offline': { target: 'offline' } } },
    /** Pages that need the network say "You are offline". */
    offline: { on: { 'connection.online': { target: 'online' } } },
  },
});

export type ConnectivityMachine = typeof connectivityMachine;
