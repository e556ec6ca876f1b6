// What every task of the account page (a child machine of machines/account.machine.ts) shares:
// it says when its request starts (the page turns busy: one request at a time) and how it ended
// (the notice for the banner, and what changed on the page), and its request state, written once.
import { sendParent, type EventObject, type MachineContext } from 'xstate';
import type { Schemas } from '@domain/contract';
import { serverFailureNotice, successNotice, type Notice, type NoticeMessage } from '@domain/notices';
import type { Outcome } from '@domain/request-outcome';
import { afterRequest, outcomeOf } from './request-states';

export type AccountLanguage = Schemas['Language'];

/** What a task changed on the page. */
export interface AccountChange {
  email?: string;
  language?: AccountLanguage;
  /** This session id signed out: its device leaves the list. */
  dropDevice?: string;
  /** Every other device signed out: only this one stays in the list. */
  keepThisDeviceOnly?: boolean;
}

/** What a task tells the page (its parent). */
export type TaskReport = { type: 'task.busy' } | { type: 'task.ended'; notice: Notice | null; change: AccountChange };

/** The success a task reports: its notice, and what changed. */
export interface TaskSuccess {
  message: NoticeMessage;
  change?: AccountChange;
}

/** Spread into a task machine's `actions`: `...taskReports<Context, Event>()`. */
export function taskReports<TContext extends MachineContext, TEvent extends EventObject>() {
  return {
    tellBusy: sendParent<TContext, TEvent, undefined, TaskReport, TEvent>({ type: 'task.busy' }),
    tellDone: sendParent<TContext, TEvent, TaskSuccess, TaskReport, TEvent>((_, success) => ({
      type: 'task.ended',
      notice: successNotice(success.message),
      change: success.change ?? {},
    })),
    tellFailed: sendParent<TContext, TEvent, Outcome<unknown>, TaskReport, TEvent>((_, outcome) => ({ type: 'task.ended', notice: serverFailureNotice(outcome), change: {} })),
    tellQuiet: sendParent<TContext, TEvent, undefined, TaskReport, TEvent>({ type: 'task.ended', notice: null, change: {} }),
  };
}

/**
 * A task's request state: busy, the page told so; then back to `then`, having reported the
 * success (`done`, after the task's own `actions`), silence or the failure.
 */
export function taskRequest<const TRequest extends { src: string }, const TThen extends string, const TActions extends readonly unknown[], const TDone extends object>({
  request,
  then,
  actions,
  done,
}: {
  request: TRequest;
  then: TThen;
  actions: TActions;
  done: TDone;
}) {
  return {
    tags: ['busy'],
    entry: 'tellBusy',
    invoke: {
      ...request,
      ...afterRequest({
        ok: { target: then, actions: [...actions, done] },
        quiet: { target: then, actions: 'tellQuiet' },
        failed: { target: then, actions: { type: 'tellFailed', params: outcomeOf } },
      }),
    },
  } as const;
}
