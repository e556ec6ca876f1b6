// Activity's contract calls: the overview, more history, and the weekly goal set or cleared.
import { outcomeOf, type ApiClient } from '@api/client';
import { map, type CallsOf } from '@api/calls';
import type { Schemas } from '@domain/contract';
import type { WeeklyGoal } from '@domain/activity';

type Activity = Omit<Schemas['ActivitySuccess'], 'isSuccess'>;
const withoutFlag = ({ isSuccess: _, ...activity }: Schemas['ActivitySuccess']): Activity => activity;

export const calls = (client: ApiClient) => ({
  getActivity: (signal?: AbortSignal) => map(outcomeOf(client.GET('/api/v1/activity', { signal }), signal), withoutFlag),
  activityHistory: ({ cursor }: { cursor: string }, signal?: AbortSignal) =>
    map(outcomeOf(client.GET('/api/v1/activity/history', { params: { query: { cursor } }, signal }), signal), (data) => ({
      items: data.items,
      nextCursor: data.nextCursor,
    })),
  setWeeklyGoal: (goal: WeeklyGoal, signal?: AbortSignal) => map(outcomeOf(client.PUT('/api/v1/activity/goal', { body: goal, signal }), signal), withoutFlag),
  clearWeeklyGoal: (signal?: AbortSignal) => map(outcomeOf(client.DELETE('/api/v1/activity/goal', { signal }), signal), withoutFlag),
});

declare module '@api/calls' {
  interface Api extends CallsOf<typeof calls> {}
}
