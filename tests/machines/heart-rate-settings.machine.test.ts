// The heart-rate settings section (machines/heart-rate-settings.machine.ts): loaded into the form,
// or "could not be loaded" with Try again; the maximum (100–230) and the birth year (ages 13 to
// 100) checked before anything is sent, empty meaning none; Save's answer, and "Delete my
// heart-rate data" confirmed first, each ending on the form with its notice.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { cancelled, failed, ok, unreachable, type Outcome } from '@domain/request-outcome';
import { heartRateNotices } from '@domain/heart-rate-notices';
import { heartRateSettingsMachine, type ProfileHeartRate } from '@machines/heart-rate-settings.machine';
import { controlledActor, settle } from './controlled-actor';

const today = new Date('2026-11-29T12:00:00Z');
const kept: ProfileHeartRate = { recording: true, maxHeartRate: 185, birthYear: 1990 };
const cleared: ProfileHeartRate = { recording: false, maxHeartRate: null, birthYear: null };

function settings() {
  const load = controlledActor<Outcome<ProfileHeartRate>>();
  const save = controlledActor<Outcome<ProfileHeartRate>, ProfileHeartRate>();
  const erase = controlledActor<Outcome<ProfileHeartRate>>();
  const actor = createActor(heartRateSettingsMachine.provide({ actors: { loadSettings: load.logic, saveSettings: save.logic, deleteData: erase.logic } }), {
    input: { today },
  }).start();
  const state = () => actor.getSnapshot();
  const loaded = async (answer: ProfileHeartRate = kept) => {
    load.last.resolve(ok(answer));
    await settle();
  };
  const field = (name: 'maxHeartRate' | 'birthYear', value: string) => actor.send({ type: 'field.change', field: name, value });
  return { actor, load, save, erase, state, loaded, field };
}

