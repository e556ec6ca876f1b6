// "Add to schedule" on a class page (machines/schedule-add.machine.ts): the form opens on today,
// Save plans the class on the day and optional time chosen, a refusal shows in the form.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { scheduleAddMachine, type AddItemInput, type AddItemOutput, type LoadZoneOutput } from '@machines/schedule-add.machine';
import { noticeText } from '@domain/notices';
import { failed, ok, type Outcome } from '@domain/request-outcome';
import type { ScheduleItem } from '@domain/schedule';
import { controlledActor, settle } from './controlled-actor';

const item: ScheduleItem = {
  id: 'i1',
  kind: 'class',
  date: '2026-11-28',
  time: null,
  classId: 'sunrise-vinyasa-flow',
  classTitle: { en: 'Sunrise vinyasa flow', es: 'Vinyasa del amanecer' },
  durationSeconds: 1200,
  done: false,
};

/** The form of an account whose time zone is `zone` (null: never asked). */
function addForm(zone: string | null = 'Europe/Madrid') {
  const add = controlledActor<AddItemOutput, AddItemInput>();
  const load = controlledActor<LoadZoneOutput>();
  const save = controlledActor<Outcome<{ timeZone: string }>, { timeZone: string }>();
  const actor = createActor(scheduleAddMachine.provide({ actors: { addItem: add.logic, loadZone: load.logic, saveZone: save.logic } }), {
    input: { classId: 'sunrise-vinyasa-flow' },
  }).start();
  /** Save pressed: the account's zone is asked the first time. */
  const submit = async () => {
    actor.send({ type: 'scheduleAdd.submit' });
    if (actor.getSnapshot().matches('checkingZone')) {
      load.last.resolve(ok({ timeZone: zone }));
      await settle();
    }
  };
  return { actor, add, load, save, submit };
}

