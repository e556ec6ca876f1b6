// Activity machine (/activity): the overview, more history, setting and clearing the weekly goal,
// and what a failure leaves on screen.
import { describe, expect, it } from 'vitest';
import { activityMachine, type Activity, type HistoryPage } from '@machines/activity.machine';
import { noticeText } from '@domain/notices';
import { failed, ok, type Outcome } from '@domain/request-outcome';
import type { WeeklyGoal } from '@domain/activity';
import { overview, secondPage } from './activity-fixtures';
import { controlledActor, settle } from './controlled-actor';
import { startFlow } from './support/navigation';

function activityPage() {
  const load = controlledActor<Outcome<Activity>>();
  const more = controlledActor<Outcome<HistoryPage>, { cursor: string }>();
  const setGoal = controlledActor<Outcome<Activity>, WeeklyGoal>();
  const clearGoal = controlledActor<Outcome<Activity>>();
  const actor = startFlow(activityMachine.provide({ actors: { loadActivity: load.logic, loadHistory: more.logic, setGoal: setGoal.logic, clearGoal: clearGoal.logic } }));
  return { actor, load, more, setGoal, clearGoal };
}

describe('activity machine', () => {
  it('loads the overview with the first page of history', async () => {
    const { actor, load } = activityPage();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    load.last.resolve(ok(overview()));
    await settle();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.history.map((item) => item.classId)).toEqual(['class-1', 'class-2']);
  });

  it('appends the next page of history, and offers no more after the last', async () => {
    const { actor, load, more } = activityPage();
    load.last.resolve(ok(overview()));
    await settle();
    actor.send({ type: 'history.more' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(more.last.input).toEqual({ cursor: 'page-2' });
    more.last.resolve(ok(secondPage));
    await settle();
    expect(actor.getSnapshot().context.history.map((item) => item.classId)).toEqual(['class-1', 'class-2', 'class-3']);
    actor.send({ type: 'history.more' });
    expect(more.calls).toHaveLength(1);
  });

  it('sets the goal and shows the streak the server answers', async () => {
    const { actor, load, setGoal } = activityPage();
    load.last.resolve(ok(overview()));
    await settle();
    actor.send({ type: 'goal.set', goal: { kind: 'classes', target: 2 } });
    expect(setGoal.last.input).toEqual({ kind: 'classes', target: 2 });
    setGoal.last.resolve(ok(overview({ kind: 'classes', target: 2 })));
    await settle();
    expect(actor.getSnapshot().context.activity).toMatchObject({ goal: { kind: 'classes', target: 2 }, streakWeeks: 3 });
  });

  it('keeps the goal and says why when the server refuses it', async () => {
    const { actor, load, setGoal } = activityPage();
    load.last.resolve(ok(overview({ kind: 'minutes', target: 60 })));
    await settle();
    actor.send({ type: 'goal.set', goal: { kind: 'classes', target: 99 } });
    setGoal.last.resolve(failed(400, { isSuccess: false, message: 'A weekly goal in classes must be a whole number from 1 to 50.' }));
    await settle();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.activity?.goal).toEqual({ kind: 'minutes', target: 60 });
    expect(noticeText(actor.getSnapshot().context.failure)).toContain('1 to 50');
  });

  it('clears the goal', async () => {
    const { actor, load, clearGoal } = activityPage();
    load.last.resolve(ok(overview({ kind: 'minutes', target: 60 })));
    await settle();
    actor.send({ type: 'goal.clear' });
    clearGoal.last.resolve(ok(overview(null)));
    await settle();
    expect(actor.getSnapshot().context.activity?.goal).toBeNull();
  });

  it('offers Try again when the overview fails', async () => {
    const { actor, load } = activityPage();
    load.last.resolve({ kind: 'unreachable' });
    await settle();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    actor.send({ type: 'retry' });
    expect(load.calls).toHaveLength(2);
  });
});
