// The settings of the built app the server hosts.
import path from 'node:path';
import { configSection, text } from '@server/settings';

export interface StaticConfig {
  /** The built single-page app. */
  distDir: string;
}

export const staticConfig = configSection({
  name: 'static',
  file: 'server/modules/static/config.ts',
  settings: {
    DIST_DIR: text({ default: './dist', description: 'the built single-page app (`npm run build`) the server hosts' }),
  },
  derive(values): StaticConfig {
    return { distDir: path.resolve(values.DIST_DIR) };
  },
});
