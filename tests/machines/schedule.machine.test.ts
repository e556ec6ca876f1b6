// Schedule machines: /schedule (the time zone asked once, the week from Monday, previous / next,
// moving and removing a planned class) and "Add to schedule" on a class page (the class page
// passes its events on to the child).
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { scheduleMachine, type LoadWeekInput, type LoadWeekOutput, type MoveItemInput, type MoveItemOutput, type RemoveItemOutput, type SaveTimeZoneOutput } from '@machines/schedule.machine';
import { classDetailMachine, type LoadClassInput, type LoadClassOutput } from '@machines/class-detail.machine';
import type { AddItemInput, AddItemOutput, LoadZoneOutput } from '@machines/schedule-add.machine';
import { noticeText } from '@domain/notices';
import { failed, ok } from '@domain/request-outcome';
import { addDays, mondayOf, todayIn, weekDays, type ScheduleItem } from '@domain/schedule';
import { detail } from './catalog-fixtures';
import { controlledActor, settle } from './controlled-actor';

const item: ScheduleItem = {
  id: 'i1',
  kind: 'class',
  date: '2026-11-25',
  time: null,
  classId: 'sunrise-vinyasa-flow',
  classTitle: { en: 'Sunrise vinyasa flow', es: 'Vinyasa del amanecer' },
  durationSeconds: 1200,
  done: false,
};

function schedulePage() {
  const load = controlledActor<LoadWeekOutput, LoadWeekInput>();
  const zone = controlledActor<SaveTimeZoneOutput, { timeZone: string }>();
  const move = controlledActor<MoveItemOutput, MoveItemInput>();
  const remove = controlledActor<RemoveItemOutput, { id: string }>();
  const clock = new SimulatedClock();
  const actor = createActor(
    scheduleMachine.provide({ actors: { loadWeek: load.logic, saveTimeZone: zone.logic, moveItem: move.logic, removeItem: remove.logic } }),
    { input: { proposedZone: 'Europe/Madrid' }, clock },
  ).start();
  return { actor, load, zone, move, remove, clock };
}

describe('schedule days', () => {
  it('weeks start on Monday and days are calendar days across a daylight-saving change', () => {
    expect(mondayOf('2026-11-25')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(weekDays('2027-03-22')).toEqual(['2027-03-22', '2027-03-23', '2027-03-24', '2027-03-25', '2027-03-26', '2027-03-27', '2027-03-28']);
    expect(addDays('2027-03-28', 1)).toBe('2027-03-29');
    expect(todayIn('Pacific/Kiritimati', new Date('2026-11-25T23:00:00Z'))).toBe('2026-11-26');
    expect(todayIn('Pacific/Pago_Pago', new Date('2026-11-25T05:00:00Z'))).toBe('2026-11-24');
  });
});

describe('schedule machine', () => {
  it('asks for the time zone once, keeps it, then shows the week', async () => {
    const { actor, load, zone } = schedulePage();
    expect(load.last.input).toEqual({ weekStart: null });
    load.last.resolve(ok({ timeZone: null, today: '2026-11-25', weekStart: '2026-11-23', items: [] }));
    await settle();
    expect(actor.getSnapshot().matches('askingZone')).toBe(true);
    actor.send({ type: 'zone.change', timeZone: 'America/New_York' });
    actor.send({ type: 'zone.confirm' });
    expect(zone.last.input).toEqual({ timeZone: 'America/New_York' });
    zone.last.resolve(ok({ timeZone: 'America/New_York' }));
    await settle();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    load.last.resolve(ok({ timeZone: 'America/New_York', today: '2026-11-25', weekStart: '2026-11-23', items: [item] }));
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.items).toEqual([item]);
  });

  it('a refused time zone shows why and asks again', async () => {
    const { actor, load, zone } = schedulePage();
    load.last.resolve(ok({ timeZone: null, today: '2026-11-25', weekStart: '2026-11-23', items: [] }));
    await settle();
    actor.send({ type: 'zone.confirm' });
    zone.last.resolve(failed(400, { isSuccess: false, message: 'That is not a time zone we know.' }));
    await settle();
    expect(actor.getSnapshot().matches('askingZone')).toBe(true);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('That is not a time zone we know.');
  });

  it('previous and next week load the week before and after', async () => {
    const { actor, load } = schedulePage();
    load.last.resolve(ok({ timeZone: 'Europe/Madrid', today: '2026-11-25', weekStart: '2026-11-23', items: [] }));
    await settle();
    actor.send({ type: 'week.next' });
    expect(load.last.input).toEqual({ weekStart: '2026-11-30' });
    load.last.resolve(ok({ timeZone: 'Europe/Madrid', today: '2026-11-25', weekStart: '2026-11-30', items: [] }));
    await settle();
    actor.send({ type: 'week.previous' });
    expect(load.last.input).toEqual({ weekStart: '2026-11-23' });
  });

  it('moves a class to another day of the week, and drops it from the week when moved out', async () => {
    const { actor, load, move } = schedulePage();
    load.last.resolve(ok({ timeZone: 'Europe/Madrid', today: '2026-11-25', weekStart: '2026-11-23', items: [item] }));
    await settle();
    actor.send({ type: 'move.open', id: 'i1' });
    actor.send({ type: 'move.change', date: '2026-11-27', time: '18:30' });
    actor.send({ type: 'move.submit' });
    expect(move.last.input).toEqual({ id: 'i1', date: '2026-11-27', time: '18:30' });
    move.last.resolve(ok({ item: { ...item, date: '2026-11-27', time: '18:30' } }));
    await settle();
    expect(actor.getSnapshot().context.items.map((entry) => entry.date)).toEqual(['2026-11-27']);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('The class has been moved.');
    actor.send({ type: 'move.open', id: 'i1' });
    actor.send({ type: 'move.change', date: '2026-12-10' });
    actor.send({ type: 'move.submit' });
    move.last.resolve(ok({ item: { ...item, date: '2026-12-10' } }));
    await settle();
    expect(actor.getSnapshot().context.items).toEqual([]);
  });

  it('a refused move keeps the form open with the reason; remove takes the class off the week', async () => {
    const { actor, load, move, remove } = schedulePage();
    load.last.resolve(ok({ timeZone: 'Europe/Madrid', today: '2026-11-25', weekStart: '2026-11-23', items: [item] }));
    await settle();
    actor.send({ type: 'move.open', id: 'i1' });
    actor.send({ type: 'move.change', date: '2026-11-01' });
    actor.send({ type: 'move.submit' });
    move.last.resolve(failed(400, { isSuccess: false, message: 'That day has already passed.' }));
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'editing' })).toBe(true);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('That day has already passed.');
    actor.send({ type: 'move.cancel' });
    actor.send({ type: 'item.remove', id: 'i1' });
    expect(remove.last.input).toEqual({ id: 'i1' });
    remove.last.resolve(ok({ id: 'i1' }));
    await settle();
    expect(actor.getSnapshot().context.items).toEqual([]);
  });
});

