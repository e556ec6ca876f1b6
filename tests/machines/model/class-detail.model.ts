// Model of /classes/:id (machines/class-detail.machine.ts): the class with Play or "Choose a
// plan", an unknown class, a failure with Try again.
import { expect } from 'vitest';
import { classDetailMachine, type ClassDetailContext } from '@machines/class-detail.machine';
import { detail } from '../catalog-fixtures';
import type { MachineModel } from './machine-model';
import { cancelled, crashed, ok, refused, SERVER_MESSAGE, textOf, unreachable } from './outcomes';

const contextOf = (snapshot: { context: unknown }) => snapshot.context as ClassDetailContext;

export const model: MachineModel = {
  machine: classDetailMachine,
  input: { id: 'sunrise-vinyasa-flow' },
  outputs: {
    loadClass: [
      ok({ class: detail('sunrise-vinyasa-flow'), canPlay: true }),
      ok({ class: detail('sunrise-vinyasa-flow'), canPlay: false }),
      refused(404),
      refused(400),
      refused(401),
      crashed,
      unreachable,
      cancelled,
    ],
  },
  states: {
    loading: ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('loading')).toBe(true);
      expect(lastStarted('loadClass')?.input).toEqual({ id: 'sunrise-vinyasa-flow' });
    },
    playable: ({ snapshot }) => expect(contextOf(snapshot).detail?.id).toBe('sunrise-vinyasa-flow'),
    locked: ({ snapshot }) => expect(contextOf(snapshot).detail?.id).toBe('sunrise-vinyasa-flow'),
    notFound: ({ snapshot }) => {
      expect(contextOf(snapshot).detail).toBeNull();
      expect(contextOf(snapshot).failure).toBeNull();
    },
    failed: ({ snapshot }) => expect(textOf(contextOf(snapshot).failure)).toEqual(expect.any(String)),
    abandoned: ({ snapshot }) => expect(snapshot.status).toBe('done'),
  },
  after: {
    'done: loadClass': ({ snapshot, event }) => {
      const out = event.output as { kind: string; status?: number; data?: { canPlay: boolean } };
      if (out.kind === 'ok') expect(snapshot.matches('playable')).toBe(out.data?.canPlay);
      if (out.status === 400) expect(textOf(contextOf(snapshot).failure)).toContain(SERVER_MESSAGE);
    },
  },
};
