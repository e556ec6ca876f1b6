// `npm run fuzz -- --runs N [--seed S]`: the fuzz suite (tests/server/fuzz.test.ts) with more
// requests than `npm test` sends, or replaying the seed a failing run printed.
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '10000' }, seed: { type: 'string' } } });
for (const [name, value] of Object.entries(values)) {
  if (value !== undefined && !/^\d+$/.test(value)) throw new Error(`--${name} must be a whole number (got "${value}")`);
}
const result = spawnSync('npx', ['vitest', 'run', '--project', 'node', 'tests/server/fuzz.test.ts'], {
  stdio: 'inherit',
  env: { ...process.env, FUZZ_RUNS: values.runs, ...(values.seed ? { FUZZ_SEED: values.seed } : {}) },
});
process.exit(result.status ?? 1);
