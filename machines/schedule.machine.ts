// /schedule: the account's week, Monday first, with what is planned each day. Loads the week
// (and the account's time zone); the first time, while the account has no time zone, it asks for
// one (the browser's offered) and keeps it before showing the week. A planned class can be moved
// (a day and an optional time, in a small form) or removed; each ends with a notice for 3 s.
// Previous / next / this week load again.
import { assertEvent, assign, setup } from 'xstate';
import { errorNotice, serverFailureNotice, successNotice, type Notice } from '@domain/notices';
import type { Outcome } from '@domain/request-outcome';
import { addDays, scheduleNotices, type ScheduleItem } from '@domain/schedule';
import { afterRequest, fromOutcome, noticeShown, outcomeGuards, outcomeOf, showingNotice, type NoticeContext } from './request-states';

export interface LoadWeekInput {
  /** The week's Monday, or null for the account's current week. */
  weekStart: string | null;
}
export interface ScheduleWeek {
  /** The account's time zone, null until it is asked. */
  timeZone: string | null;
  today: string;
  weekStart: string;
  items: ScheduleItem[];
}
export type LoadWeekOutput = Outcome<ScheduleWeek>;
export interface MoveItemInput {
  id: string;
  date: string;
  time: string | null;
}
export type MoveItemOutput = Outcome<{ item: ScheduleItem }>;
export type RemoveItemOutput = Outcome<{ id: string }>;
export type SaveTimeZoneOutput = Outcome<{ timeZone: string }>;

export interface MoveDraft {
  id: string;
  date: string;
  time: string;
}

export interface ScheduleContext extends NoticeContext {
  weekStart: string | null;
  today: string | null;
  timeZone: string | null;
  items: ScheduleItem[];
  /** The move form of one item, while open. */
  draft: MoveDraft | null;
  /** The zone the first-time prompt proposes (the browser's). */
  proposedZone: string;
}

export type ScheduleEvent =
  | { type: 'week.previous' }
  | { type: 'week.next' }
  | { type: 'week.current' }
  | { type: 'schedule.retry' }
  | { type: 'zone.change'; timeZone: string }
  | { type: 'zone.confirm' }
  | { type: 'move.open'; id: string }
  | { type: 'move.change'; date?: string; time?: string }
  | { type: 'move.submit' }
  | { type: 'move.cancel' }
  | { type: 'item.remove'; id: string }
  | { type: 'notice.dismiss' };

const NOTICE = 'noticeDuration';

/** What the user may start from the week, with no request running. */
const weekActions = {
  'week.previous': { target: '#schedule.loading', actions: { type: 'shiftWeek', params: -7 } },
  'week.next': { target: '#schedule.loading', actions: { type: 'shiftWeek', params: 7 } },
  'week.current': { target: '#schedule.loading', actions: 'toCurrentWeek' },
  'move.open': { guard: 'isListed', target: '#schedule.ready.editing', actions: 'openDraft' },
  'item.remove': { target: '#schedule.ready.removing' },
} as const;


