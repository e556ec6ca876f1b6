// docs/flows must match what `npm run flows` would write now, and every state must say what
// the user sees there.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { flowFiles, statesWithoutSees } from './flow-chart';
import { findMachines, repoRoot } from './registry';

const found = await findMachines();
const dir = path.join(repoRoot, 'docs/flows');

describe('docs/flows', () => {
  it('is up to date with the machines (run `npm run flows`)', () => {
    const files = flowFiles(found);
    const stale = [...files]
      .filter(([name, text]) => !existsSync(path.join(dir, name)) || readFileSync(path.join(dir, name), 'utf8') !== text)
      .map(([name]) => name);
    const extra = existsSync(dir)
      ? readdirSync(dir).filter((n) => n.endsWith('.md') && !files.has(n) && n !== 'MUTATIONS.md')
      : [];
    expect(stale, 'stale or missing pages').toEqual([]);
    expect(extra, 'pages of machines that no longer exist').toEqual([]);
  });

  it('has a line on what the user sees in every state of every machine', () => {
    const missing = found.flatMap((f) => statesWithoutSees(f).map((s) => `${f.flow}: ${s}`));
    expect(missing).toEqual([]);
  });
});
