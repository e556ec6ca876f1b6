// The schedule's contract calls: the account's schedule settings and time zone, a range of
// planned items, planning, moving and removing a class, the reminders switch and the calendar
// link: the schedule page, the account page's schedule section and the class page's "Add to
// schedule" make them.
import { outcomeOf, type ApiClient } from '@api/client';
import { map, type CallsOf } from '@api/calls';
import type { Schemas } from '@domain/contract';

export const calls = (client: ApiClient) => ({
  scheduleSettings: (signal?: AbortSignal) =>
    map(outcomeOf(client.GET('/api/v1/schedule/settings', { signal }), signal), (data) => ({
      timeZone: data.timeZone,
      reminders: data.reminders,
      hasFeedLink: data.hasFeedLink,
      feedLinkRevoked: data.feedLinkRevoked,
    })),
  readSchedule: ({ from, to }: { from: string; to: string }, signal?: AbortSignal) =>
    map(outcomeOf(client.GET('/api/v1/schedule', { params: { query: { from, to } }, signal }), signal), (data) => ({
      timeZone: data.timeZone,
      today: data.today,
      items: data.items,
    })),
  setAccountTimeZone: (body: Schemas['TimeZoneRequest'], signal?: AbortSignal) =>
    map(outcomeOf(client.PUT('/api/v1/account/time-zone', { body, signal }), signal), (data) => ({ timeZone: data.timeZone })),
  addScheduleItem: (body: Schemas['AddScheduleItemRequest'], signal?: AbortSignal) =>
    map(outcomeOf(client.POST('/api/v1/schedule/items', { body, signal }), signal), (data) => ({ item: data.item })),
  moveScheduleItem: ({ id, date, time }: { id: string; date: string; time: string | null }, signal?: AbortSignal) =>
    map(
      outcomeOf(client.PATCH('/api/v1/schedule/items/{itemId}', { params: { path: { itemId: id } }, body: { date, time }, signal }), signal),
      (data) => ({ item: data.item }),
    ),
  removeScheduleItem: ({ id }: { id: string }, signal?: AbortSignal) =>
    map(outcomeOf(client.DELETE('/api/v1/schedule/items/{itemId}', { params: { path: { itemId: id } }, signal }), signal), () => ({ id })),
  setScheduleReminders: (body: Schemas['RemindersRequest'], signal?: AbortSignal) =>
    map(outcomeOf(client.PUT('/api/v1/schedule/reminders', { body, signal }), signal), (data) => ({ reminders: data.reminders })),
  resetScheduleFeedLink: (signal?: AbortSignal) =>
    map(outcomeOf(client.POST('/api/v1/schedule/feed-link', { signal }), signal), (data) => ({ url: data.url, webcalUrl: data.webcalUrl })),
});

declare module '@api/calls' {
  interface Api extends CallsOf<typeof calls> {}
}
