// docs/flows must match what `npm run flows` would write now, and every state of every machine
// must say in plain words, in English and Spanish, what the user sees there.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { flowFiles } from '../../../scripts/flow-model/flow-chart';
import { findMachines, repoRoot } from '../../../scripts/flow-model/machines';
import { labelsWithoutState, readStateLabels, statesWithoutLabel } from '../../../scripts/flow-model/state-labels';

const found = await findMachines();
const dir = path.join(repoRoot, 'docs/flows');
const en = readStateLabels('en');
const es = readStateLabels('es');

describe('docs/flows', () => {
  it('is up to date with the machines and their labels (run `npm run flows`)', () => {
    const files = flowFiles(found, en);
    const stale = [...files]
      .filter(([name, text]) => !existsSync(path.join(dir, name)) || readFileSync(path.join(dir, name), 'utf8') !== text)
      .map(([name]) => name);
    const extra = existsSync(dir)
      ? readdirSync(dir).filter((n) => n.endsWith('.md') && !files.has(n) && n !== 'MUTATIONS.md')
      : [];
    expect(stale, 'stale or missing pages').toEqual([]);
    expect(extra, 'pages of machines that no longer exist').toEqual([]);
  });
});

describe('plain-words labels of the states (locales/flows.<language>.json)', () => {
  it('label every state of every machine in English and in Spanish', () => {
    expect(statesWithoutLabel(found, en), 'states with no English label').toEqual([]);
    expect(statesWithoutLabel(found, es), 'states with no Spanish label').toEqual([]);
  });

  it('name only states that exist', () => {
    expect(labelsWithoutState(found, en)).toEqual([]);
    expect(labelsWithoutState(found, es)).toEqual([]);
  });

  it('are translated: no Spanish label repeats the English one', () => {
    const same = Object.entries(en).flatMap(([flow, states]) =>
      Object.entries(states)
        .filter(([state, text]) => es[flow]?.[state] === text)
        .map(([state]) => `${flow}: ${state}`),
    );
    expect(same).toEqual([]);
  });
});