describe('heart-rate settings machine', () => {
  it('fills the form from the profile’s settings', async () => {
    const t = settings();
    expect(t.state().value).toBe('loading');
    expect(t.state().hasTag('busy')).toBe(true);
    await t.loaded();
    expect(t.state().value).toBe('ready');
    expect(t.state().context).toMatchObject({ recording: true, recorded: true, values: { maxHeartRate: '185', birthYear: '1990' }, errors: {}, notice: null });
    const empty = settings();
    await empty.loaded(cleared);
    expect(empty.state().context).toMatchObject({ recording: false, recorded: false, values: { maxHeartRate: '', birthYear: '' } });
  });

  it('says the settings could not be loaded, and tries again', async () => {
    const t = settings();
    t.load.last.resolve(unreachable);
    await settle();
    expect(t.state().value).toBe('failed');
    expect(t.state().context.notice).toEqual({ tone: 'error', message: heartRateNotices.loadFailed });
    t.actor.send({ type: 'retry' });
    expect(t.state().value).toBe('loading');
    expect(t.state().context.notice).toBeNull();
    expect(t.load.calls).toHaveLength(2);
    t.load.last.reject(new Error('network'));
    await settle();
    expect(t.state().context.notice?.message).toEqual(heartRateNotices.loadFailed);
    // A lost sign-in (on its way to /login) says nothing.
    t.actor.send({ type: 'retry' });
    t.load.last.resolve(failed(401));
    await settle();
    expect(t.state().value).toBe('failed');
    expect(t.state().context.notice).toBeNull();
  });

  it('refuses a maximum outside 100–230 and a birth year outside the ages 13–100 before sending, naming the field', async () => {
    const t = settings();
    await t.loaded(cleared);
    for (const [max, year, errors] of [
      ['99', '', { maxHeartRate: true }],
      ['231', '', { maxHeartRate: true }],
      ['150.5', '', { maxHeartRate: true }],
      ['abc', '', { maxHeartRate: true }],
      ['', '2014', { birthYear: true }],
      ['', '1925', { birthYear: true }],
      ['300', '2020', { maxHeartRate: true, birthYear: true }],
    ] as const) {
      t.field('maxHeartRate', max);
      t.field('birthYear', year);
      t.actor.send({ type: 'settings.save' });
      expect(t.state().value).toBe('ready');
      expect(t.state().context.errors).toEqual(errors);
    }
    expect(t.save.calls).toHaveLength(0);
    // Typing in a field clears its own error only.
    t.field('maxHeartRate', '190');
    expect(t.state().context.errors).toEqual({ maxHeartRate: undefined, birthYear: true });
  });

  it('sends the switch and the numbers (empty: none) at the limits, and takes the answer', async () => {
    const t = settings();
    await t.loaded(cleared);
    t.actor.send({ type: 'recording.change', on: true });
    t.field('maxHeartRate', ' 230 ');
    t.field('birthYear', '2013');
    t.actor.send({ type: 'settings.save' });
    expect(t.state().value).toBe('saving');
    expect(t.state().hasTag('busy')).toBe(true);
    expect(t.save.last.input).toEqual({ recording: true, maxHeartRate: 230, birthYear: 2013 });
    t.save.last.resolve(ok({ recording: true, maxHeartRate: 230, birthYear: 2013 }));
    await settle();
    expect(t.state().value).toBe('ready');
    expect(t.state().context).toMatchObject({ recording: true, recorded: true, values: { maxHeartRate: '230', birthYear: '2013' }, notice: { tone: 'success', message: heartRateNotices.saved } });
    t.actor.send({ type: 'notice.dismiss' });
    expect(t.state().context.notice).toBeNull();
    t.field('maxHeartRate', '100');
    t.field('birthYear', '1926');
    t.actor.send({ type: 'settings.save' });
    expect(t.save.last.input).toEqual({ recording: true, maxHeartRate: 100, birthYear: 1926 });
    t.save.last.resolve(failed(400, { message: 'Enter a maximum heart rate from 100 to 230.', statusCode: 400 }));
    await settle();
    expect(t.state().value).toBe('ready');
    expect(t.state().context.notice).toEqual({ tone: 'error', message: 'Enter a maximum heart rate from 100 to 230.' });
    // The switch as kept stays until a save keeps another.
    t.actor.send({ type: 'recording.change', on: false });
    expect(t.state().context).toMatchObject({ recording: false, recorded: true });
    t.actor.send({ type: 'settings.save' });
    t.save.last.resolve(cancelled);
    await settle();
    expect(t.state().value).toBe('ready');
    expect(t.state().context.notice).toBeNull();
    t.actor.send({ type: 'settings.save' });
    t.save.last.reject(new Error('network'));
    await settle();
    expect(t.state().context.notice?.tone).toBe('error');
  });

  it('asks before deleting; Cancel keeps everything; deleting empties the form and turns recording off', async () => {
    const t = settings();
    await t.loaded();
    t.actor.send({ type: 'data.delete' });
    expect(t.state().value).toBe('confirmingDelete');
    t.actor.send({ type: 'delete.cancel' });
    expect(t.state().value).toBe('ready');
    expect(t.erase.calls).toHaveLength(0);
    t.actor.send({ type: 'data.delete' });
    t.actor.send({ type: 'delete.confirm' });
    expect(t.state().value).toBe('deleting');
    expect(t.state().hasTag('busy')).toBe(true);
    t.erase.last.resolve(ok(cleared));
    await settle();
    expect(t.state().value).toBe('ready');
    expect(t.state().context).toMatchObject({ recording: false, recorded: false, values: { maxHeartRate: '', birthYear: '' }, notice: { tone: 'success', message: heartRateNotices.deleted } });
  });

  it('keeps the form when deleting fails, with the reason, and says nothing when cancelled', async () => {
    const t = settings();
    await t.loaded();
    t.actor.send({ type: 'data.delete' });
    expect(t.state().context.notice).toBeNull();
    t.actor.send({ type: 'delete.confirm' });
    t.erase.last.resolve(failed(500));
    await settle();
    expect(t.state().value).toBe('ready');
    expect(t.state().context).toMatchObject({ recording: true, recorded: true, values: { maxHeartRate: '185', birthYear: '1990' } });
    expect(t.state().context.notice?.tone).toBe('error');
    t.actor.send({ type: 'data.delete' });
    t.actor.send({ type: 'delete.confirm' });
    t.erase.last.resolve(cancelled);
    await settle();
    expect(t.state().value).toBe('ready');
    expect(t.state().context.notice).toBeNull();
    t.actor.send({ type: 'data.delete' });
    t.actor.send({ type: 'delete.confirm' });
    t.erase.last.reject(new Error('network'));
    await settle();
    expect(t.state().context.notice?.tone).toBe('error');
  });
});