describe('schedule add machine', () => {
  it('shows the button until opened; the form opens on today with no time', () => {
    const { actor } = addForm();
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context).toEqual({ classId: 'sunrise-vinyasa-flow', date: '', time: '', today: '', notice: null, zone: 'UTC', zoneKnown: false });
    actor.send({ type: 'scheduleAdd.submit' });
    expect(actor.getSnapshot().value).toBe('closed');
    actor.send({ type: 'scheduleAdd.open', today: '2026-11-25' });
    expect(actor.getSnapshot().value).toBe('open');
    expect(actor.getSnapshot().context).toMatchObject({ today: '2026-11-25', date: '2026-11-25', time: '' });
  });

  it('changing the day keeps the time, and the other way round', () => {
    const { actor } = addForm();
    actor.send({ type: 'scheduleAdd.open', today: '2026-11-25' });
    actor.send({ type: 'scheduleAdd.change', time: '07:15' });
    expect(actor.getSnapshot().context).toMatchObject({ date: '2026-11-25', time: '07:15' });
    actor.send({ type: 'scheduleAdd.change', date: '2026-11-28' });
    expect(actor.getSnapshot().context).toMatchObject({ date: '2026-11-28', time: '07:15' });
  });

  it('plans the class with no time when the time is left empty, busy meanwhile, and says so', async () => {
    const { actor, add, submit } = addForm();
    actor.send({ type: 'scheduleAdd.open', today: '2026-11-25' });
    await submit();
    expect(actor.getSnapshot().value).toBe('adding');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(add.last.input).toEqual({ classId: 'sunrise-vinyasa-flow', date: '2026-11-25', time: null });
    add.last.resolve(ok({ item }));
    await settle();
    expect(actor.getSnapshot().value).toBe('added');
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('The class is on your schedule.');
    expect(actor.getSnapshot().context.notice?.tone).toBe('success');
    // Plan it again: a fresh form on today.
    actor.send({ type: 'scheduleAdd.open', today: '2026-11-26' });
    expect(actor.getSnapshot().value).toBe('open');
    expect(actor.getSnapshot().context).toMatchObject({ date: '2026-11-26', time: '', notice: null });
  });

  it('does not save without a day', () => {
    const { actor, add } = addForm();
    actor.send({ type: 'scheduleAdd.open', today: '2026-11-25' });
    actor.send({ type: 'scheduleAdd.change', date: '' });
    actor.send({ type: 'scheduleAdd.submit' });
    expect(actor.getSnapshot().value).toBe('open');
    expect(add.calls).toHaveLength(0);
  });

  it('a refusal shows in the form, and Cancel closes it and clears that', async () => {
    const { actor, add, submit } = addForm();
    actor.send({ type: 'scheduleAdd.open', today: '2026-11-25' });
    await submit();
    add.last.resolve(failed(409, { isSuccess: false, message: 'Your schedule is full that day.' }));
    await settle();
    expect(actor.getSnapshot().value).toBe('open');
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Your schedule is full that day.');
    actor.send({ type: 'scheduleAdd.submit' });
    add.last.reject(new Error('offline'));
    await settle();
    expect(actor.getSnapshot().value).toBe('open');
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Could not reach FitStream. Please try again.');
    actor.send({ type: 'scheduleAdd.cancel' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('says nothing when the request is cancelled or the session is lost', async () => {
    for (const answer of [{ kind: 'cancelled' } as const, failed(401)]) {
      const { actor, add, submit } = addForm();
      actor.send({ type: 'scheduleAdd.open', today: '2026-11-25' });
      await submit();
      add.last.resolve(answer);
      await settle();
      expect(actor.getSnapshot().value).toBe('open');
      expect(actor.getSnapshot().context.notice).toBeNull();
    }
  });

  it('the first time anything is planned, asks for the time zone (the browser\'s proposed), keeps it, then plans; never again', async () => {
    const { actor, add, load, save } = addForm(null);
    actor.send({ type: 'scheduleAdd.open', today: '2026-11-25', proposedZone: 'America/Mexico_City' });
    actor.send({ type: 'scheduleAdd.submit' });
    expect(actor.getSnapshot().value).toBe('checkingZone');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    load.last.resolve(ok({ timeZone: null }));
    await settle();
    expect(actor.getSnapshot().value).toBe('askingZone');
    expect(actor.getSnapshot().context.zone).toBe('America/Mexico_City');
    expect(add.calls).toHaveLength(0);
    actor.send({ type: 'scheduleAdd.zone', timeZone: 'Europe/Madrid' });
    actor.send({ type: 'scheduleAdd.submit' });
    expect(save.last.input).toEqual({ timeZone: 'Europe/Madrid' });
    // A refusal shows in the form, which still asks.
    save.last.resolve(failed(400, { isSuccess: false, message: 'That is not a time zone.' }));
    await settle();
    expect(actor.getSnapshot().value).toBe('askingZone');
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('That is not a time zone.');
    actor.send({ type: 'scheduleAdd.submit' });
    save.last.resolve(ok({ timeZone: 'Europe/Madrid' }));
    await settle();
    expect(actor.getSnapshot().value).toBe('adding');
    expect(add.last.input).toEqual({ classId: 'sunrise-vinyasa-flow', date: '2026-11-25', time: null });
    add.last.resolve(ok({ item }));
    await settle();
    // Planned again: straight to adding, nothing asked.
    actor.send({ type: 'scheduleAdd.open', today: '2026-11-26' });
    actor.send({ type: 'scheduleAdd.submit' });
    expect(actor.getSnapshot().value).toBe('adding');
    expect(load.calls).toHaveLength(1);
  });

  it('an account with a zone is not asked, and one whose zone cannot be read is planned anyway', async () => {
    for (const answer of [ok({ timeZone: 'Europe/Madrid' }), failed(503)] as LoadZoneOutput[]) {
      const { actor, load, save } = addForm();
      actor.send({ type: 'scheduleAdd.open', today: '2026-11-25' });
      actor.send({ type: 'scheduleAdd.submit' });
      load.last.resolve(answer);
      await settle();
      expect(actor.getSnapshot().value).toBe('adding');
      expect(save.calls).toHaveLength(0);
    }
  });
});
