// Model of /schedule (machines/schedule.machine.ts): the week loads (the time zone asked first
// when the account has none, then kept), previous / this / next week load again, a planned class
// is moved (a small form) or removed, each ending with a notice; failures show and leave the
// week as it was.
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { scheduleMachine, type ScheduleContext, type ScheduleWeek } from '@machines/schedule.machine';
import type { ScheduleItem } from '@domain/schedule';
import type { MachineModel } from './machine-model';
import { cancelled, ok, outcomes, outputOf, refused, textOf, unreachable } from './outcomes';

const item: ScheduleItem = {
  id: '00000000-0000-4000-8000-0000000000a1',
  kind: 'class',
  date: '2026-11-25',
  time: '07:30',
  classId: 'sunrise-vinyasa-flow',
  classTitle: { en: 'Sunrise vinyasa flow', es: 'Vinyasa del amanecer' },
  durationSeconds: 1200,
  done: false,
};
const week = (timeZone: string | null): ScheduleWeek => ({ timeZone, today: '2026-11-25', weekStart: '2026-11-23', items: [item] });
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as ScheduleContext;

export const model: MachineModel = {
  machine: scheduleMachine,
  input: { proposedZone: 'Europe/Madrid' },
  events: {
    'zone.change': [{ type: 'zone.change', timeZone: 'America/New_York' }],
    'move.open': [{ type: 'move.open', id: item.id }],
    'move.change': [
      { type: 'move.change', date: '2026-11-27' },
      { type: 'move.change', date: '' },
      { type: 'move.change', time: '18:00' },
    ],
    'item.remove': [{ type: 'item.remove', id: item.id }],
  },
  outputs: {
    loadWeek: [ok(week('Europe/Madrid')), ok(week(null)), refused(500), refused(401), unreachable, cancelled],
    saveTimeZone: outcomes({ timeZone: 'Europe/Madrid' }),
    moveItem: [ok({ item: { ...item, date: '2026-11-27', time: '18:00' } }), ok({ item: { ...item, date: '2026-12-09' } }), refused(400), refused(401), unreachable, cancelled],
    removeItem: outcomes({ id: item.id }),
  },
  serialize: (snapshot) => {
    const context = contextOf(snapshot);
    return JSON.stringify({
      value: snapshot.value,
      week: context.weekStart === null ? 'current' : 'set',
      zone: context.timeZone,
      items: context.items.map((entry) => `${entry.date} ${entry.time}`),
      draft: context.draft,
      notice: context.notice !== null,
      proposed: context.proposedZone,
    });
  },
  states: {
    loading: ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('loading')).toBe(true);
      expect(lastStarted('loadWeek')?.input).toEqual({ weekStart: contextOf(snapshot).weekStart });
    },
    loadFailed: ({ snapshot }) => expect(textOf(contextOf(snapshot).notice)).toEqual(expect.any(String)),
    askingZone: ({ snapshot }) => expect(contextOf(snapshot).timeZone).toBeNull(),
    savingZone: ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(lastStarted('saveTimeZone')?.input).toEqual({ timeZone: contextOf(snapshot).proposedZone });
    },
    'ready.idle': ({ snapshot }) => {
      expect(contextOf(snapshot).draft).toBeNull();
      expect(contextOf(snapshot).weekStart).toBe('2026-11-23');
    },
    'ready.editing': ({ snapshot }) => expect(contextOf(snapshot).draft?.id).toBe(item.id),
    'ready.moving': ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      const draft = contextOf(snapshot).draft!;
      expect(draft.date).not.toBe('');
      expect(lastStarted('moveItem')?.input).toEqual({ id: item.id, date: draft.date, time: draft.time || null });
    },
    'ready.removing': ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(lastStarted('removeItem')?.input).toEqual({ id: item.id });
    },
    'ready.showingNotice': ({ snapshot, pendingTimers }) => {
      expect(contextOf(snapshot).notice).not.toBeNull();
      expect(pendingTimers()).toContain(3000);
    },
    abandoned: ({ snapshot }) => expect(snapshot.status).toBe('done'),
  },
  after: {
    'done: moveItem': ({ snapshot, event, previous }) => {
      const output = outputOf(event);
      const items = contextOf(snapshot).items;
      if (output.kind !== 'ok') return expect(items).toEqual(contextOf(previous!).items);
      const moved = (output.data as { item: ScheduleItem }).item;
      // Moved within the week: shown on its new day; out of it: gone from this week.
      expect(items.map((entry) => entry.date)).toEqual(moved.date <= '2026-11-29' ? [moved.date] : []);
      expect(textOf(contextOf(snapshot).notice)).toBe('The class has been moved.');
    },
    'done: removeItem': ({ snapshot, event, previous }) => {
      const removed = outputOf(event).kind === 'ok';
      expect(contextOf(snapshot).items).toHaveLength(removed ? 0 : contextOf(previous!).items.length);
      if (removed) expect(textOf(contextOf(snapshot).notice)).toBe('The class has been removed from your schedule.');
    },
    'week.previous': ({ snapshot, previous }) => {
      if (previous?.matches('ready')) expect(contextOf(snapshot).weekStart).toBe('2026-11-16');
    },
    'week.next': ({ snapshot, previous }) => {
      if (previous?.matches('ready')) expect(contextOf(snapshot).weekStart).toBe('2026-11-30');
    },
    'week.current': ({ snapshot, previous }) => {
      if (previous?.matches('ready')) expect(contextOf(snapshot).weekStart).toBeNull();
    },
  },
};
