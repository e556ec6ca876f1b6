// The pattern both account forms follow (sign-in and sign-up): values checked against a rule
// schema on submit, a field's error cleared as soon as it changes, one request with the email
// trimmed, its failure shown in the banner (only a cancelled request is silent: a 401 is an
// answer here, wrong credentials), and on success the user handed to the session, which
// persists them and takes them on.
import type { FieldErrors } from '@domain/account-rules';
import type { Outcome } from '@domain/request-outcome';
import type { AccountLanguage, SessionArrival, SessionUser, SignedInUser } from '@domain/session-user';
import { afterRequest, showFailure, type NoticeContext } from './request-states';

export interface AccountFormContext<TField extends string> extends NoticeContext {
  values: Record<TField, string>;
  errors: FieldErrors<TField>;
}

/** The context update for `field.change`: the new value, and that field's error gone. */
export function fieldChanged<TField extends string>(context: Pick<AccountFormContext<TField>, 'values' | 'errors'>, field: TField, value: string) {
  const { [field]: _cleared, ...errors } = context.errors;
  return { values: { ...context.values, [field]: value }, errors: errors as FieldErrors<TField> };
}

/** What the form sends: its values, the email trimmed. */
const submitted = <TValues extends { email: string }>({ context }: { context: { values: TValues } }): TValues => ({
  ...context.values,
  email: context.values.email.trim(),
});

/** The user a successful request answered (the guard already checked it is one): what the session keeps. */
export const userOf = (output: Outcome<SignedInUser>): SessionUser =>
  output.kind === 'ok' ? { email: output.data.email, token: output.data.token, profile: output.data.profile ?? null } : { email: '', token: '', profile: null };

/** The account's language a successful sign-in answered, when it did. */
export const languageOf = (output: Outcome<SignedInUser>): { language?: AccountLanguage } =>
  output.kind === 'ok' && output.data.language ? { language: output.data.language } : {};

/**
 * The form's `editing` and `submitting` states. The machine declares the actions
 * `changeField`, `clearNotice`, `showRuleErrors`, `showFailure` and `tellSession`, the guards
 * `formIsValid` and `wasCancelled`, and the final state `done`; `on` adds editing events.
 */
export function accountFormStates<const TRequest extends string, const TDone extends string, TArrival extends (args: never) => SessionArrival, const TOn extends object = object>({
  request,
  done,
  arrival,
  on,
}: {
  request: TRequest;
  done: TDone;
  arrival: TArrival;
  on?: TOn;
}) {
  return {
    editing: {
      on: {
        'field.change': { actions: 'changeField' },
        ...(on as TOn),
        'form.submit': [{ guard: 'formIsValid', target: 'submitting', actions: 'clearNotice' }, { actions: 'showRuleErrors' }],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        src: request,
        input: submitted,
        ...afterRequest({
          ok: { target: done, actions: { type: 'tellSession', params: arrival } },
          quiet: { target: 'editing' },
          quietWhen: 'wasCancelled',
          failed: { target: 'editing', actions: showFailure },
        }),
      },
    },
  } as const;
}
