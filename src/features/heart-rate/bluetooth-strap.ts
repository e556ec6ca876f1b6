// The player's `strap` actor (machines/heart-rate-monitor.machine.ts) on Web Bluetooth: any chest
// strap or armband offering the standard Heart Rate service (0x180D). It pairs through the
// browser's chooser, finds the device chosen before with getDevices (where the browser has it),
// reads the battery where the device offers it, turns each Heart Rate Measurement into a reading,
// and after a lost connection tries again by itself until it is back or told to stop.
import { fromCallback } from 'xstate';
import { isHeartRate, parseHeartRateMeasurement } from '@domain/heart-rate';
import type { StrapCommand, StrapReport } from '@machines/player.machine';

/** The part of Web Bluetooth used here (TypeScript's DOM library has none of it). */
interface Characteristic extends EventTarget {
  value?: DataView;
  startNotifications(): Promise<Characteristic>;
  readValue(): Promise<DataView>;
}
interface GattServer {
  connected: boolean;
  connect(): Promise<GattServer>;
  disconnect(): void;
  getPrimaryService(service: string): Promise<{ getCharacteristic(characteristic: string): Promise<Characteristic> }>;
}
interface Device extends EventTarget {
  id: string;
  name?: string;
  gatt?: GattServer;
}
interface Bluetooth {
  requestDevice(options: { filters: { services: string[] }[]; optionalServices: string[] }): Promise<Device>;
  getDevices?(): Promise<Device[]>;
}

/** This browser's Web Bluetooth, or null (Safari, Firefox; Chromium without it). */
export const webBluetooth = (): Bluetooth | null => (typeof navigator !== 'undefined' && 'bluetooth' in navigator ? (navigator as unknown as { bluetooth: Bluetooth }).bluetooth : null);

export interface StrapDeps {
  bluetooth: Bluetooth | null;
  /** The device chosen before on this device for the profile, or null. */
  remembered: () => { id: string; name: string } | null;
  remember: (device: { id: string; name: string }) => void;
  /** How long a connection to a device chosen before may take before it counts as not in reach. */
  findLimitMs?: number;
  /** The first wait before trying a lost device again; it doubles up to 10 s. */
  retryMs?: number;
}

const withinMs = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms))]);

export function strapActor({ bluetooth, remembered, remember, findLimitMs = 10_000, retryMs = 1_000 }: StrapDeps) {
  return fromCallback<StrapCommand>(({ sendBack, receive }) => {
    const tell = (report: StrapReport) => sendBack(report);
    let device: Device | null = null;
    let characteristic: Characteristic | null = null;
    let stopped = false;
    // Set while the user disconnected on purpose: no "Reconnecting…", no retries.
    let letGo = false;
    let retry: ReturnType<typeof setTimeout> | undefined;

    const onReading = (event: Event) => {
      const value = (event.target as Characteristic).value;
      const measurement = value ? parseHeartRateMeasurement(value) : null;
      if (measurement && isHeartRate(measurement.bpm)) tell({ type: 'strap.reading', bpm: measurement.bpm });
    };
    const batteryOf = async (server: GattServer): Promise<number | null> => {
      try {
        const level = await (await (await server.getPrimaryService('battery_service')).getCharacteristic('battery_level')).readValue();
        return level.getUint8(0);
      } catch {
        return null;
      }
    };
    /** Connects, subscribes to the measurements and says so; throws when the device does not answer. */
    const connect = async (chosen: Device) => {
      if (!chosen.gatt) throw new Error('no GATT server');
      const server = await chosen.gatt.connect();
      const measurement = await (await server.getPrimaryService('heart_rate')).getCharacteristic('heart_rate_measurement');
      characteristic?.removeEventListener('characteristicvaluechanged', onReading);
      characteristic = measurement;
      measurement.addEventListener('characteristicvaluechanged', onReading);
      await measurement.startNotifications();
      const battery = await batteryOf(server);
      if (stopped) return;
      const name = chosen.name || remembered()?.name || '';
      remember({ id: chosen.id, name });
      tell({ type: 'strap.connected', name, battery });
    };
    const tryAgain = (waitMs: number) => {
      retry = setTimeout(() => {
        if (stopped || letGo || !device) return;
        connect(device).catch(() => tryAgain(Math.min(waitMs * 2, 10_000)));
      }, waitMs);
    };
    const onLost = () => {
      if (stopped || letGo) return;
      tell({ type: 'strap.lost' });
      tryAgain(retryMs);
    };
    const hold = (chosen: Device) => {
      device?.removeEventListener('gattserverdisconnected', onLost);
      device = chosen;
      letGo = false;
      chosen.addEventListener('gattserverdisconnected', onLost);
    };

    receive((command) => {
      if (command.type === 'strap.pair') {
        if (!bluetooth) return tell({ type: 'strap.failed' });
        // Called at once, inside the press that asked for it: the chooser needs the user's gesture.
        bluetooth
          .requestDevice({ filters: [{ services: ['heart_rate'] }], optionalServices: ['battery_service'] })
          .then(async (chosen) => {
            hold(chosen);
            await connect(chosen);
          })
          .catch((error: unknown) => tell({ type: (error as { name?: string }).name === 'NotFoundError' ? 'strap.cancelled' : 'strap.failed' }));
      } else if (command.type === 'strap.find') {
        const before = remembered();
        if (!bluetooth?.getDevices || !before) return tell({ type: 'strap.notFound' });
        bluetooth
          .getDevices()
          .then(async (devices) => {
            const chosen = devices.find((d) => d.id === before.id);
            if (!chosen) return tell({ type: 'strap.notFound' });
            hold(chosen);
            await withinMs(connect(chosen), findLimitMs);
          })
          .catch(() => tell({ type: 'strap.notFound' }));
      } else {
        letGo = true;
        clearTimeout(retry);
        device?.gatt?.disconnect();
      }
    });

    return () => {
      stopped = true;
      clearTimeout(retry);
      characteristic?.removeEventListener('characteristicvaluechanged', onReading);
      device?.removeEventListener('gattserverdisconnected', onLost);
      if (device?.gatt?.connected) device.gatt.disconnect();
    };
  });
}
