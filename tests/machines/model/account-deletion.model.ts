// Model of the account page's deletion (machines/account-deletion.machine.ts): the password by
// the shared rules, Cancel forgetting it, one request, a refusal back to the dialog, and the end.
import { expect } from 'vitest';
import { accountDeletionMachine, type AccountDeletionContext } from '@machines/account-deletion.machine';
import type { MachineModel, World } from './machine-model';
import { cancelled, ok, outputOf, refused, unreachable } from './outcomes';
import { toldBusy, toldEnd } from './task-reports';

const PASSWORD = 'Str0ng#Pass';
const contextOf = (world: Pick<World, 'snapshot'>) => world.snapshot.context as AccountDeletionContext;

export const model: MachineModel = {
  machine: accountDeletionMachine,
  events: { 'field.change': [{ type: 'field.change', form: 'delete', field: 'password', value: PASSWORD }] },
  outputs: { deleteAccount: [ok({ message: 'Deleted.' }), refused(400), refused(502), refused(401), unreachable, cancelled] },
  serialize: (snapshot) => JSON.stringify([snapshot.value, (snapshot.context as AccountDeletionContext).values.password !== '']),
  states: {
    editing: ({ snapshot }) => expect(snapshot.hasTag('busy')).toBe(false),
    deleting: (world) => {
      expect(world.snapshot.hasTag('busy')).toBe(true);
      expect(world.lastStarted('deleteAccount')?.input).toEqual({ password: PASSWORD });
      toldBusy(world);
    },
    deleted: ({ snapshot, toParent }) => {
      expect(snapshot.status).toBe('done');
      expect(toParent.filter((report) => report.type === 'task.ended')).toEqual([]);
    },
  },
  after: {
    'done: deleteAccount': (world) => {
      if (outputOf(world.event).kind !== 'ok') toldEnd('')(world);
    },
    'error: deleteAccount': toldEnd(''),
    'delete.cancel': (world) => expect(contextOf(world)).toEqual({ values: { password: '' }, errors: {} }),
    'delete.confirm': (world) => {
      if (!world.snapshot.matches('deleting')) expect(contextOf(world).errors.password).toBe('passwordRequired');
    },
  },
};
