// The settings of playback: the secret that signs media URLs, and how long a signed URL lasts.
import { configSection, integer, storedSecret, text } from '@server/settings';

export interface PlaybackConfig {
  /** Signs playlist, caption and segment URLs (PLAYBACK_SECRET, or generated into DATA_DIR). */
  playbackSecret: string;
  /** How long a signed media URL stays valid; heartbeats hand out fresh ones. */
  playbackUrlTtlSeconds: number;
}

export const playbackConfig = configSection({
  name: 'playback',
  file: 'server/modules/playback/config.ts',
  settings: {
    PLAYBACK_SECRET: text({
      minLength: 32,
      secret: true,
      defaultText: 'generated once into `DATA_DIR/playback-secret`',
      description: 'signs the playlist, caption and segment URLs of playback sessions (at least 32 characters); the same on every instance',
    }),
    PLAYBACK_URL_TTL: integer({
      minimum: 60,
      maximum: 86_400,
      default: 300,
      description: 'seconds a signed media URL stays valid; every 30 s heartbeat hands out a fresh one',
    }),
  },
  async derive(values, before: { dataDir: string }): Promise<PlaybackConfig> {
    return {
      playbackSecret: await storedSecret(values.PLAYBACK_SECRET, before.dataDir, 'playback-secret'),
      playbackUrlTtlSeconds: values.PLAYBACK_URL_TTL,
    };
  },
});
