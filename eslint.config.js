// Lint rules, including the import boundaries of DESIGN.md: machines stay pure, views never
// reach the API client directly, flows never import each other, server modules meet only at
// their doors (index.ts).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/** The flow folders (src/flows/<flow>), read when linting: a new flow is fenced in without editing this file. */
const flows = readdirSync(new URL('./src/flows', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The cross-flow features (src/features/<feature>), read likewise: each is reached only through its index. */
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The server's modules (server/modules/<area>), read likewise: each is fenced in as it appears. */
const serverModules = readdirSync(new URL('./server/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['dist/**', 'dist-server/**', 'node_modules/**', 'data/**', 'coverage/**', 'domain/api-schema.d.ts', 'bench/results/**', 'tests/e2e/results/**', 'server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // A calls module adds its calls to the app's Api with `interface Api extends CallsOf<…> {}` (src/api/calls.ts).
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  {
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['react', 'react-dom', 'react/*', 'react-dom/*', '@xstate/react', 'wouter', 'wouter/*'], message: 'Machines are framework-free.' },
          { group: ['**/src/api/**', '**/src/flows/**', '**/src/app/**', '**/src/components/**', '@api/*', '@app/*', '@components/*', '@flows/*', '@server/*', 'openapi-fetch'], message: 'Machines may import domain/ only.' },
        ],
      }],
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'sessionStorage', 'fetch'],
    },
  },
  {
    // Views (a flow's screens, the shared components) and a flow's route and overlay entries,
    // which the router loads with the first page: only a flow's calls.ts and actors reach the API.
    files: ['src/flows/**/*.tsx', 'src/flows/*/routes.ts', 'src/flows/*/overlay.ts', 'src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/api/**', '@api/*', 'openapi-fetch'], message: 'Views read machine snapshots; only machines\' actors call the API.' },
        ],
        paths: [
          { name: 'wouter', importNames: ['useLocation', 'navigate', 'Redirect'], message: 'Machines decide where to go and emit it; src/lib/navigation.ts performs it (docs/decisions/005-navigation.md).' },
        ],
      }],
    },
  },
  {
    // The service worker (src/sw): a worker's globals, and none of React, the views or the API
    // client; it imports the app's constants and modules that run without a page.
    files: ['src/sw/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['react', 'react-dom', 'react/*', 'react-dom/*', '@xstate/react', 'wouter', 'wouter/*', 'react-intl'], message: 'The worker runs without React.' },
          { group: ['@flows/*', '@components/*', '@api/*', '**/src/flows/**', '**/src/components/**', '**/src/api/**', 'openapi-fetch'], message: 'The worker reads the app\'s constants and storage modules only.' },
        ],
      }],
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'sessionStorage'],
    },
  },
  {
    // Domain rules are pure and shared by client, machines and server. Their data types come
    // from the contract's generated types (type-only imports of domain/api-schema), never copies.
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [
          { group: ['react', 'react-dom', '**/flows/**', '**/app/**', '@app/*', '@flows/*', '@server/*', 'fastify', 'drizzle-orm'], message: 'Domain rules are pure and shared by client and server.' },
          { group: ['**/api-schema', '@domain/api-schema'], allowTypeImports: true, message: 'Only the contract\'s types, imported with `import type`.' },
          { group: ['**/api/client', '**/api/endpoints', '@api/client', '@api/endpoints', '@api/lazy-api', 'openapi-fetch'], message: 'Domain rules are pure and shared by client and server.' },
        ],
      }],
    },
  },
  {
    // The import zones of DESIGN.md, on resolved paths (so `@flows/b/…` and `../b/…` are both
    // caught). Layers, bottom up: domain/ (shared by all) ← machines ← src/api, src/lib and
    // src/components ← src/features (each through its index.ts) ← src/flows ← src/app (the shell,
    // which finds the flows by glob: src/app/flows.ts, src/app/api.ts). The service worker
    // (src/sw) may import the downloads feature's worker-safe modules directly. Server modules meet
    // only at their doors (server/modules/<area>/index.ts); that no two import each other is
    // checked by tests/server/module-doors.test.ts.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', {
        zones: [
          { target: './domain', from: ['./src', './machines', './server'], message: 'domain/ is the shared layer: it imports nothing of the app, the machines or the server.' },
          { target: './machines', from: ['./src', './server'], message: 'Machines import domain/ only.' },
          { target: './server', from: './src', message: 'The server never imports src/: what both need lives in domain/.' },
          { target: ['./src/api', './src/lib', './src/components'], from: ['./src/app', './src/features', './src/flows'], message: 'The shared parts of the app (src/api, src/lib, src/components) never import the shell, a feature or a flow.' },
          { target: './src/features', from: ['./src/app', './src/flows'], message: 'A feature never imports the shell or a flow; flows and the shell import features.' },
          { target: './src/flows', from: './src/app', message: 'A flow never imports the shell (src/app): what it needs of the running app is in src/lib.' },
          { target: './src/sw', from: ['./src/app', './src/flows', './src/components'], message: 'The service worker imports the app\'s constants and worker-safe modules, never its views or shell.' },
          ...features.map((feature) => ({
            target: ['./src/app', './src/flows', ...features.filter((other) => other !== feature).map((other) => `./src/features/${other}`)],
            from: `./src/features/${feature}`,
            except: ['./index.ts'],
            message: 'A feature is reached only through its index.ts (@features/<feature>); export what is needed there.',
          })),
          ...flows.map((flow) => ({
            target: `./src/flows/${flow}`,
            from: './src/flows',
            except: [`./${flow}`],
            message: 'A flow never imports another flow; move what both need to a feature, src/components or domain/.',
          })),
          ...serverModules.map((area) => ({
            target: `./server/modules/${area}`,
            from: './server/modules',
            except: [`./${area}`, ...serverModules.filter((other) => other !== area).map((other) => `./${other}/index.ts`)],
            message: 'Another server module is reached only through its index: import from @server/modules/<area>, and export what is needed there.',
          })),
        ],
      }],
    },
  },
  {
    // No import cycles anywhere: a module that imports itself through others has no clear job
    // (docs/decisions/006-payments-port.md). Dynamic imports count; type-only ones are erased.
    files: ['**/*.{ts,tsx,js}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // Generated: the flows site (with its vendored Mermaid) and test reports.
  { ignores: ['docs/flows/site/**', 'reports/**', '.stryker-tmp/**'] },
  {
    // Scripts are tools the project ships; tests may use them, never the other way round.
    files: ['scripts/**/*.{ts,js}'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['**/tests/**'], message: 'Scripts never import tests; move what both need under scripts/.' }],
      }],
    },
  },
);
