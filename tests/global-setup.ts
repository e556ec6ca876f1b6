// Runs once per test run: prepares ONE migrated PGlite data directory that each server test
// file copies (fast), instead of running initdb and the migrations again per file.
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
