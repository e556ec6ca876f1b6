// What every task of the account page (a child machine of machines/account.machine.ts) shares:
// it says when its request starts (only its own section turns busy) and how it ended
// (the notice for the banner, and what changed on the page), and its request state, written once;
// and a form task's handling (email, password, deletion): its fields, its rules, its submit.
import { assign, sendParent, type EventObject, type MachineContext } from 'xstate';
import type * as yup from 'yup';
import { checkRules, type FieldErrors } from '@domain/account-rules';
import type { Schemas } from '@domain/contract';
import { errorNotice, serverFailureNotice, successNotice, type Notice, type NoticeMessage } from '@domain/notices';
import type { Outcome } from '@domain/request-outcome';
import { fieldChanged } from './account-form';
import { afterRequest, outcomeGuards, outcomeOf } from './request-states';

export type AccountLanguage = Schemas['Language'];

/** What a task changed on the page. */
export interface AccountChange {
  email?: string;
  language?: AccountLanguage;
  /** This session id signed out: its device leaves the list. */
  dropDevice?: string;
  /** Every other device signed out: only this one stays in the list. */
  keepThisDeviceOnly?: boolean;
  /** The server ended the calendar link with it (a password change, signing out everywhere). */
  feedLinkEnded?: boolean;
}

/**
 * What a task tells the page (its parent). `task` is the task's id on the page (its invoke id):
 * the page shows a task's notice in that task's section, and several tasks may run at once.
 */
export type TaskReport = { type: 'task.busy'; task: string } | { type: 'task.ended'; task: string; notice: Notice | null; change: AccountChange };

/** The success a task reports: its notice, and what changed. */
export interface TaskSuccess {
  message: NoticeMessage;
  change?: AccountChange;
}

/** Spread into a task machine's `actions`: `...taskReports<Context, Event>()`. */
export function taskReports<TContext extends MachineContext, TEvent extends EventObject>() {
  return {
    tellBusy: sendParent<TContext, TEvent, undefined, TaskReport, TEvent>(({ self }) => ({ type: 'task.busy', task: self.id })),
    tellDone: sendParent<TContext, TEvent, TaskSuccess, TaskReport, TEvent>(({ self }, success) => ({
      type: 'task.ended',
      task: self.id,
      notice: successNotice(success.message),
      change: success.change ?? {},
    })),
    tellFailed: sendParent<TContext, TEvent, Outcome<unknown>, TaskReport, TEvent>(({ self }, outcome) => ({
      type: 'task.ended',
      task: self.id,
      notice: serverFailureNotice(outcome),
      change: {},
    })),
    /** A failure the task itself words (the browser did not answer, permission refused). */
    tellProblem: sendParent<TContext, TEvent, NoticeMessage, TaskReport, TEvent>(({ self }, message) => ({ type: 'task.ended', task: self.id, notice: errorNotice(message), change: {} })),
    tellQuiet: sendParent<TContext, TEvent, undefined, TaskReport, TEvent>(({ self }) => ({ type: 'task.ended', task: self.id, notice: null, change: {} })),
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

/** A form task's context: the fields' values and their errors. */
export interface FormTaskContext<TField extends string> {
  values: Record<TField, string>;
  errors: FieldErrors<TField>;
}

/** The field event every form task takes (`form` names the page's form it came from). */
export type FieldChange<TForm extends string, TField extends string> = { type: 'field.change'; form: TForm; field: TField; value: string };

/**
 * What a form task's machine shares with the others: spread `actions` and `guards` into its
 * `setup` (the task reports; `changeField`, which clears that field's error; `showRuleErrors`;
 * `clearForm`, with its errors too when `clearErrors`; `formIsValid` by the schema), and make its
 * editing state's transitions with `editingOn(submit, target)`: a field change, and the submit
 * event going to `target` when the rules pass, or showing the broken rules.
 */
export function formTask<TField extends string, TEvent extends EventObject>({
  schema,
  emptyForm,
  clearErrors = false,
}: {
  schema: yup.AnyObjectSchema;
  emptyForm: Record<TField, string>;
  clearErrors?: boolean;
}) {
  type Context = FormTaskContext<TField>;
  return {
    actions: {
      ...taskReports<Context, TEvent>(),
      changeField: assign<Context, TEvent, undefined, TEvent, never>(({ context, event }) => {
        const change = event as unknown as FieldChange<string, TField>;
        return change.type === 'field.change' ? fieldChanged(context, change.field, change.value) : {};
      }),
      showRuleErrors: assign<Context, TEvent, undefined, TEvent, never>({ errors: ({ context }) => (checkRules(schema, context.values) ?? {}) as FieldErrors<TField> }),
      clearForm: assign<Context, TEvent, undefined, TEvent, never>(clearErrors ? { values: emptyForm, errors: {} } : { values: emptyForm }),
    },
    guards: {
      ...outcomeGuards,
      formIsValid: ({ context }: { context: Context }) => checkRules(schema, context.values) === null,
    },
    editingOn: <const TSubmit extends string, const TTarget extends string>(submit: TSubmit, target: TTarget) =>
      ({
        'field.change': { actions: 'changeField' },
        [submit]: [{ guard: 'formIsValid', target }, { actions: 'showRuleErrors' }],
      }) as { 'field.change': { actions: 'changeField' } } & Record<TSubmit, readonly [{ guard: 'formIsValid'; target: TTarget }, { actions: 'showRuleErrors' }]>,
  };
}
