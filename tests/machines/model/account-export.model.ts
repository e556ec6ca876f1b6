// Model of the account page's data download (machines/account-export.machine.ts): one request,
// the document saved as a file named after its day, and what the page is told.
import { expect } from 'vitest';
import { accountExportMachine } from '@machines/account-export.machine';
import type { MachineModel } from './machine-model';
import { cancelled, ok, outputOf, refused, unreachable } from './outcomes';
import { toldBusy, toldEnd } from './task-reports';

const exported = { format: 'fitstream-account-export', version: 1, exportedAt: '2026-11-22T12:00:00.000Z', profile: { email: 'ana@example.com' } };

export const model: MachineModel = {
  machine: accountExportMachine,
  outputs: { exportData: [ok(exported), refused(401), refused(500), unreachable, cancelled] },
  states: {
    idle: ({ snapshot }) => expect(snapshot.hasTag('busy')).toBe(false),
    downloading: (world) => {
      expect(world.snapshot.hasTag('busy')).toBe(true);
      expect(world.lastStarted('exportData')).toBeDefined();
      toldBusy(world);
    },
  },
  after: {
    'done: exportData': (world) => {
      toldEnd('Your data has been downloaded.')(world);
      const saved = world.actions.filter((action) => action.name === 'saveFile').map((action) => action.params as { fileName: string; contents: string });
      if (outputOf(world.event).kind === 'ok') {
        expect(saved.at(-1)?.fileName).toBe('fitstream-data-2026-11-22.json');
        expect(JSON.parse(saved.at(-1)!.contents)).toEqual(exported);
      } else expect(saved).toEqual([]);
    },
    'error: exportData': toldEnd(''),
  },
};
