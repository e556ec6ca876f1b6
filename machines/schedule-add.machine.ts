// "Add to schedule" on a class page, a child of machines/class-detail.machine.ts: a small form
// (a day, from today, and an optional time) opened from a button; Save plans the class and says
// so with a link to /schedule; a refusal (a past day, a full schedule…) shows in the form. The
// first time anything is planned, while the account has no time zone, Save asks for it first
// (the browser's proposed) and keeps it, so /schedule shows the class at once instead of asking.
import { and, assertEvent, assign, setup } from 'xstate';
import { serverFailureNotice, successNotice, type Notice } from '@domain/notices';
import type { Outcome } from '@domain/request-outcome';
import { scheduleNotices, type ScheduleItem } from '@domain/schedule';
import { afterRequest, fromOutcome, outcomeGuards, outcomeOf } from './request-states';

export interface AddItemInput {
  classId: string;
  date: string;
  time: string | null;
}
export type AddItemOutput = Outcome<{ item: ScheduleItem }>;
/** The account's time zone, null until it is asked. */
export type LoadZoneOutput = Outcome<{ timeZone: string | null }>;

export interface ScheduleAddContext {
  classId: string;
  date: string;
  time: string;
  /** The first day the form offers (today, in the browser's zone). */
  today: string;
  notice: Notice | null;
  /** The zone the form proposes while the account has none (the browser's, or the one chosen). */
  zone: string;
  /** The account has a time zone: Save plans at once. */
  zoneKnown: boolean;
}

export type ScheduleAddEvent =
  | { type: 'scheduleAdd.open'; today: string; proposedZone?: string }
  | { type: 'scheduleAdd.change'; date?: string; time?: string }
  | { type: 'scheduleAdd.zone'; timeZone: string }
  | { type: 'scheduleAdd.submit' }
  | { type: 'scheduleAdd.cancel' };

export const scheduleAddMachine = setup({
  types: {
    context: {} as ScheduleAddContext,
    events: {} as ScheduleAddEvent,
    input: {} as { classId: string },
  },
  actors: {
    addItem: fromOutcome<{ item: ScheduleItem }, AddItemInput>(),
    loadZone: fromOutcome<{ timeZone: string | null }>(),
    saveZone: fromOutcome<{ timeZone: string }, { timeZone: string }>(),
  },
  actions: {
    openForm: assign(({ context, event }) => {
      assertEvent(event, 'scheduleAdd.open');
      return { today: event.today, date: event.today, time: '', notice: null, zone: event.proposedZone ?? context.zone };
    }),
    change: assign(({ context, event }) => {
      assertEvent(event, 'scheduleAdd.change');
      return { date: event.date ?? context.date, time: event.time ?? context.time };
    }),
    changeZone: assign(({ event }) => {
      assertEvent(event, 'scheduleAdd.zone');
      return { zone: event.timeZone };
    }),
    knowZone: assign({ zoneKnown: true }),
    showAdded: assign({ notice: successNotice(scheduleNotices.added) }),
    showFailure: assign({ notice: (_, outcome: Outcome<unknown>) => serverFailureNotice(outcome) }),
    clearNotice: assign({ notice: null }),
  },
  guards: {
    ...outcomeGuards,
    hasDate: ({ context }) => context.date !== '',
    zoneKnown: ({ context }) => context.zoneKnown,
    needsZone: (_, outcome: LoadZoneOutput) => outcome.kind === 'ok' && outcome.data.timeZone === null,
  },
}).createMachine({
  id: 'scheduleAdd',
  context: ({ input }) => ({ classId: input.classId, date: '', time: '', today: '', notice: null, zone: 'UTC', zoneKnown: false }),
  initial: 'closed',
  states: {
    /** The "Add to schedule" button. */
    closed: { on: { 'scheduleAdd.open': { target: 'open', actions: 'openForm' } } },
    /** The form: day, optional time, Save and Cancel; a refusal shows above it. */
    open: {
      on: {
        'scheduleAdd.change': { actions: 'change' },
        'scheduleAdd.cancel': { target: 'closed', actions: 'clearNotice' },
        'scheduleAdd.submit': [
          { guard: and(['hasDate', 'zoneKnown']), target: 'adding' },
          { guard: 'hasDate', target: 'checkingZone' },
        ],
      },
    },
    /** Save pressed, the first time: does the account have a time zone? (Save is busy.) */
    checkingZone: {
      tags: ['busy'],
      invoke: {
        src: 'loadZone',
        onDone: [
          { guard: { type: 'needsZone', params: ({ event }) => event.output }, target: 'askingZone' },
          { guard: { type: 'succeeded', params: outcomeOf }, target: 'adding', actions: 'knowZone' },
          // Not known: planned anyway (the schedule page asks for the zone then).
          { target: 'adding' },
        ],
        onError: { target: 'adding' },
      },
    },
    /** The form with "Your time zone" (the browser's proposed) above Save: asked once. */
    askingZone: {
      on: {
        'scheduleAdd.change': { actions: 'change' },
        'scheduleAdd.zone': { actions: 'changeZone' },
        'scheduleAdd.cancel': { target: 'closed', actions: 'clearNotice' },
        'scheduleAdd.submit': { guard: 'hasDate', target: 'savingZone', actions: 'clearNotice' },
      },
    },
    savingZone: {
      tags: ['busy'],
      invoke: {
        src: 'saveZone',
        input: ({ context }) => ({ timeZone: context.zone }),
        ...afterRequest({
          ok: { target: 'adding', actions: 'knowZone' },
          quiet: { target: 'askingZone' },
          failed: { target: 'askingZone', actions: { type: 'showFailure', params: outcomeOf } },
        }),
      },
    },
    adding: {
      tags: ['busy'],
      invoke: {
        src: 'addItem',
        input: ({ context }) => ({ classId: context.classId, date: context.date, time: context.time || null }),
        ...afterRequest({
          ok: { target: 'added', actions: 'showAdded' },
          quiet: { target: 'open' },
          failed: { target: 'open', actions: { type: 'showFailure', params: outcomeOf } },
        }),
      },
    },
    /** Planned: the notice with a link to the schedule, and the button to plan it again. */
    added: { on: { 'scheduleAdd.open': { target: 'open', actions: 'openForm' } } },
  },
});

export type ScheduleAddMachine = typeof scheduleAddMachine;
