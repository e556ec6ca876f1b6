// `npm run test:mutation`: StrykerJS mutates machines/ and runs the machine tests against each
// mutant, so the score says how much of the machines' behaviour those tests pin down.
// A subset: `npx stryker run --mutate machines/a.machine.ts,machines/b.machine.ts` (the option
// is a comma-separated list, so a brace glob such as machines/{a,b}.machine.ts is cut at its
// commas into patterns that match nothing, and the run stops with "No tests were executed").
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  mutate: ['machines/**/*.ts'],
  testRunner: 'vitest',
  // Nearly every mutant sits in a machine config, built when the module loads, so coverage
  // cannot narrow the tests per mutant; `related` runs only the test files that import the
  // mutated machine, which keeps a full run in minutes.
  vitest: { configFile: 'stryker.vitest.config.ts', related: true },
  coverageAnalysis: 'perTest',
  plugins: ['@stryker-mutator/vitest-runner', './stryker.ignore-machine-types.mjs'],
  ignorers: ['machine-types'],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  // Later runs only test mutants whose code or covering tests changed; `-- --force` runs all.
  incremental: true,
  incrementalFile: 'reports/mutation/incremental.json',
  thresholds: { high: 90, low: 80, break: 90 },
  ignorePatterns: ['data', 'dist', '.data-test', 'bench/results', 'test-results', 'tests/e2e/screenshots'],
};
