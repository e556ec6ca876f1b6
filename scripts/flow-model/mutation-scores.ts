// Mutation score per machine file from StrykerJS's JSON report (reports/mutation/mutation.json,
// written by `npm run test:mutation`), with Stryker's own formula: detected over valid mutants.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './machines';

interface MutationReport {
  files: Record<string, { mutants: { status: string }[] }>;
}

export const mutationReportFile = path.join(repoRoot, 'reports/mutation/mutation.json');

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

/** Score (0–100) by repository-relative file, or an empty map when the report is missing. */
export function readMutationScores(file = mutationReportFile): Map<string, number> {
  const scores = new Map<string, number>();
  if (!existsSync(file)) return scores;
  const report = JSON.parse(readFileSync(file, 'utf8')) as MutationReport;
  for (const [name, { mutants }] of Object.entries(report.files)) {
    const detected = mutants.filter((m) => DETECTED.has(m.status)).length;
    const valid = detected + mutants.filter((m) => UNDETECTED.has(m.status)).length;
    if (valid === 0) continue;
    const relative = path.isAbsolute(name) ? path.relative(repoRoot, name) : name;
    scores.set(relative.split(path.sep).join('/'), (100 * detected) / valid);
  }
  return scores;
}
