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
    expect(actor.getSnapshot().value).toBe('ready');
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
    expect(actor.getSnapshot().value).toBe('ready');
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

describe('activity machine: failures and leaving', () => {
  const UNREACHABLE = 'Could not reach FitStream. Please try again.';

  async function loaded(activity: Activity = overview({ kind: 'minutes', target: 60 })) {
    const page = activityPage();
    page.load.last.resolve(ok(activity));
    await settle();
    return page;
  }

  it('shows why the overview failed, and clears it on Try again', async () => {
    const { actor, load } = activityPage();
    load.last.resolve(failed(500, { isSuccess: false, message: 'The activity is resting.' }));
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(noticeText(actor.getSnapshot().context.failure)).toBe('The activity is resting.');
    actor.send({ type: 'retry' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.failure).toBeNull();
    load.last.reject(new Error('offline'));
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(noticeText(actor.getSnapshot().context.failure)).toBe(UNREACHABLE);
  });

  it('stops when the overview request is cancelled or the session is lost', async () => {
    for (const answer of [{ kind: 'cancelled' } as const, failed(401)]) {
      const { actor, load } = activityPage();
      load.last.resolve(answer);
      await settle();
      expect(actor.getSnapshot().value).toBe('abandoned');
      expect(actor.getSnapshot().status).toBe('done');
    }
  });

  it('takes the overview’s cursor, and offers no more history when it has none', async () => {
    const { actor, more } = await loaded(overview(null, null));
    expect(actor.getSnapshot().context).toMatchObject({ nextCursor: null, failure: null });
    actor.send({ type: 'history.more' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(more.calls).toHaveLength(0);
  });

  it('keeps the history shown when the next page fails, says why, and clears that once a page arrives', async () => {
    const { actor, more } = await loaded();
    actor.send({ type: 'history.more' });
    more.last.resolve(failed(500));
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context).toMatchObject({ nextCursor: 'page-2' });
    expect(actor.getSnapshot().context.history).toHaveLength(2);
    expect(noticeText(actor.getSnapshot().context.failure)).toBe('Something went wrong. Please try again.');
    actor.send({ type: 'history.more' });
    more.last.reject(new Error('offline'));
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(noticeText(actor.getSnapshot().context.failure)).toBe(UNREACHABLE);
    actor.send({ type: 'history.more' });
    expect(more.last.input).toEqual({ cursor: 'page-2' });
    more.last.resolve(ok(secondPage));
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ nextCursor: null, failure: null });
  });

  it('replaces the history with the overview a goal change answers, and clears an earlier failure', async () => {
    const { actor, more, setGoal } = await loaded();
    actor.send({ type: 'history.more' });
    more.last.resolve(ok(secondPage));
    await settle();
    actor.send({ type: 'goal.set', goal: { kind: 'minutes', target: 90 } });
    setGoal.last.reject(new Error('offline'));
    await settle();
    expect(noticeText(actor.getSnapshot().context.failure)).toBe(UNREACHABLE);
    actor.send({ type: 'goal.set', goal: { kind: 'minutes', target: 90 } });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    setGoal.last.resolve(ok(overview({ kind: 'minutes', target: 90 })));
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ failure: null, nextCursor: 'page-2' });
    expect(actor.getSnapshot().context.history.map((item) => item.classId)).toEqual(['class-1', 'class-2']);
  });

  it('keeps the goal when clearing it fails, and says why', async () => {
    const { actor, clearGoal } = await loaded();
    actor.send({ type: 'goal.clear' });
    expect(actor.getSnapshot().value).toBe('clearingGoal');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    clearGoal.last.resolve(failed(500, { isSuccess: false, message: 'Not now.' }));
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.activity?.goal).toEqual({ kind: 'minutes', target: 60 });
    expect(noticeText(actor.getSnapshot().context.failure)).toBe('Not now.');
    actor.send({ type: 'goal.clear' });
    clearGoal.last.reject(new Error('offline'));
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(noticeText(actor.getSnapshot().context.failure)).toBe(UNREACHABLE);
  });

  it('stops when a page or a goal change is cancelled or the session is lost', async () => {
    const quiet = [{ kind: 'cancelled' } as const, failed(401)];
    for (const answer of quiet) {
      const a = await loaded();
      a.actor.send({ type: 'history.more' });
      a.more.last.resolve(answer);
      await settle();
      expect(a.actor.getSnapshot().value).toBe('abandoned');

      const b = await loaded();
      b.actor.send({ type: 'goal.set', goal: { kind: 'classes', target: 3 } });
      b.setGoal.last.resolve(answer);
      await settle();
      expect(b.actor.getSnapshot().value).toBe('abandoned');

      const c = await loaded();
      c.actor.send({ type: 'goal.clear' });
      c.clearGoal.last.resolve(answer);
      await settle();
      expect(c.actor.getSnapshot().value).toBe('abandoned');
    }
  });
});
