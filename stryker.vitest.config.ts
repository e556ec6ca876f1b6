// The vitest setup `npm run test:mutation` runs each mutant under: the machine tests in Node,
// without the server tests' database template (tests/global-setup.ts), which they never use.
import type { RunnerTestCase, RunnerTestFile } from 'vitest';
import { defineConfig } from 'vitest/config';
import type { Reporter, Vitest } from 'vitest/node';

/**
 * A mutant that makes a machine throw while its module loads (an `initial` state that does not
 * exist, say) fails every test file importing it before any test runs. Stryker's vitest runner
 * only counts tests, so it would score that mutant "survived" (stryker-js issue 6150); this
 * reporter turns such a file into one failed test carrying the load error.
 */
function loadFailuresAsFailedTests(): Reporter {
  let vitest: Vitest | undefined;
  return {
    onInit(ctx) {
      vitest = ctx;
    },
    onTestRunEnd() {
      for (const file of vitest?.state.getFiles() ?? []) {
        if (file.result?.state !== 'fail' || file.tasks.length > 0) continue;
        file.tasks.push(loadFailure(file));
      }
    },
  };
}

function loadFailure(file: RunnerTestFile): RunnerTestCase {
  // Only the fields Stryker reads: vitest builds a full test (with its context) only for a run.
  return {
    type: 'test',
    id: `${file.id}_load`,
    name: 'loads',
    mode: 'run',
    file,
    suite: file,
    result: { state: 'fail', errors: file.result?.errors ?? [] },
  } as unknown as RunnerTestCase;
}

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: 'node',
    include: ['tests/machines/*.test.ts'],
    reporters: ['default', loadFailuresAsFailedTests()],
  },
});
