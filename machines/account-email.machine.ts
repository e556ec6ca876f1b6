// The account page's email change, a child of machines/account.machine.ts: the new email and
// the password, checked by the shared rules on submit (a field's error goes as it changes),
// then one request with the email trimmed; on success the form empties and the page shows it.
import { setup } from 'xstate';
import { changeEmailSchema, type FieldErrors } from '@domain/account-rules';
import { accountNotices } from '@domain/account-notices';
import type { Schemas } from '@domain/contract';
import type { Outcome } from '@domain/request-outcome';
import { formTask, taskRequest } from './account-task';
import { fromOutcome } from './request-states';

export type ChangeEmailInput = Schemas['ChangeEmailRequest'];
export type ChangeEmailOutput = Outcome<Pick<Schemas['EmailChangedSuccess'], 'email'>>;
export type EmailField = 'email' | 'password';

export interface AccountEmailContext {
  values: Record<EmailField, string>;
  errors: FieldErrors<EmailField>;
}

export type AccountEmailEvent = { type: 'field.change'; form: 'email'; field: EmailField; value: string } | { type: 'email.submit' };

const emptyForm = { email: '', password: '' };
const form = formTask<EmailField, AccountEmailEvent>({ schema: changeEmailSchema, emptyForm });

export const accountEmailMachine = setup({
  types: { context: {} as AccountEmailContext, events: {} as AccountEmailEvent },
  actors: { changeEmail: fromOutcome<Pick<Schemas['EmailChangedSuccess'], 'email'>, ChangeEmailInput>() },
  actions: form.actions,
  guards: form.guards,
}).createMachine({
  id: 'accountEmail',
  context: { values: emptyForm, errors: {} },
  initial: 'editing',
  states: {
    editing: {
      on: {
        ...form.editingOn('email.submit', 'changing'),
      },
    },
    changing: taskRequest({
      request: { src: 'changeEmail', input: ({ context }: { context: AccountEmailContext }) => ({ email: context.values.email.trim(), password: context.values.password }) },
      then: 'editing',
      actions: ['clearForm'],
      done: {
        type: 'tellDone',
        params: ({ event }: { event: { output: ChangeEmailOutput } }) => ({
          message: accountNotices.emailChanged,
          change: event.output.kind === 'ok' ? { email: event.output.data.email } : {},
        }),
      },
    }),
  },
});

export type AccountEmailMachine = typeof accountEmailMachine;
