// Programme machine (/programmes/:id): what the account may do follows the programme's state
// (start on chosen weekdays, a plan, another programme to leave, pause/leave, resume/leave, the
// completion screen), each action shows the programme as the server answers it, and a refusal
// keeps the page as it was with the reason.
import { describe, expect, it } from 'vitest';
import { programmeMachine, type ProgrammeInput, type ProgrammeOutput, type StartProgrammeInput } from '@machines/programme.machine';
import { noticeText } from '@domain/notices';
import { cancelled, failed, ok, unreachable } from '@domain/request-outcome';
import { controlledActor, settle } from './controlled-actor';
import { programmeDetail } from './programme-fixtures';
import { startFlow } from './support/navigation';

function programmePage() {
  const load = controlledActor<ProgrammeOutput, ProgrammeInput>();
  const start = controlledActor<ProgrammeOutput, StartProgrammeInput>();
  const setDays = controlledActor<ProgrammeOutput, StartProgrammeInput>();
  const pause = controlledActor<ProgrammeOutput, ProgrammeInput>();
  const resume = controlledActor<ProgrammeOutput, ProgrammeInput>();
  const leave = controlledActor<ProgrammeOutput, ProgrammeInput>();
  const actor = startFlow(
    programmeMachine.provide({
      actors: { loadProgramme: load.logic, startProgramme: start.logic, setProgrammeWeekdays: setDays.logic, pauseProgramme: pause.logic, resumeProgramme: resume.logic, leaveProgramme: leave.logic },
    }),
    { input: { id: 'yoga-foundations' } },
  );
  return { actor, load, start, setDays, pause, resume, leave };
}

