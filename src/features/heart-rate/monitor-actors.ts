// The heart-rate monitor's actors in the app (machines/heart-rate-monitor.machine.ts), for the
// player and /account: what this
// browser and the chosen profile allow (the server's settings, or what this device last heard
// of them when offline), turning recording on (the consent of "Turn on and connect"), and the
// Bluetooth strap. The monitor paired and the settings are kept per profile on this device.
import { fromPromise } from 'xstate';
import { maxHeartRateOf } from '@domain/heart-rate';
import type { AppActors } from '@lib/app-actors';
import type { HeartRateSetup } from '@machines/player.machine';
import { strapActor, webBluetooth } from './bluetooth-strap';

export function heartRateActors({ api, session, persistence }: AppActors) {
  const profile = () => session.getSnapshot().context.user?.profile?.id ?? null;
  const kept = () => {
    const who = profile();
    return who ? persistence.readHeartRate(who) : null;
  };
  const keep = (change: Partial<NonNullable<ReturnType<typeof kept>>>) => {
    const who = profile();
    if (who) persistence.writeHeartRate(who, { recording: false, maxHeartRate: null, device: null, ...kept(), ...change });
  };
  const bluetooth = webBluetooth();
  return {
    setup: fromPromise<HeartRateSetup>(async ({ signal }) => {
      if (!bluetooth) return { available: false, recording: false, maxHeartRate: null };
      const outcome = await api.heartRateSettings(signal);
      if (outcome.kind === 'ok') {
        const maxHeartRate = maxHeartRateOf(outcome.data, new Date());
        keep({ recording: outcome.data.recording, maxHeartRate });
        return { available: true, recording: outcome.data.recording, maxHeartRate };
      }
      // Offline (a downloaded class): what this device last heard.
      const heard = kept();
      return { available: true, recording: heard?.recording ?? false, maxHeartRate: heard?.maxHeartRate ?? null };
    }),
    turnOn: fromPromise<void>(async () => {
      keep({ recording: true });
      const current = await api.heartRateSettings();
      if (current.kind === 'ok' && !current.data.recording) await api.saveHeartRateSettings({ ...current.data, recording: true });
    }),
    strap: strapActor({ bluetooth, remembered: () => kept()?.device ?? null, remember: (device) => keep({ device }) }),
  };
}
