// Model of the heart-rate settings section (machines/heart-rate-settings.machine.ts): loaded, or
// a failure with Try again; the form takes the recording switch, the maximum and the birth year,
// and Save sends them only when each is empty or within its limits (else the field says why);
// "Delete my heart-rate data" asks first; each request ends back on the form with its notice.
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { heartRateSettingsMachine, type HeartRateSettingsContext } from '@machines/heart-rate-settings.machine';
import { heartRateNotices } from '@domain/heart-rate-notices';
import type { MachineModel } from './machine-model';
import { cancelled, crashed, ok, refused, unreachable } from './outcomes';

const today = new Date('2026-11-29T12:00:00Z');
const told = { recording: true, maxHeartRate: 185, birthYear: null };
const cleared = { recording: false, maxHeartRate: null, birthYear: null };
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as HeartRateSettingsContext;

export const model: MachineModel = {
  machine: heartRateSettingsMachine,
  input: { today },
  events: {
    'field.change': [
      { type: 'field.change', field: 'maxHeartRate', value: '300' },
      { type: 'field.change', field: 'birthYear', value: '1985' },
      { type: 'field.change', field: 'maxHeartRate', value: '' },
    ],
    'recording.change': [{ type: 'recording.change', on: true }],
  },
  outputs: {
    loadSettings: [ok(told), ok(cleared), refused(401), crashed, unreachable, cancelled],
    saveSettings: [ok(told), refused(400), refused(401), crashed, cancelled],
    deleteData: [ok(cleared), crashed, cancelled],
  },
  ignore: ['today'],
  states: {
    loading: ({ snapshot }) => expect(snapshot.hasTag('busy')).toBe(true),
    failed: ({ snapshot, previous }) => {
      if (previous?.matches('loading') && contextOf(snapshot).notice) expect(contextOf(snapshot).notice?.message).toEqual(heartRateNotices.loadFailed);
    },
    ready: ({ snapshot }) => expect(snapshot.hasTag('busy')).toBe(false),
    saving: ({ snapshot, lastStarted }) => {
      const { values, recording } = contextOf(snapshot);
      expect(lastStarted('saveSettings')?.input).toEqual({
        recording,
        maxHeartRate: values.maxHeartRate === '' ? null : Number(values.maxHeartRate),
        birthYear: values.birthYear === '' ? null : Number(values.birthYear),
      });
    },
    confirmingDelete: ({ snapshot }) => expect(contextOf(snapshot).notice).toBeNull(),
    deleting: ({ lastStarted }) => expect(lastStarted('deleteData')).toBeDefined(),
  },
  after: {
    'settings.save': ({ previous, snapshot }) => {
      if (!previous!.matches('ready')) return;
      const badMax = contextOf(previous!).values.maxHeartRate === '300';
      expect(snapshot.matches('saving')).toBe(!badMax);
      expect(contextOf(snapshot).errors.maxHeartRate === true).toBe(badMax);
    },
    'done: saveSettings': ({ snapshot, event }) => {
      const out = event.output as { kind: string };
      if (out.kind === 'ok') {
        expect(contextOf(snapshot).notice?.message).toEqual(heartRateNotices.saved);
        // The monitor is offered once recording is kept on.
        expect(contextOf(snapshot).recorded).toBe(true);
      }
    },
    'done: deleteData': ({ snapshot, event }) => {
      const out = event.output as { kind: string };
      if (out.kind === 'ok') {
        expect(contextOf(snapshot).notice?.message).toEqual(heartRateNotices.deleted);
        expect(contextOf(snapshot).recording).toBe(false);
        expect(contextOf(snapshot).recorded).toBe(false);
        expect(contextOf(snapshot).values).toEqual({ maxHeartRate: '', birthYear: '' });
      }
    },
  },
};
