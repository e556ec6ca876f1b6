// The account page's password change, a child of machines/account.machine.ts: the current
// password and a new one (twice) by the shared rules, then one request; on success the form
// empties and every other device leaves the list (the server signed them out).
import { setup } from 'xstate';
import { changePasswordSchema, type FieldErrors } from '@domain/account-rules';
import { accountNotices } from '@domain/account-notices';
import type { Schemas } from '@domain/contract';
import type { Outcome } from '@domain/request-outcome';
import { formTask, taskRequest } from './account-task';
import { fromOutcome } from './request-states';

export type ChangePasswordInput = Schemas['ChangePasswordRequest'];
export type ChangePasswordOutput = Outcome<{ message: string }>;
export type PasswordField = 'currentPassword' | 'password' | 'cpassword';

export interface AccountPasswordContext {
  values: Record<PasswordField, string>;
  errors: FieldErrors<PasswordField>;
}

export type AccountPasswordEvent = { type: 'field.change'; form: 'password'; field: PasswordField; value: string } | { type: 'password.submit' };

const emptyForm = { currentPassword: '', password: '', cpassword: '' };
const form = formTask<PasswordField, AccountPasswordEvent>({ schema: changePasswordSchema, emptyForm });

export const accountPasswordMachine = setup({
  types: { context: {} as AccountPasswordContext, events: {} as AccountPasswordEvent },
  actors: { changePassword: fromOutcome<{ message: string }, ChangePasswordInput>() },
  actions: form.actions,
  guards: form.guards,
}).createMachine({
  id: 'accountPassword',
  context: { values: emptyForm, errors: {} },
  initial: 'editing',
  states: {
    editing: {
      on: {
        ...form.editingOn('password.submit', 'changing'),
      },
    },
    changing: taskRequest({
      request: { src: 'changePassword', input: ({ context }: { context: AccountPasswordContext }) => context.values },
      then: 'editing',
      actions: ['clearForm'],
      done: { type: 'tellDone', params: { message: accountNotices.passwordChanged, change: { keepThisDeviceOnly: true, feedLinkEnded: true } } },
    }),
  },
});

export type AccountPasswordMachine = typeof accountPasswordMachine;