describe('add to schedule on the class page', () => {
  it('the class page passes the form to its child; Save plans the class on the day and time chosen', async () => {
    const loadClass = controlledActor<LoadClassOutput, LoadClassInput>();
    const add = controlledActor<AddItemOutput, AddItemInput>();
    const loadZone = controlledActor<LoadZoneOutput>();
    // The child gets the same implementations as the app provides them (provideTree).
    const { provideTree } = await import('@machines/provide-tree');
    const tree = createActor(provideTree(classDetailMachine, { actors: { loadClass: loadClass.logic, addItem: add.logic, loadZone: loadZone.logic } } as never), {
      input: { id: 'sunrise-vinyasa-flow' },
    }).start();
    loadClass.last.resolve(ok({ class: detail('sunrise-vinyasa-flow'), canPlay: false }));
    await settle();
    const child = () => tree.getSnapshot().children.scheduleAdd!.getSnapshot();
    expect(child().value).toBe('closed');
    tree.send({ type: 'scheduleAdd.open', today: '2026-11-25' });
    expect(child().context.date).toBe('2026-11-25');
    tree.send({ type: 'scheduleAdd.change', date: '2026-11-28', time: '07:15' });
    tree.send({ type: 'scheduleAdd.submit' });
    // The account's time zone is known: planned at once.
    loadZone.last.resolve(ok({ timeZone: 'Europe/Madrid' }));
    await settle();
    expect(add.last.input).toEqual({ classId: 'sunrise-vinyasa-flow', date: '2026-11-28', time: '07:15' });
    add.last.resolve(ok({ item }));
    await settle();
    expect(child().value).toBe('added');
    expect(noticeText(child().context.notice)).toBe('The class is on your schedule.');
  });
});

