// What a user sees in each machine state, in plain words, from locales/flows.<language>.json
// ({ flow: { statePath: text } }). Kept apart from the app's catalogues so the app's bundles
// never carry them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { statesOf } from './machine-graph';
import { repoRoot, type FoundMachine } from './machines';

export const LABEL_LANGUAGES = ['en', 'es'] as const;
export type LabelLanguage = (typeof LABEL_LANGUAGES)[number];

/** Labels by flow, then by dotted state path. */
export type StateLabels = Record<string, Record<string, string>>;

export function readStateLabels(language: LabelLanguage, root = repoRoot): StateLabels {
  return JSON.parse(readFileSync(path.join(root, 'locales', `flows.${language}.json`), 'utf8')) as StateLabels;
}

/** Every state (but the root) of every machine, as `flow: path`, that has no label. */
export function statesWithoutLabel(found: FoundMachine[], labels: StateLabels): string[] {
  return found.flatMap((f) =>
    statesOf(f.machine)
      .filter((s) => s.path !== '' && !labels[f.flow]?.[s.path]?.trim())
      .map((s) => `${f.flow}: ${s.path}`),
  );
}

/** Labels, as `flow: path`, of states that no machine has (renamed or removed states). */
export function labelsWithoutState(found: FoundMachine[], labels: StateLabels): string[] {
  const known = new Set(found.flatMap((f) => statesOf(f.machine).map((s) => `${f.flow}: ${s.path}`)));
  return Object.entries(labels).flatMap(([flow, states]) =>
    Object.keys(states)
      .map((p) => `${flow}: ${p}`)
      .filter((key) => !known.has(key)),
  );
}
