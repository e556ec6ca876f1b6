// Finds every machine in machines/ by reading the folder (never a hand-kept list): the flow
// name is the file name without `.machine.ts`, and every exported machine counts.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
export const machinesDir = path.join(repoRoot, 'machines');

export interface FoundMachine {
  /** The flow name: the file name without `.machine.ts` (e.g. `sign-in`). */
  flow: string;
  file: string;
  exportName: string;
  machine: AnyStateMachine;
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
    for (const [exportName, value] of Object.entries(mod)) {
      if (isMachine(value)) found.push({ flow, file: `machines/${file}`, exportName, machine: value });
    }
  }
  return found;
}
