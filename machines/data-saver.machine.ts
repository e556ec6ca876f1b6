// Data saver, one per device (long-lived, created by src/features/data-saver when a screen first
// asks): the user's setting (automatic, on, off; remembered on this device) and what the browser
// says of the connection decide whether streaming is limited (`limiting`) or not (`free`), by the
// rule of domain/data-saver.ts. The /account setting and the player's switch set it; the
// player caps its renditions while it is `limiting`. The app provides the connection watcher
// (the Network Information API, where the browser has it) and the storage.
import { assign, fromCallback, setup } from 'xstate';
import { isDataSaverPreference, limitsStreaming, type ConnectionHints, type DataSaverPreference } from '@domain/data-saver';

export interface DataSaverContext {
  preference: DataSaverPreference;
  connection: ConnectionHints;
}

export type DataSaverInput = DataSaverContext;

export type DataSaverEvent =
  | { type: 'dataSaver.set'; preference: DataSaverPreference }
  | ({ type: 'connection.changed' } & ConnectionHints);

export const dataSaverMachine = setup({
  types: {
    context: {} as DataSaverContext,
    events: {} as DataSaverEvent,
    input: {} as DataSaverInput,
  },
  actors: {
    /** Reports `connection.changed` whenever the browser's connection changes (provided by the app). */
    watchConnection: fromCallback<DataSaverEvent>(() => () => {}),
  },
  actions: {
    /** Remember the setting on this device (provided by the app). */
    persistPreference: (_, _preference: DataSaverPreference) => {},
    setPreference: assign({ preference: ({ context, event }) => (event.type === 'dataSaver.set' ? event.preference : context.preference) }),
    setConnection: assign({
      connection: ({ context, event }) =>
        event.type === 'connection.changed' ? { saveData: event.saveData, effectiveType: event.effectiveType, connectionType: event.connectionType } : context.connection,
    }),
  },
  guards: {
    limits: ({ context }) => limitsStreaming(context.preference, context.connection),
    validPreference: ({ event }) => event.type === 'dataSaver.set' && isDataSaverPreference(event.preference),
  },
}).createMachine({
  id: 'dataSaver',
  context: ({ input }) => ({ preference: input.preference, connection: input.connection }),
  invoke: { src: 'watchConnection' },
  initial: 'deciding',
  on: {
    'dataSaver.set': {
      guard: 'validPreference',
      target: '.deciding',
      actions: ['setPreference', { type: 'persistPreference', params: ({ event }) => event.preference }],
    },
    'connection.changed': { target: '.deciding', actions: 'setConnection' },
  },
  states: {
    deciding: { always: [{ guard: 'limits', target: 'limiting' }, { target: 'free' }] },
    /** Streaming is limited to 480p (or the lowest rendition above 360p). */
    limiting: {},
    /** Streaming takes any rendition the plan allows. */
    free: {},
  },
});

export type DataSaverMachine = typeof dataSaverMachine;
