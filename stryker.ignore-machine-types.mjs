// A Stryker ignorer for the one kind of mutant that can never be killed in a machine file: the
// `types` object given to xstate's `setup()` only declares TypeScript types (`{} as Context`), so
// emptying it changes nothing at run time. Skipped by rule rather than by a comment in each file.
import { PluginKind, declareValuePlugin } from '@stryker-mutator/api/plugin';

const isSetupTypes = (path) =>
  path.isObjectExpression() &&
  path.parentPath.isObjectProperty() &&
  path.parentPath.get('key').isIdentifier({ name: 'types' }) &&
  path.parentPath.parentPath.parentPath.isCallExpression() &&
  path.parentPath.parentPath.parentPath.get('callee').isIdentifier({ name: 'setup' });

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'machine-types', {
    shouldIgnore: (path) => (isSetupTypes(path) ? 'type declarations for xstate setup(): nothing at run time' : undefined),
  }),
];