describe('programme machine', () => {
  it('offers the proposed weekdays, which the user changes (never to none), and starts on them', async () => {
    const { actor, load, start } = programmePage();
    expect(load.last.input).toEqual({ id: 'yoga-foundations' });
    load.last.resolve(ok(programmeDetail()));
    await settle();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.weekdays).toEqual([2, 4]);
    actor.send({ type: 'day.toggle', day: 6 });
    actor.send({ type: 'day.toggle', day: 2 });
    expect(actor.getSnapshot().context.weekdays).toEqual([4, 6]);
    actor.send({ type: 'day.toggle', day: 4 });
    actor.send({ type: 'day.toggle', day: 6 });
    expect(actor.getSnapshot().context.weekdays).toEqual([6]);
    actor.send({ type: 'start' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(start.last.input).toEqual({ id: 'yoga-foundations', weekdays: [6] });
    start.last.resolve(ok(programmeDetail({ status: 'active', weekdays: [6] })));
    await settle();
    expect(actor.getSnapshot().matches('active')).toBe(true);
  });

  it('pauses, resumes and leaves', async () => {
    const { actor, load, pause, resume, leave } = programmePage();
    load.last.resolve(ok(programmeDetail({ status: 'active', done: 1 })));
    await settle();
    actor.send({ type: 'pause' });
    pause.last.resolve(ok(programmeDetail({ status: 'paused', done: 1 })));
    await settle();
    expect(actor.getSnapshot().matches('paused')).toBe(true);
    actor.send({ type: 'resume' });
    resume.last.resolve(ok(programmeDetail({ status: 'active', done: 1 })));
    await settle();
    expect(actor.getSnapshot().matches('active')).toBe(true);
    actor.send({ type: 'leave' });
    leave.last.resolve(ok(programmeDetail()));
    await settle();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
  });

  it('changes the days of a programme under way: starts from its days, saves the new ones, and Cancel keeps them', async () => {
    const { actor, load, setDays } = programmePage();
    load.last.resolve(ok(programmeDetail({ status: 'active', done: 1, weekdays: [1, 3] })));
    await settle();
    actor.send({ type: 'days.edit' });
    expect(actor.getSnapshot().matches('editingDays')).toBe(true);
    expect(actor.getSnapshot().context.weekdays).toEqual([1, 3]);
    actor.send({ type: 'day.toggle', day: 5 });
    actor.send({ type: 'days.cancel' });
    expect(actor.getSnapshot().matches('active')).toBe(true);
    expect(actor.getSnapshot().context.weekdays).toEqual([1, 3]);
    expect(setDays.calls).toHaveLength(0);
    actor.send({ type: 'days.edit' });
    actor.send({ type: 'day.toggle', day: 1 });
    actor.send({ type: 'day.toggle', day: 6 });
    actor.send({ type: 'days.save' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(setDays.last.input).toEqual({ id: 'yoga-foundations', weekdays: [3, 6] });
    setDays.last.resolve(ok(programmeDetail({ status: 'active', done: 1, weekdays: [3, 6] })));
    await settle();
    expect(actor.getSnapshot().matches('active')).toBe(true);
    expect(actor.getSnapshot().context.programme?.following?.weekdays).toEqual([3, 6]);
  });

  it('changes the days of a paused programme, and a refusal keeps the chosen days with the reason', async () => {
    const { actor, load, setDays } = programmePage();
    load.last.resolve(ok(programmeDetail({ status: 'paused', done: 1, weekdays: [2, 4] })));
    await settle();
    actor.send({ type: 'days.edit' });
    actor.send({ type: 'day.toggle', day: 7 });
    actor.send({ type: 'days.save' });
    setDays.last.resolve(failed(409, { isSuccess: false, message: 'You are not following this programme.' }));
    await settle();
    expect(actor.getSnapshot().matches('editingDays')).toBe(true);
    expect(actor.getSnapshot().context.weekdays).toEqual([2, 4, 7]);
    expect(noticeText(actor.getSnapshot().context.failure)).toBe('You are not following this programme.');
    actor.send({ type: 'days.save' });
    expect(actor.getSnapshot().context.failure).toBeNull();
    setDays.last.resolve(ok(programmeDetail({ status: 'paused', done: 1, weekdays: [2, 4, 7] })));
    await settle();
    expect(actor.getSnapshot().matches('paused')).toBe(true);
  });

  it('keeps the page as it was with the reason when an action is refused', async () => {
    const { actor, load, start } = programmePage();
    load.last.resolve(ok(programmeDetail()));
    await settle();
    actor.send({ type: 'start' });
    start.last.resolve(failed(409, { isSuccess: false, message: 'You are already following a programme.' }));
    await settle();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(noticeText(actor.getSnapshot().context.failure)).toBe('You are already following a programme.');
  });

  it.each([
    [{ canStart: false }, 'locked' as const],
    [{ blockedBy: { id: 'strength-101', title: { en: 'Strength 101', es: 'Fuerza 101' } } }, 'blocked' as const],
    [{ status: 'paused' as const }, 'paused' as const],
    [{ status: 'finished' as const, done: 4 }, 'finished' as const],
  ])('shows %o as %s', async (options, state) => {
    const { actor, load } = programmePage();
    load.last.resolve(ok(programmeDetail(options)));
    await settle();
    expect(actor.getSnapshot().matches(state)).toBe(true);
  });

  it('has a page for an unknown programme and Try again for a failure', async () => {
    const unknown = programmePage();
    unknown.load.last.resolve(failed(404, { isSuccess: false, message: 'There is no such programme.' }));
    await settle();
    expect(unknown.actor.getSnapshot().matches('notFound')).toBe(true);
    const failing = programmePage();
    failing.load.last.resolve(failed(503, null));
    await settle();
    expect(failing.actor.getSnapshot().matches('failed')).toBe(true);
    failing.actor.send({ type: 'retry' });
    expect(failing.load.calls).toHaveLength(2);
  });
});

describe('programme machine, each step', () => {
  const state = (actor: ReturnType<typeof programmePage>['actor']) => actor.getSnapshot();

  it('shows loading, asks for its own id, and on a failure says why; Try again clears the reason and loads again', async () => {
    const { actor, load } = programmePage();
    expect(state(actor).value).toBe('loading');
    expect(state(actor).hasTag('loading')).toBe(true);
    expect(state(actor).context).toEqual({ id: 'yoga-foundations', programme: null, weekdays: [], failure: null });
    load.last.resolve(failed(500, { isSuccess: false, message: 'The programmes could not be loaded.' }));
    await settle();
    expect(state(actor).value).toBe('failed');
    expect(state(actor).hasTag('loading')).toBe(false);
    expect(noticeText(state(actor).context.failure)).toBe('The programmes could not be loaded.');
    actor.send({ type: 'retry' });
    expect(state(actor).value).toBe('loading');
    expect(state(actor).context.failure).toBeNull();
    expect(load.last.input).toEqual({ id: 'yoga-foundations' });
    load.last.reject(new Error('network'));
    await settle();
    expect(state(actor).value).toBe('failed');
    expect(state(actor).context.failure).not.toBeNull();
    actor.send({ type: 'retry' });
    load.last.resolve(unreachable);
    await settle();
    expect(state(actor).value).toBe('failed');
    actor.send({ type: 'retry' });
    load.last.resolve(ok(programmeDetail({ status: 'active', weekdays: [1, 5] })));
    await settle();
    expect(state(actor).value).toBe('active');
    expect(state(actor).context.weekdays).toEqual([1, 5]);
    expect(state(actor).context.programme?.id).toBe('yoga-foundations');
    expect(state(actor).context.failure).toBeNull();
  });

  it('a 404 is the unknown programme\'s page; another refusal is not', async () => {
    const other = programmePage();
    other.load.last.resolve(failed(403, { isSuccess: false, message: 'No.' }));
    await settle();
    expect(state(other.actor).value).toBe('failed');
    const unknown = programmePage();
    unknown.load.last.resolve(failed(404, null));
    await settle();
    expect(state(unknown.actor).value).toBe('notFound');
    expect(state(unknown.actor).context.failure).toBeNull();
    unknown.actor.send({ type: 'retry' });
    expect(unknown.load.calls).toHaveLength(1);
  });

  it('a cancelled load or action ends the flow quietly', async () => {
    const loading = programmePage();
    loading.load.last.resolve(cancelled);
    await settle();
    expect(state(loading.actor).value).toBe('abandoned');
    expect(state(loading.actor).status).toBe('done');
    const acting = programmePage();
    acting.load.last.resolve(ok(programmeDetail({ status: 'active' })));
    await settle();
    acting.actor.send({ type: 'pause' });
    acting.pause.last.resolve(cancelled);
    await settle();
    expect(state(acting.actor).value).toBe('abandoned');
    expect(state(acting.actor).context.failure).toBeNull();
  });

  it('pause, resume and leave send the programme and its days, are busy meanwhile, and answer with the programme as it is', async () => {
    const { actor, load, pause, resume, leave } = programmePage();
    load.last.resolve(ok(programmeDetail({ status: 'active', weekdays: [1, 3] })));
    await settle();
    actor.send({ type: 'resume' });
    actor.send({ type: 'start' });
    expect(state(actor).value).toBe('active');
    actor.send({ type: 'pause' });
    expect(state(actor).value).toBe('pausing');
    expect(state(actor).hasTag('busy')).toBe(true);
    expect(pause.last.input).toEqual({ id: 'yoga-foundations', weekdays: [1, 3] });
    pause.last.resolve(ok(programmeDetail({ status: 'paused', weekdays: [1, 3] })));
    await settle();
    expect(state(actor).value).toBe('paused');
    expect(state(actor).hasTag('busy')).toBe(false);
    actor.send({ type: 'pause' });
    expect(state(actor).value).toBe('paused');
    actor.send({ type: 'resume' });
    expect(state(actor).value).toBe('resuming');
    expect(resume.last.input).toEqual({ id: 'yoga-foundations', weekdays: [1, 3] });
    resume.last.resolve(ok(programmeDetail({ status: 'active', weekdays: [1, 3] })));
    await settle();
    actor.send({ type: 'leave' });
    expect(state(actor).value).toBe('leaving');
    expect(leave.last.input).toEqual({ id: 'yoga-foundations', weekdays: [1, 3] });
    leave.last.resolve(ok(programmeDetail()));
    await settle();
    expect(state(actor).value).toBe('ready');
    expect(state(actor).context.weekdays).toEqual([2, 4]);
    expect(state(actor).context.programme?.following).toBeNull();
  });

  it('a paused programme can be left; a refused action (an error too) keeps the page with the reason, cleared by the next try', async () => {
    const { actor, load, resume, leave } = programmePage();
    load.last.resolve(ok(programmeDetail({ status: 'paused' })));
    await settle();
    actor.send({ type: 'resume' });
    resume.last.reject(new Error('network'));
    await settle();
    expect(state(actor).value).toBe('paused');
    expect(noticeText(state(actor).context.failure)).not.toBe('');
    expect(state(actor).context.failure).not.toBeNull();
    actor.send({ type: 'leave' });
    expect(state(actor).value).toBe('leaving');
    expect(state(actor).context.failure).toBeNull();
    leave.last.resolve(failed(409, { isSuccess: false, message: 'Not now.' }));
    await settle();
    expect(state(actor).value).toBe('paused');
    expect(noticeText(state(actor).context.failure)).toBe('Not now.');
    actor.send({ type: 'days.edit' });
    expect(state(actor).value).toBe('editingDays');
    expect(state(actor).context.failure).toBeNull();
  });

  it('Cancel while changing days clears a refusal and goes back to the paused page with its days', async () => {
    const { actor, load, setDays } = programmePage();
    load.last.resolve(ok(programmeDetail({ status: 'paused', weekdays: [2, 4] })));
    await settle();
    actor.send({ type: 'days.edit' });
    actor.send({ type: 'day.toggle', day: 6 });
    actor.send({ type: 'days.save' });
    expect(state(actor).value).toBe('changingDays');
    expect(setDays.last.input).toEqual({ id: 'yoga-foundations', weekdays: [2, 4, 6] });
    setDays.last.reject(new Error('network'));
    await settle();
    expect(state(actor).value).toBe('editingDays');
    expect(state(actor).context.failure).not.toBeNull();
    actor.send({ type: 'days.cancel' });
    expect(state(actor).value).toBe('paused');
    expect(state(actor).context.failure).toBeNull();
    expect(state(actor).context.weekdays).toEqual([2, 4]);
  });

  it('a refusal on an active page is cleared when changing days begins', async () => {
    const { actor, load, pause } = programmePage();
    load.last.resolve(ok(programmeDetail({ status: 'active', weekdays: [2, 4] })));
    await settle();
    actor.send({ type: 'pause' });
    pause.last.resolve(failed(409, { isSuccess: false, message: 'Not now.' }));
    await settle();
    expect(state(actor).value).toBe('active');
    expect(noticeText(state(actor).context.failure)).toBe('Not now.');
    actor.send({ type: 'days.edit' });
    expect(state(actor).context.failure).toBeNull();
    actor.send({ type: 'start' });
    actor.send({ type: 'pause' });
    expect(state(actor).value).toBe('editingDays');
  });

  it('a finished programme starts again on chosen days', async () => {
    const { actor, load, start } = programmePage();
    load.last.resolve(ok(programmeDetail({ status: 'finished', done: 4, weekdays: [1, 3] })));
    await settle();
    expect(state(actor).value).toBe('finished');
    expect(state(actor).context.weekdays).toEqual([1, 3]);
    actor.send({ type: 'day.toggle', day: 5 });
    expect(state(actor).context.weekdays).toEqual([1, 3, 5]);
    actor.send({ type: 'pause' });
    actor.send({ type: 'start' });
    expect(state(actor).value).toBe('starting');
    expect(start.last.input).toEqual({ id: 'yoga-foundations', weekdays: [1, 3, 5] });
    start.last.resolve(ok(programmeDetail({ status: 'active', weekdays: [1, 3, 5] })));
    await settle();
    expect(state(actor).value).toBe('active');
  });

  it('the programme\'s state decides first (followed before locked or blocked), then access, then another programme', async () => {
    const blockedBy = { id: 'strength-101', title: { en: 'Strength 101', es: 'Fuerza 101' } };
    const cases = [
      [{ status: 'finished' as const, canStart: false, blockedBy }, 'finished'],
      [{ status: 'active' as const, canStart: false, blockedBy }, 'active'],
      [{ status: 'paused' as const, canStart: false, blockedBy }, 'paused'],
      [{ canStart: false, blockedBy }, 'locked'],
      [{ blockedBy }, 'blocked'],
      [{}, 'ready'],
    ] as const;
    for (const [options, expected] of cases) {
      const { actor, load } = programmePage();
      load.last.resolve(ok(programmeDetail(options)));
      await settle();
      expect(state(actor).value).toBe(expected);
    }
  });

  it('a locked page starts nothing', async () => {
    const { actor, load, start } = programmePage();
    load.last.resolve(ok(programmeDetail({ canStart: false })));
    await settle();
    actor.send({ type: 'day.toggle', day: 6 });
    actor.send({ type: 'start' });
    expect(state(actor).value).toBe('locked');
    expect(state(actor).context.weekdays).toEqual([2, 4]);
    expect(start.calls).toHaveLength(0);
  });
});
