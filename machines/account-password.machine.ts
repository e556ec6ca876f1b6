// The account page's password change, a child of machines/account.machine.ts: the current
// password and a new one (twice) by the shared rules, then one request; on success the form
// empties and every other device leaves the list (the server signed them out).
import { assertEvent, assign, setup } from 'xstate';
import { changePasswordSchema, checkRules, type FieldErrors } from '@domain/account-rules';
import { accountNotices } from '@domain/account-notices';
import type { Schemas } from '@domain/contract';
import type { Outcome } from '@domain/request-outcome';
import { taskReports, taskRequest } from './account-task';
import { fieldChanged } from './account-form';
import { fromOutcome, outcomeGuards } from './request-states';

export type ChangePasswordInput = Schemas['ChangePasswordRequest'];
export type ChangePasswordOutput = Outcome<{ message: string }>;
export type PasswordField = 'currentPassword' | 'password' | 'cpassword';

export interface AccountPasswordContext {
  values: Record<PasswordField, string>;
  errors: FieldErrors<PasswordField>;
}

export type AccountPasswordEvent = { type: 'field.change'; form: 'password'; field: PasswordField; value: string } | { type: 'password.submit' };

const emptyForm = { currentPassword: '', password: '', cpassword: '' };

export const accountPasswordMachine = setup({
  types: { context: {} as AccountPasswordContext, events: {} as AccountPasswordEvent },
  actors: { changePassword: fromOutcome<{ message: string }, ChangePasswordInput>() },
  actions: {
    ...taskReports<AccountPasswordContext, AccountPasswordEvent>(),
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      return fieldChanged(context, event.field, event.value);
    }),
    showRuleErrors: assign({ errors: ({ context }) => checkRules(changePasswordSchema, context.values) ?? {} }),
    clearForm: assign({ values: emptyForm }),
  },
  guards: {
    ...outcomeGuards,
    formIsValid: ({ context }) => checkRules(changePasswordSchema, context.values) === null,
  },
}).createMachine({
  id: 'accountPassword',
  context: { values: emptyForm, errors: {} },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': { actions: 'changeField' },
        'password.submit': [{ guard: 'formIsValid', target: 'changing' }, { actions: 'showRuleErrors' }],
      },
    },
    changing: taskRequest({
      request: { src: 'changePassword', input: ({ context }: { context: AccountPasswordContext }) => context.values },
      then: 'editing',
      actions: ['clearForm'],
      done: { type: 'tellDone', params: { message: accountNotices.passwordChanged, change: { keepThisDeviceOnly: true } } },
    }),
  },
});

export type AccountPasswordMachine = typeof accountPasswordMachine;
