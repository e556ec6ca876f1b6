// A profile's player preferences (captions on in a language, or off): read with the defaults
// when none were kept, and kept with one upsert.
import { eq } from 'drizzle-orm';
import type { components } from '@domain/api-schema';
import type { Database } from '@server/db/client';
import { playerPreferences } from '@server/db/schema';

export type PlayerPreferences = components['schemas']['PlayerPreferences'];

/** What a class starts with before anything was chosen. */
export const DEFAULT_PLAYER_PREFERENCES: PlayerPreferences = { captions: null };

export async function readPlayerPreferences(db: Database, profileId: string): Promise<PlayerPreferences> {
  const [row] = await db.select({ captions: playerPreferences.captions }).from(playerPreferences).where(eq(playerPreferences.profileId, profileId));
  return row ? { captions: row.captions ?? null } : DEFAULT_PLAYER_PREFERENCES;
}

export async function savePlayerPreferences(db: Database, profileId: string, preferences: PlayerPreferences): Promise<PlayerPreferences> {
  await db
    .insert(playerPreferences)
    .values({ profileId, captions: preferences.captions })
    .onConflictDoUpdate({ target: playerPreferences.profileId, set: { captions: preferences.captions, updatedAt: new Date() } });
  return { captions: preferences.captions };
}
