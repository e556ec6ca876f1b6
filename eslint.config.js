// Lint rules, including the import boundaries of DESIGN.md: machines stay pure, views never
// reach the API client directly, flows never import each other.
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
          { name: 'wouter', importNames: ['useLocation', 'navigate', 'Redirect'], message: 'Machines decide where to go and emit it; src/app/navigation.ts performs it (docs/decisions/005-navigation.md).' },
        ],
      }],
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
    // Flows never import each other (DESIGN.md): what two flows share lives in src/components,
    // domain/ or src/app. Resolved paths, so `@flows/b/…` and `../b/…` are both caught.
    files: ['src/flows/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', {
        zones: flows.map((flow) => ({
          target: `./src/flows/${flow}`,
          from: './src/flows',
          except: [`./${flow}`],
          message: 'A flow never imports another flow; move what both need to src/components, domain/ or src/app.',
        })),
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
