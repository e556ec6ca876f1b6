// Finds every machine in machines/ (by reading the folder, never a hand-kept list) and the model
// that goes with each (tests/machines/model/<flow>.model.ts exporting `model`).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import type { MachineModel } from './machine-model';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '../../..');
export const machinesDir = path.join(repoRoot, 'machines');

export interface FoundMachine {
  /** The flow name: the file name without `.machine.ts` (e.g. `sign-in`). */
  flow: string;
  file: string;
  exportName: string;
  machine: AnyStateMachine;
  /** The model, or undefined when tests/machines/model/<flow>.model.ts is missing. */
  model: MachineModel | undefined;
}

function isMachine(value: unknown): value is AnyStateMachine {
  return (
    typeof value === 'object' &&
    value !== null &&
    'root' in value &&
    'implementations' in value &&
    typeof (value as { getInitialSnapshot?: unknown }).getInitialSnapshot === 'function'
  );
}

export function machineFiles(): string[] {
  return readdirSync(machinesDir)
    .filter((f) => f.endsWith('.machine.ts'))
    .sort();
}

export async function findMachines(): Promise<FoundMachine[]> {
  const found: FoundMachine[] = [];
  for (const file of machineFiles()) {
    const flow = file.replace(/\.machine\.ts$/, '');
    const mod = (await import(pathToFileURL(path.join(machinesDir, file)).href)) as Record<string, unknown>;
    const modelFile = path.join(here, `${flow}.model.ts`);
    const model = existsSync(modelFile)
      ? ((await import(pathToFileURL(modelFile).href)) as { model?: MachineModel }).model
      : undefined;
    for (const [exportName, value] of Object.entries(mod)) {
      if (!isMachine(value)) continue;
      found.push({ flow, file: `machines/${file}`, exportName, machine: value, model });
    }
  }
  return found;
}
