// Where the flows site is served from: it has no variable of its own, only NODE_ENV.
import path from 'node:path';
import { configSection } from '@server/settings';

export interface FlowsConfig {
  /** The flows site served at /flows (docs/flows/site); null (not served) when NODE_ENV=production. */
  flowsSiteDir: string | null;
}

export const flowsConfig = configSection({
  name: 'flows',
  file: 'server/modules/flows/config.ts',
  settings: {},
  derive(_values, _before: object, { production }): FlowsConfig {
    return { flowsSiteDir: production ? null : path.resolve('docs/flows/site') };
  },
});
