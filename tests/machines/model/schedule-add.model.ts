// Model of "Add to schedule" on a class page (machines/schedule-add.machine.ts): the form opens
// on today, a day is required, Save plans the class (a notice and a link to /schedule), a
// refusal shows in the form, Cancel closes it; the first Save asks for the account's time zone
// when it has none (the browser's proposed) and keeps it before planning.
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { scheduleAddMachine, type ScheduleAddContext } from '@machines/schedule-add.machine';
import type { MachineModel } from './machine-model';
import { ok, outcomes, outputOf, textOf, unreachable } from './outcomes';

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as ScheduleAddContext;

export const model: MachineModel = {
  machine: scheduleAddMachine,
  input: { classId: 'sunrise-vinyasa-flow' },
  events: {
    'scheduleAdd.open': [{ type: 'scheduleAdd.open', today: '2026-11-25', proposedZone: 'Europe/Madrid' }],
    'scheduleAdd.zone': [{ type: 'scheduleAdd.zone', timeZone: 'America/Mexico_City' }],
    'scheduleAdd.change': [
      { type: 'scheduleAdd.change', date: '2026-11-28' },
      { type: 'scheduleAdd.change', date: '' },
      { type: 'scheduleAdd.change', time: '07:00' },
    ],
  },
  outputs: {
    addItem: outcomes({ item: { id: 'i1' } }),
    loadZone: [ok({ timeZone: null }), ok({ timeZone: 'Europe/Madrid' }), unreachable],
    saveZone: outcomes({ timeZone: 'America/Mexico_City' }),
  },
  states: {
    closed: ({ snapshot }) => expect(contextOf(snapshot).notice).toBeNull(),
    open: ({ snapshot }) => expect(contextOf(snapshot).today).toBe('2026-11-25'),
    adding: ({ snapshot, lastStarted }) => {
      const context = contextOf(snapshot);
      expect(context.date).not.toBe('');
      expect(lastStarted('addItem')?.input).toEqual({ classId: 'sunrise-vinyasa-flow', date: context.date, time: context.time || null });
    },
    checkingZone: ({ snapshot }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(contextOf(snapshot).zoneKnown).toBe(false);
    },
    askingZone: ({ snapshot }) => expect(contextOf(snapshot).zoneKnown).toBe(false),
    savingZone: ({ snapshot, lastStarted }) => expect(lastStarted('saveZone')?.input).toEqual({ timeZone: contextOf(snapshot).zone }),
    added: ({ snapshot }) => expect(textOf(contextOf(snapshot).notice)).toBe('The class is on your schedule.'),
  },
  after: {
    'scheduleAdd.open': ({ snapshot }) => {
      if (snapshot.matches('open')) expect(contextOf(snapshot)).toMatchObject({ date: '2026-11-25', time: '', notice: null });
    },
    'done: addItem': ({ snapshot, event }) => {
      const output = outputOf(event);
      if (output.kind === 'failed' && output.status === 400) expect(textOf(contextOf(snapshot).notice)).toContain('The server says no');
    },
  },
};
