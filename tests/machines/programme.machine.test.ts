// Programme machine (/programmes/:id): what the account may do follows the programme's state
// (start on chosen weekdays, a plan, another programme to leave, pause/leave, resume/leave, the
// completion screen), each action shows the programme as the server answers it, and a refusal
// keeps the page as it was with the reason.
import { describe, expect, it } from 'vitest';
import { programmeMachine, type ProgrammeInput, type ProgrammeOutput, type StartProgrammeInput } from '@machines/programme.machine';
import { noticeText } from '@domain/notices';
import { failed, ok } from '@domain/request-outcome';
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