export const scheduleMachine = setup({
  types: {
    context: {} as ScheduleContext,
    events: {} as ScheduleEvent,
    input: {} as { proposedZone: string },
  },
  actors: {
    loadWeek: fromOutcome<ScheduleWeek, LoadWeekInput>(),
    saveTimeZone: fromOutcome<{ timeZone: string }, { timeZone: string }>(),
    moveItem: fromOutcome<{ item: ScheduleItem }, MoveItemInput>(),
    removeItem: fromOutcome<{ id: string }, { id: string }>(),
  },
  actions: {
    takeWeek: assign((_, output: LoadWeekOutput) =>
      output.kind === 'ok'
        ? { timeZone: output.data.timeZone, today: output.data.today, weekStart: output.data.weekStart, items: output.data.items }
        : {},
    ),
    shiftWeek: assign({ weekStart: ({ context }, days: number) => (context.weekStart ? addDays(context.weekStart, days) : null) }),
    toCurrentWeek: assign({ weekStart: null }),
    changeZone: assign({
      proposedZone: ({ context, event }) => (event.type === 'zone.change' ? event.timeZone : context.proposedZone),
    }),
    openDraft: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'move.open');
        const item = context.items.find((entry) => entry.id === event.id);
        return item ? { id: item.id, date: item.date, time: item.time ?? '' } : null;
      },
    }),
    changeDraft: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'move.change');
        return context.draft && { ...context.draft, ...(event.date !== undefined ? { date: event.date } : {}), ...(event.time !== undefined ? { time: event.time } : {}) };
      },
    }),
    closeDraft: assign({ draft: null }),
    placeMoved: assign({
      items: ({ context }, output: MoveItemOutput) => {
        if (output.kind !== 'ok') return context.items;
        const moved = output.data.item;
        const others = context.items.filter((item) => item.id !== moved.id);
        const inWeek = context.weekStart !== null && moved.date >= context.weekStart && moved.date <= addDays(context.weekStart, 6);
        return inWeek ? [...others, moved].sort((a, b) => a.date.localeCompare(b.date) || (a.time ?? '99').localeCompare(b.time ?? '99')) : others;
      },
    }),
    dropRemoved: assign({ items: ({ context }, output: RemoveItemOutput) => (output.kind === 'ok' ? context.items.filter((item) => item.id !== output.data.id) : context.items) }),
    showSuccess: assign(({ context }, message: (typeof scheduleNotices)[keyof typeof scheduleNotices]) => noticeShown(context, successNotice(message))),
    showFailure: assign(({ context }, outcome: Outcome<unknown>) => noticeShown(context, serverFailureNotice(outcome))),
    showLoadFailure: assign(({ context }, outcome: Outcome<unknown>) =>
      noticeShown(context, outcome.kind === 'failed' ? serverFailureNotice(outcome) : errorNotice(scheduleNotices.loadFailed)),
    ),
    clearNotice: assign({ notice: null }),
  },
  guards: {
    ...outcomeGuards,
    needsZone: (_, output: LoadWeekOutput) => output.kind === 'ok' && output.data.timeZone === null,
    hasDraftDate: ({ context }) => Boolean(context.draft?.date),
    isListed: ({ context, event }) => event.type === 'move.open' && context.items.some((item) => item.id === event.id),
  },
  delays: { [NOTICE]: 3000 },
}).createMachine({
  id: 'schedule',
  context: ({ input }) => ({
    weekStart: null,
    today: null,
    timeZone: null,
    items: [],
    draft: null,
    proposedZone: input.proposedZone,
    notice: null as Notice | null,
    scrollToTop: 0,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadWeek',
        input: ({ context }) => ({ weekStart: context.weekStart }),
        onDone: [
          { guard: { type: 'needsZone', params: outcomeOf }, target: 'askingZone', actions: { type: 'takeWeek', params: outcomeOf } },
          { guard: { type: 'succeeded', params: outcomeOf }, target: 'ready', actions: { type: 'takeWeek', params: outcomeOf } },
          { guard: { type: 'isQuiet', params: outcomeOf }, target: 'abandoned' },
          { target: 'loadFailed', actions: { type: 'showLoadFailure', params: outcomeOf } },
        ],
        onError: { target: 'loadFailed', actions: { type: 'showLoadFailure', params: outcomeOf } },
      },
    },
    /** The week could not be read: the message and Try again. */
    loadFailed: {
      on: { 'schedule.retry': { target: 'loading', actions: 'clearNotice' } },
    },
    /** First visit: "Your time zone", the browser's proposed, and Save. */
    askingZone: {
      on: {
        'zone.change': { actions: 'changeZone' },
        'zone.confirm': { target: 'savingZone', actions: 'clearNotice' },
      },
    },
    savingZone: {
      tags: ['busy'],
      invoke: {
        src: 'saveTimeZone',
        input: ({ context }) => ({ timeZone: context.proposedZone }),
        ...afterRequest({
          ok: { target: 'loading', actions: { type: 'showSuccess', params: scheduleNotices.timeZoneSaved } },
          quiet: { target: 'abandoned' },
          failed: { target: 'askingZone', actions: { type: 'showFailure', params: outcomeOf } },
        }),
      },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: { on: { ...weekActions, 'notice.dismiss': { actions: 'clearNotice' } } },
        /** The move form of one item: a day, an optional time, Save or Cancel. */
        editing: {
          on: {
            'move.change': { actions: 'changeDraft' },
            'move.cancel': { target: 'idle', actions: 'closeDraft' },
            'move.submit': { guard: 'hasDraftDate', target: 'moving' },
          },
        },
        moving: {
          tags: ['busy'],
          invoke: {
            src: 'moveItem',
            input: ({ context }) => ({ id: context.draft!.id, date: context.draft!.date, time: context.draft!.time || null }),
            ...afterRequest({
              ok: {
                target: 'showingNotice',
                actions: [{ type: 'placeMoved', params: outcomeOf }, 'closeDraft', { type: 'showSuccess', params: scheduleNotices.moved }],
              },
              quiet: { target: '#schedule.abandoned' },
              failed: { target: 'editing', actions: { type: 'showFailure', params: outcomeOf } },
            }),
          },
        },
        removing: {
          tags: ['busy'],
          invoke: {
            src: 'removeItem',
            input: ({ event }) => {
              assertEvent(event, 'item.remove');
              return { id: event.id };
            },
            ...afterRequest({
              ok: { target: 'showingNotice', actions: [{ type: 'dropRemoved', params: outcomeOf }, { type: 'showSuccess', params: scheduleNotices.removed }] },
              quiet: { target: '#schedule.abandoned' },
              failed: { target: 'showingNotice', actions: { type: 'showFailure', params: outcomeOf } },
            }),
          },
        },
        showingNotice: showingNotice(NOTICE, 'idle', weekActions),
      },
    },
    /** The request was cancelled or the session ended (the app is taking the user to sign in). */
    abandoned: { type: 'final' },
  },
});

export type ScheduleMachine = typeof scheduleMachine;
