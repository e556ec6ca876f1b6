// This device's data saver (machines/data-saver.machine.ts), shared by the /account setting and
// the player: one actor per app, created when a screen first asks (so the first page loads none
// of it), with the setting from this device's storage and the connection from the browser's
// Network Information API where it has one (Chromium: `navigator.connection`).
import { useSelector } from '@xstate/react';
import { createActor, fromCallback, type Actor } from 'xstate';
import { UNKNOWN_CONNECTION, type ConnectionHints, type DataSaverPreference } from '@domain/data-saver';
import { dataSaverMachine, type DataSaverEvent, type DataSaverMachine } from '@machines/data-saver.machine';
import { perApp, useAppActors } from '@lib/app-actors';

interface NetworkInformationLike extends EventTarget {
  saveData?: boolean;
  effectiveType?: string;
  type?: string;
}

function networkInformation(): NetworkInformationLike | null {
  if (typeof navigator === 'undefined') return null;
  return (navigator as Navigator & { connection?: NetworkInformationLike }).connection ?? null;
}

/** What the browser says of the connection now (nothing known where it has no Network Information API). */
export function connectionHints(connection = networkInformation()): ConnectionHints {
  if (!connection) return UNKNOWN_CONNECTION;
  return { saveData: connection.saveData === true, effectiveType: connection.effectiveType ?? null, connectionType: connection.type ?? null };
}

const watchConnection = fromCallback<DataSaverEvent>(({ sendBack }) => {
  const connection = networkInformation();
  if (!connection) return () => {};
  const changed = () => sendBack({ type: 'connection.changed', ...connectionHints(connection) });
  connection.addEventListener('change', changed);
  return () => connection.removeEventListener('change', changed);
});

export const dataSaverOf = perApp((app): Actor<DataSaverMachine> => {
  const machine = dataSaverMachine.provide({
    actors: { watchConnection },
    actions: { persistPreference: (_, preference: DataSaverPreference) => app.persistence.writeDataSaver(preference) },
  });
  return createActor(machine, { ...app.actorOptions, input: { preference: app.persistence.readDataSaver(), connection: connectionHints() } }).start();
});

/** This device's data saver: its setting, whether it limits streaming now, and how to change the setting. */
export function useDataSaver(): { preference: DataSaverPreference; limiting: boolean; set: (preference: DataSaverPreference) => void } {
  const actor = dataSaverOf(useAppActors());
  const preference = useSelector(actor, (snapshot) => snapshot.context.preference);
  const limiting = useSelector(actor, (snapshot) => snapshot.matches('limiting'));
  return { preference, limiting, set: (next) => actor.send({ type: 'dataSaver.set', preference: next }) };
}
