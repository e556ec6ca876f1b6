// The settings of media: where the transcoded files live.
import path from 'node:path';
import { configSection, text } from '@server/settings';

export interface MediaConfig {
  /** Transcoded media, one folder per media id (MEDIA_DIR, default DATA_DIR/media). */
  mediaDir: string;
}

export const mediaConfig = configSection({
  name: 'media',
  file: 'server/modules/media/config.ts',
  settings: {
    MEDIA_DIR: text({ defaultText: '`DATA_DIR/media`', description: 'transcoded media, a folder per media id (see "Media" below)' }),
  },
  derive(values, before: { dataDir: string }): MediaConfig {
    return { mediaDir: path.resolve(values.MEDIA_DIR ?? path.join(before.dataDir, 'media')) };
  },
});
