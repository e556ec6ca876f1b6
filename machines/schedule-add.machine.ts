// "Add to schedule" on a class page, a child of machines/class-detail.machine.ts: a small form
// (a day, from today, and an optional time) opened from a button; Save plans the class and says
// so with a link to /schedule; a refusal (a past day, a full schedule…) shows in the form.
import { assertEvent, assign, setup } from 'xstate';
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

export interface ScheduleAddContext {
  classId: string;
  date: string;
  time: string;
  /** The first day the form offers (today, in the browser's zone). */
  today: string;
  notice: Notice | null;
}

export type ScheduleAddEvent =
  | { type: 'scheduleAdd.open'; today: string }
  | { type: 'scheduleAdd.change'; date?: string; time?: string }
  | { type: 'scheduleAdd.submit' }
  | { type: 'scheduleAdd.cancel' };

export const scheduleAddMachine = setup({
  types: {
    context: {} as ScheduleAddContext,
    events: {} as ScheduleAddEvent,
    input: {} as { classId: string },
  },
  actors: { addItem: fromOutcome<{ item: ScheduleItem }, AddItemInput>() },
  actions: {
    openForm: assign(({ event }) => {
      assertEvent(event, 'scheduleAdd.open');
      return { today: event.today, date: event.today, time: '', notice: null };
    }),
    change: assign(({ context, event }) => {
      assertEvent(event, 'scheduleAdd.change');
      return { date: event.date ?? context.date, time: event.time ?? context.time };
    }),
    showAdded: assign({ notice: successNotice(scheduleNotices.added) }),
    showFailure: assign({ notice: (_, outcome: Outcome<unknown>) => serverFailureNotice(outcome) }),
    clearNotice: assign({ notice: null }),
  },
  guards: { ...outcomeGuards, hasDate: ({ context }) => context.date !== '' },
}).createMachine({
  id: 'scheduleAdd',
  context: ({ input }) => ({ classId: input.classId, date: '', time: '', today: '', notice: null }),
  initial: 'closed',
  states: {
    /** The "Add to schedule" button. */
    closed: { on: { 'scheduleAdd.open': { target: 'open', actions: 'openForm' } } },
    /** The form: day, optional time, Save and Cancel; a refusal shows above it. */
    open: {
      on: {
        'scheduleAdd.change': { actions: 'change' },
        'scheduleAdd.cancel': { target: 'closed', actions: 'clearNotice' },
        'scheduleAdd.submit': { guard: 'hasDate', target: 'adding' },
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
