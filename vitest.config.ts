// Test projects: server and machines run in Node, screens in jsdom. Browser tests (tests/e2e)
// run under their own runner, never here.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** Debian's nginx with its njs module, which the media edge runs on. */
const edge = existsSync('/usr/sbin/nginx') && existsSync('/usr/lib/nginx/modules/ngx_http_js_module.so');

/** Whether `command` is an executable file in one of PATH's folders. */
const onPath = (command: string) => (process.env.PATH ?? '').split(path.delimiter).some((folder) => folder !== '' && existsSync(path.join(folder, command)));

export default defineConfig({
  plugins: [react()],
  resolve: { tsconfigPaths: true },
  test: {
    globalSetup: ['tests/global-setup.ts'],
    // Vitest's default on two cores is one file at a time; most files wait on a database, a child
    // process or a socket much of the time, so three share the two cores (VITEST_MAX_WORKERS overrides).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 3),
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'tests/{server,machines,contract,domain,app,lib,api,sw,scripts,bench,docs}/**/*.test.ts',
            // What only a real PostgreSQL server can exercise, when one is under test.
            ...(process.env.TEST_DATABASE_URL ? ['tests/postgres/**/*.test.ts'] : []),
            // What only a real Redis can exercise, when one is under test.
            ...(process.env.TEST_REDIS_URL ? ['tests/redis/**/*.test.ts'] : []),
            // Prometheus's linter on the scraped metrics, where Debian's prometheus package is installed.
            ...(onPath('promtool') ? ['tests/promtool/**/*.test.ts'] : []),
            // Several instances sharing one PostgreSQL server and one Redis, when both answer.
            ...((process.env.TEST_POSTGRES_URL ?? process.env.TEST_DATABASE_URL) && process.env.TEST_REDIS_URL ? ['tests/scale/**/*.test.ts'] : []),
            // The nginx media edge, where Debian's nginx and its njs module are installed (.ci/run installs them).
            ...(edge ? ['tests/edge/**/*.test.ts'] : []),
            // The whole topology (edge, HAProxy, two instances, Prometheus), where all of it can run.
            ...(edge && existsSync('/usr/bin/prometheus') && existsSync('/usr/sbin/haproxy') && (process.env.TEST_POSTGRES_URL ?? process.env.TEST_DATABASE_URL) && process.env.TEST_REDIS_URL
              ? ['tests/topology/**/*.test.ts']
              : []),
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // The server finds its modules with @fastify/autoload (server/app.ts); run through
          // vitest, its import() of a module's .ts file must go through vitest too.
          server: { deps: { inline: ['@fastify/autoload'] } },
        },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['tests/ui/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/ui/setup.ts'],
        },
      },
    ],
  },
});