describe('schedule machine: the week, failures and notices', () => {
  const UNREACHABLE = 'Could not reach FitStream. Please try again.';
  const at = (id: string, date: string, time: string | null): ScheduleItem => ({ ...item, id, date, time });

  async function week(items: ScheduleItem[] = [item]) {
    const page = schedulePage();
    page.load.last.resolve(ok({ timeZone: 'Europe/Madrid', today: '2026-11-25', weekStart: '2026-11-23', items }));
    await settle();
    return page;
  }

  it('shows the week as read, with the account’s zone and today', async () => {
    const { actor, load } = schedulePage();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    load.last.resolve(ok({ timeZone: 'Europe/Madrid', today: '2026-11-25', weekStart: '2026-11-23', items: [item] }));
    await settle();
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);
    expect(actor.getSnapshot().context).toMatchObject({ timeZone: 'Europe/Madrid', today: '2026-11-25', weekStart: '2026-11-23', items: [item], notice: null, scrollToTop: 0 });
  });

  it('a week that cannot be read says why, and Try again reads it', async () => {
    const { actor, load } = schedulePage();
    load.last.resolve(failed(500, { isSuccess: false, message: 'The schedule is resting.' }));
    await settle();
    expect(actor.getSnapshot().value).toBe('loadFailed');
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('The schedule is resting.');
    expect(actor.getSnapshot().context.scrollToTop).toBe(1);
    actor.send({ type: 'schedule.retry' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.notice).toBeNull();
    load.last.resolve({ kind: 'unreachable' });
    await settle();
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Your schedule could not be loaded.');
    actor.send({ type: 'schedule.retry' });
    load.last.reject(new Error('offline'));
    await settle();
    expect(actor.getSnapshot().value).toBe('loadFailed');
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Your schedule could not be loaded.');
    expect(actor.getSnapshot().context.scrollToTop).toBe(3);
  });

  it('stops when the week’s request is cancelled or the session is lost', async () => {
    for (const answer of [{ kind: 'cancelled' } as const, failed(401)]) {
      const { actor, load } = schedulePage();
      load.last.resolve(answer);
      await settle();
      expect(actor.getSnapshot().value).toBe('abandoned');
      expect(actor.getSnapshot().status).toBe('done');
    }
  });

  it('saving the zone is busy and says it is saved; a lost session stops; no answer asks again', async () => {
    const { actor, load, zone } = schedulePage();
    load.last.resolve(ok({ timeZone: null, today: '2026-11-25', weekStart: '2026-11-23', items: [] }));
    await settle();
    expect(actor.getSnapshot().context.timeZone).toBeNull();
    actor.send({ type: 'zone.confirm' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(zone.last.input).toEqual({ timeZone: 'Europe/Madrid' });
    zone.last.reject(new Error('offline'));
    await settle();
    expect(actor.getSnapshot().value).toBe('askingZone');
    expect(noticeText(actor.getSnapshot().context.notice)).toBe(UNREACHABLE);
    actor.send({ type: 'zone.confirm' });
    expect(actor.getSnapshot().context.notice).toBeNull();
    zone.last.resolve(ok({ timeZone: 'Europe/Madrid' }));
    await settle();
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Your time zone has been saved.');
    expect(load.last.input).toEqual({ weekStart: '2026-11-23' });

    const other = schedulePage();
    other.load.last.resolve(ok({ timeZone: null, today: '2026-11-25', weekStart: '2026-11-23', items: [] }));
    await settle();
    other.actor.send({ type: 'zone.confirm' });
    other.zone.last.resolve(failed(401));
    await settle();
    expect(other.actor.getSnapshot().value).toBe('abandoned');
  });

  it('This week goes back to the account’s current week', async () => {
    const { actor, load } = await week();
    actor.send({ type: 'week.next' });
    load.last.resolve(ok({ timeZone: 'Europe/Madrid', today: '2026-11-25', weekStart: '2026-11-30', items: [] }));
    await settle();
    actor.send({ type: 'week.current' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(load.last.input).toEqual({ weekStart: null });
  });

  it('opens the move form on a listed class with its day and time, and only on one', async () => {
    const { actor } = await week([item, at('i2', '2026-11-26', '07:00')]);
    actor.send({ type: 'move.open', id: 'nope' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.draft).toBeNull();
    actor.send({ type: 'move.open', id: 'i2' });
    expect(actor.getSnapshot().matches({ ready: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.draft).toEqual({ id: 'i2', date: '2026-11-26', time: '07:00' });
    actor.send({ type: 'move.change', time: '08:15' });
    expect(actor.getSnapshot().context.draft).toEqual({ id: 'i2', date: '2026-11-26', time: '08:15' });
    actor.send({ type: 'move.change', date: '2026-11-27' });
    expect(actor.getSnapshot().context.draft).toEqual({ id: 'i2', date: '2026-11-27', time: '08:15' });
    actor.send({ type: 'move.cancel' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.draft).toBeNull();
    actor.send({ type: 'move.open', id: 'i1' });
    expect(actor.getSnapshot().context.draft).toEqual({ id: 'i1', date: '2026-11-25', time: '' });
  });

  it('does not move a class without a day; a time left empty means no time', async () => {
    const { actor, move } = await week();
    actor.send({ type: 'move.open', id: 'i1' });
    actor.send({ type: 'move.change', date: '' });
    actor.send({ type: 'move.submit' });
    expect(move.calls).toHaveLength(0);
    expect(actor.getSnapshot().matches({ ready: 'editing' })).toBe(true);
    actor.send({ type: 'move.change', date: '2026-11-24', time: '' });
    actor.send({ type: 'move.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(move.last.input).toEqual({ id: 'i1', date: '2026-11-24', time: null });
  });

  it('keeps the week in day and time order after a move, untimed classes last, Monday to Sunday inclusive', async () => {
    const { actor, move } = await week([at('a', '2026-11-23', '09:00'), at('b', '2026-11-25', null), at('c', '2026-11-25', '18:00'), at('d', '2026-11-29', '20:00')]);
    const moveTo = async (id: string, date: string, time: string | null) => {
      actor.send({ type: 'move.open', id });
      actor.send({ type: 'move.change', date, time: time ?? '' });
      actor.send({ type: 'move.submit' });
      move.last.resolve(ok({ item: at(id, date, time) }));
      await settle();
    };
    await moveTo('d', '2026-11-25', '07:00');
    expect(actor.getSnapshot().context.items.map((entry) => entry.id)).toEqual(['a', 'd', 'c', 'b']);
    expect(actor.getSnapshot().matches({ ready: 'showingNotice' })).toBe(true);
    expect(actor.getSnapshot().context.draft).toBeNull();
    await moveTo('a', '2026-11-29', '06:00');
    expect(actor.getSnapshot().context.items.map((entry) => entry.id)).toEqual(['d', 'c', 'b', 'a']);
    await moveTo('b', '2026-11-23', null);
    expect(actor.getSnapshot().context.items.map((entry) => entry.id)).toEqual(['b', 'd', 'c', 'a']);
    await moveTo('c', '2026-11-30', '18:00');
    expect(actor.getSnapshot().context.items.map((entry) => entry.id)).toEqual(['b', 'd', 'a']);
    await moveTo('d', '2026-11-22', '18:00');
    expect(actor.getSnapshot().context.items.map((entry) => entry.id)).toEqual(['b', 'a']);
  });

  it('a move that gets no answer keeps the form; a lost session stops', async () => {
    const { actor, move } = await week();
    actor.send({ type: 'move.open', id: 'i1' });
    actor.send({ type: 'move.submit' });
    move.last.reject(new Error('offline'));
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'editing' })).toBe(true);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe(UNREACHABLE);
    actor.send({ type: 'move.submit' });
    move.last.resolve(failed(401));
    await settle();
    expect(actor.getSnapshot().value).toBe('abandoned');
  });

  it('a notice shows for 3 s, or until dismissed, while the week can still be used', async () => {
    const { actor, clock, remove, load } = await week([item, at('i2', '2026-11-26', null)]);
    actor.send({ type: 'item.remove', id: 'i2' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    remove.last.resolve(ok({ id: 'i2' }));
    await settle();
    expect(actor.getSnapshot().context.items).toEqual([item]);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('The class has been removed from your schedule.');
    clock.increment(2999);
    expect(actor.getSnapshot().matches({ ready: 'showingNotice' })).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.notice).toBeNull();

    actor.send({ type: 'item.remove', id: 'i1' });
    remove.last.resolve(failed(404, { isSuccess: false, message: 'That class is not on your schedule.' }));
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'showingNotice' })).toBe(true);
    expect(actor.getSnapshot().context.items).toEqual([item]);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('That class is not on your schedule.');
    actor.send({ type: 'notice.dismiss' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.notice).toBeNull();

    actor.send({ type: 'item.remove', id: 'i1' });
    remove.last.reject(new Error('offline'));
    await settle();
    expect(noticeText(actor.getSnapshot().context.notice)).toBe(UNREACHABLE);
    actor.send({ type: 'week.next' });
    expect(load.last.input).toEqual({ weekStart: '2026-11-30' });
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('a notice left on the week (the zone saved) can be dismissed', async () => {
    const { actor, load, zone } = schedulePage();
    load.last.resolve(ok({ timeZone: null, today: '2026-11-25', weekStart: '2026-11-23', items: [] }));
    await settle();
    actor.send({ type: 'zone.confirm' });
    zone.last.resolve(ok({ timeZone: 'Europe/Madrid' }));
    await settle();
    load.last.resolve(ok({ timeZone: 'Europe/Madrid', today: '2026-11-25', weekStart: '2026-11-23', items: [] }));
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Your time zone has been saved.');
    actor.send({ type: 'notice.dismiss' });
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('stops when a removal is cancelled or the session is lost', async () => {
    const { actor, remove } = await week();
    actor.send({ type: 'item.remove', id: 'i1' });
    remove.last.resolve({ kind: 'cancelled' });
    await settle();
    expect(actor.getSnapshot().value).toBe('abandoned');
  });
});
