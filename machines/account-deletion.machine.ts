// The account page's deletion, a child of machines/account.machine.ts: the password asked in
// the page's confirmation dialog, then one request; a refusal goes back to the dialog (the
// page shows it there), Cancel forgets the password, and a deletion ends this machine (the
// page signs out and leaves).
import { setup } from 'xstate';
import { deleteAccountSchema, type FieldErrors } from '@domain/account-rules';
import type { Schemas } from '@domain/contract';
import type { Outcome } from '@domain/request-outcome';
import { formTask } from './account-task';
import { afterRequest, fromOutcome, outcomeOf } from './request-states';

export type DeleteAccountInput = Schemas['DeleteAccountRequest'];
export type DeleteAccountOutput = Outcome<{ message: string }>;

export interface AccountDeletionContext {
  values: { password: string };
  errors: FieldErrors<'password'>;
}

export type AccountDeletionEvent = { type: 'field.change'; form: 'delete'; field: 'password'; value: string } | { type: 'delete.confirm' } | { type: 'delete.cancel' };

const emptyForm = { password: '' };
const form = formTask<'password', AccountDeletionEvent>({ schema: deleteAccountSchema, emptyForm, clearErrors: true });

export const accountDeletionMachine = setup({
  types: { context: {} as AccountDeletionContext, events: {} as AccountDeletionEvent },
  actors: { deleteAccount: fromOutcome<{ message: string }, DeleteAccountInput>() },
  actions: form.actions,
  guards: form.guards,
}).createMachine({
  id: 'accountDeletion',
  context: { values: emptyForm, errors: {} },
  initial: 'editing',
  states: {
    editing: {
      on: {
        ...form.editingOn('delete.confirm', 'deleting'),
        'delete.cancel': { actions: 'clearForm' },
      },
    },
    deleting: {
      tags: ['busy'],
      entry: 'tellBusy',
      invoke: {
        src: 'deleteAccount',
        input: ({ context }) => ({ password: context.values.password }),
        ...afterRequest({
          ok: { target: 'deleted' },
          quiet: { target: 'editing', actions: 'tellQuiet' },
          failed: { target: 'editing', actions: { type: 'tellFailed', params: outcomeOf } },
        }),
      },
    },
    /** Deleted: the page signs out and leaves. */
    deleted: { type: 'final' },
  },
});

export type AccountDeletionMachine = typeof accountDeletionMachine;
