// Runs once per test run and project: prepares ONE migrated PGlite data directory that each server
// test file copies (fast), instead of running initdb and the migrations again per file; and, for
// the node project, the shared sample media (a cache made once per machine, minutes on a fresh
// one), so that the tests playing it (the built server, the topology) do not make it side by side.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A DATA_DIR whose `pglite` folder holds a migrated database; empty with TEST_DATABASE_URL. */
    pgliteTemplateDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.name === 'node') {
    const { makeMissingSamples, sharedSampleMediaDir } = await import('@server/modules/media/sample-catalogue');
    await makeMissingSamples(sharedSampleMediaDir, undefined, ({ done, total }) => {
      if (done === 1 || done === total || done % 20 === 0) console.log(`sample media: ${done} of ${total} encodings made (${sharedSampleMediaDir})`);
    });
  }
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplateDir', '');
    return async () => {};
  }
  const { openPglite } = await import('@server/db/client');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'fs-pglite-template-'));
  const handle = await openPglite(path.join(dir, 'pglite'));
  await handle.close();
  project.provide('pgliteTemplateDir', dir);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
