// Model of heart rate in the player (machines/heart-rate-monitor.machine.ts): the setup says
// whether this browser has Web Bluetooth and the profile records; with recording on, the device
// chosen before is looked for, else "Connect" pairs through the chooser; from recording off,
// "Turn on and connect" also keeps the consent (turnOn). Connected, readings show and count
// while the class plays; a lost connection shows "Reconnecting…" until the
// strap is back; the class's end tells the player its summary; Disconnect lets the device go.
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { summarise } from '@domain/heart-rate';
import { heartRateMonitorMachine, type HeartRateMonitorContext } from '@machines/heart-rate-monitor.machine';
import type { MachineModel } from './machine-model';

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as HeartRateMonitorContext;
const commands = (received: { id: string; event: { type: string } }[]) => received.filter((r) => r.id === 'strap').map((r) => r.event.type);

export const model: MachineModel = {
  machine: heartRateMonitorMachine,
  events: {
    'strap.connected': [
      { type: 'strap.connected', name: 'HRM-Pro', battery: 80 },
      { type: 'strap.connected', name: '', battery: null },
    ],
    'strap.reading': [
      { type: 'strap.reading', bpm: 150 },
      { type: 'strap.reading', bpm: 95 },
    ],
    'video.time': [{ type: 'video.time', seconds: 30 }],
    'video.ended': [{ type: 'video.ended', seconds: 600 }],
  },
  outputs: {
    setup: [
      { available: false, recording: false, maxHeartRate: null },
      { available: true, recording: false, maxHeartRate: null },
      { available: true, recording: true, maxHeartRate: 190 },
      { available: true, recording: true, maxHeartRate: null },
    ],
  },
  // Position, playing and the samples change no transition; the maximum and the failure decide what shows.
  serialize: (snapshot) => {
    const c = contextOf(snapshot);
    return JSON.stringify({ value: snapshot.value, max: c.maxHeartRate, device: c.device !== null, bpm: c.bpm !== null, failed: c.failed });
  },
  states: {
    loading: ({ lastStarted }) => expect(lastStarted('setup')).toBeDefined(),
    unavailable: ({ snapshot }) => expect(contextOf(snapshot).device).toBeNull(),
    off: ({ snapshot }) => expect(contextOf(snapshot).device).toBeNull(),
    searching: ({ received }) => expect(commands(received).at(-1)).toBe('strap.find'),
    idle: ({ snapshot }) => {
      expect(contextOf(snapshot).device).toBeNull();
      expect(contextOf(snapshot).bpm).toBeNull();
    },
    pairing: ({ received }) => expect(commands(received).at(-1)).toBe('strap.pair'),
    connected: ({ snapshot }) => expect(contextOf(snapshot).device).not.toBeNull(),
    reconnecting: ({ snapshot }) => {
      expect(contextOf(snapshot).device).not.toBeNull();
      expect(contextOf(snapshot).bpm).toBeNull();
    },
  },
  after: {
    'heartRate.connect': ({ previous, snapshot, started }) => {
      // Only from recording off is the consent kept.
      if (previous!.matches('off')) expect(started.at(-1)?.src).toBe('turnOn');
      if (previous!.matches('off') || previous!.matches('idle') || previous!.matches('searching')) expect(snapshot.matches('pairing')).toBe(true);
    },
    'heartRate.disconnect': ({ previous, snapshot, received }) => {
      if (previous!.matches('connected') || previous!.matches('reconnecting')) {
        expect(snapshot.matches('idle')).toBe(true);
        expect(commands(received).at(-1)).toBe('strap.disconnect');
      }
    },
    'strap.reading': ({ previous, snapshot, event }) => {
      if (previous!.matches('connected')) expect(contextOf(snapshot).bpm).toBe(event.bpm);
      else expect(contextOf(snapshot).bpm).toBe(contextOf(previous!).bpm);
    },
    'strap.failed': ({ previous, snapshot }) => {
      if (previous!.matches('pairing')) expect(contextOf(snapshot).failed).toBe(true);
    },
    'video.ended': ({ toParent, snapshot, previous }) => {
      const { samples, maxHeartRate } = contextOf(previous!);
      expect(toParent).toEqual([{ type: 'heartRate.summary', summary: summarise(samples, maxHeartRate, 600), seconds: 600 }]);
      expect(contextOf(snapshot).samples).toEqual([]);
    },
    'after: announceEvery': ({ snapshot }) => expect(contextOf(snapshot).announced).toBe(contextOf(snapshot).bpm),
  },
};
