// Model of /programmes/:id (machines/programme.machine.ts): start on chosen weekdays, a plan
// to choose, another programme to leave, pause/resume/leave, changing the days of one under way, the completion screen, refusals
// that keep the page, an unknown programme, failures with Try again.
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { programmeMachine, type ProgrammeContext } from '@machines/programme.machine';
import { programmeDetail } from '../programme-fixtures';
import type { MachineModel } from './machine-model';
import { cancelled, crashed, ok, refused, textOf, unreachable } from './outcomes';

const contextOf = (snapshot: { context: unknown }) => snapshot.context as ProgrammeContext;
const status = (snapshot: AnyMachineSnapshot) => contextOf(snapshot).programme?.following?.status ?? null;
const refusals = [refused(409), refused(403), refused(401), crashed, unreachable, cancelled];

export const model: MachineModel = {
  machine: programmeMachine,
  input: { id: 'yoga-foundations' },
  events: { 'day.toggle': [{ type: 'day.toggle', day: 6 }] },
  outputs: {
    loadProgramme: [
      ok(programmeDetail()),
      ok(programmeDetail({ canStart: false })),
      ok(programmeDetail({ blockedBy: { id: 'strength-101', title: { en: 'Strength 101', es: 'Fuerza 101' } } })),
      ok(programmeDetail({ status: 'active', done: 1 })),
      ok(programmeDetail({ status: 'paused', done: 1 })),
      ok(programmeDetail({ status: 'finished', done: 4 })),
      refused(404),
      refused(401),
      crashed,
      unreachable,
      cancelled,
    ],
    startProgramme: [ok(programmeDetail({ status: 'active' })), ...refusals],
    setProgrammeWeekdays: [ok(programmeDetail({ status: 'active', done: 1, weekdays: [2, 4, 6] })), ok(programmeDetail({ status: 'paused', done: 1, weekdays: [2, 4, 6] })), ...refusals],
    pauseProgramme: [ok(programmeDetail({ status: 'paused', done: 1 })), ...refusals],
    resumeProgramme: [ok(programmeDetail({ status: 'active', done: 1 })), ...refusals],
    leaveProgramme: [ok(programmeDetail()), ...refusals],
  },
  simplePathsUpTo: 0,
  states: {
    loading: ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('loading')).toBe(true);
      expect(lastStarted('loadProgramme')?.input).toEqual({ id: 'yoga-foundations' });
    },
    // Transient (`always`): the machine never rests here, so reaching this assertion fails.
    deciding: () => expect.fail('the machine rested in deciding'),
    ready: ({ snapshot }) => {
      expect(status(snapshot)).toBeNull();
      expect(contextOf(snapshot).weekdays.length).toBeGreaterThan(0);
    },
    locked: ({ snapshot }) => expect(contextOf(snapshot).programme?.canStart).toBe(false),
    blocked: ({ snapshot }) => expect(contextOf(snapshot).programme?.blockedBy?.id).toBe('strength-101'),
    active: ({ snapshot }) => expect(status(snapshot)).toBe('active'),
    paused: ({ snapshot }) => expect(status(snapshot)).toBe('paused'),
    finished: ({ snapshot }) => expect(status(snapshot)).toBe('finished'),
    starting: ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(lastStarted('startProgramme')?.input).toEqual({ id: 'yoga-foundations', weekdays: contextOf(snapshot).weekdays });
    },
    editingDays: ({ snapshot }) => {
      expect(['active', 'paused']).toContain(status(snapshot));
      expect(contextOf(snapshot).weekdays.length).toBeGreaterThan(0);
    },
    changingDays: ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(lastStarted('setProgrammeWeekdays')?.input).toEqual({ id: 'yoga-foundations', weekdays: contextOf(snapshot).weekdays });
    },
    pausing: ({ snapshot }) => expect(status(snapshot)).toBe('active'),
    resuming: ({ snapshot }) => expect(status(snapshot)).toBe('paused'),
    leaving: ({ snapshot }) => expect(['active', 'paused']).toContain(status(snapshot)),
    notFound: ({ snapshot }) => expect(contextOf(snapshot).programme).toBeNull(),
    failed: ({ snapshot }) => expect(textOf(contextOf(snapshot).failure)).toEqual(expect.any(String)),
    abandoned: ({ snapshot }) => expect(snapshot.status).toBe('done'),
  },
  after: {
    'day.toggle': ({ snapshot, previous }) => {
      const before = previous ? contextOf(previous).weekdays : [];
      expect(contextOf(snapshot).weekdays).toEqual(before.includes(6) ? (before.length > 1 ? before.filter((d) => d !== 6) : before) : [...before, 6].sort());
    },
    'days.cancel': ({ snapshot }) => expect(contextOf(snapshot).weekdays).toEqual(contextOf(snapshot).programme?.following?.weekdays),
    'done: setProgrammeWeekdays': ({ snapshot, event }) => {
      const out = event.output as { kind: string; status?: number };
      if (out.kind === 'ok') expect(contextOf(snapshot).programme?.following?.weekdays).toEqual([2, 4, 6]);
      else if (out.kind === 'failed' && out.status !== 401) {
        expect(snapshot.matches('editingDays')).toBe(true);
        expect(textOf(contextOf(snapshot).failure)).toEqual(expect.any(String));
      }
    },
    'done: startProgramme': ({ snapshot, event }) => {
      const out = event.output as { kind: string; status?: number };
      if (out.kind === 'failed' && out.status !== 401) expect(textOf(contextOf(snapshot).failure)).toEqual(expect.any(String));
    },
  },
};
