// `npm run flows`: writes docs/flows/<flow>.md for every machine in machines/ (chart and what
// the user sees in each state) and docs/flows/README.md, from the machines themselves; then the
// flows site in docs/flows/site/ (charts, screenshots per state, walked paths, mutation scores).
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { flowFiles } from './flow-model/flow-chart';
import { findMachines, repoRoot } from './flow-model/machines';
import { buildFlowSite } from './flow-model/site';
import { readStateLabels } from './flow-model/state-labels';

const dir = path.join(repoRoot, 'docs/flows');
const found = await findMachines();
const files = flowFiles(found, readStateLabels('en'));
mkdirSync(dir, { recursive: true });
for (const name of readdirSync(dir)) {
  if (name.endsWith('.md') && !files.has(name)) rmSync(path.join(dir, name));
}
for (const [name, text] of files) writeFileSync(path.join(dir, name), text);
console.log(`flows: wrote ${files.size} files to docs/flows/`);

const site = buildFlowSite(found, { outDir: path.join(dir, 'site') });
console.log(`flows: wrote the site to docs/flows/site/index.html (${site.unreached} states with no screenshot)`);
