// Every machine in machines/ (scripts/flow-model/machines.ts finds them) with the model that
// goes with it: tests/machines/model/<flow>.model.ts exporting `model`.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { findMachines, type FoundMachine } from '../../../scripts/flow-model/machines';
import type { MachineModel } from './machine-model';

export interface ModelledMachine extends FoundMachine {
  /** The model, or undefined when tests/machines/model/<flow>.model.ts is missing. */
  model: MachineModel | undefined;
}

export async function findModelledMachines(): Promise<ModelledMachine[]> {
  const found = await findMachines();
  return Promise.all(
    found.map(async (f) => {
      const modelFile = path.join(import.meta.dirname, `${f.flow}.model.ts`);
      const model = existsSync(modelFile)
        ? ((await import(pathToFileURL(modelFile).href)) as { model?: MachineModel }).model
        : undefined;
      return { ...f, model };
    }),
  );
}
