// `npm run flows`: writes docs/flows/<flow>.md for every machine in machines/ (chart, what the
// user sees in each state, walked paths) and docs/flows/README.md, from the machines themselves.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { flowFiles } from '../tests/machines/model/flow-chart';
import { findMachines, repoRoot } from '../tests/machines/model/registry';

const dir = path.join(repoRoot, 'docs/flows');
const files = flowFiles(await findMachines());
mkdirSync(dir, { recursive: true });
for (const name of readdirSync(dir)) {
  if (name.endsWith('.md') && !files.has(name)) rmSync(path.join(dir, name));
}
for (const [name, text] of files) writeFileSync(path.join(dir, name), text);
console.log(`flows: wrote ${files.size} files to docs/flows/`);
