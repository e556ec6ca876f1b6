// App layer: `app.favourites`, the classes a profile saved to its list ("My list"): kept on the
// server, so every device shows the same list. Saving and removing are idempotent.
import { and, desc, eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { components } from '@domain/api-schema';
import type { Database } from '@server/db/client';
import { classes, favourites } from '@server/db/schema';
import { HttpError } from '@server/errors';

export function favouritesService(db: Database, cards: (profileId: string, ids: readonly string[]) => Promise<components['schemas']['ClassCard'][]>) {
  async function knownClass(classId: string, now: Date): Promise<void> {
    const [found] = await db.select({ publishedAt: classes.publishedAt }).from(classes).where(eq(classes.id, classId));
    // A class scheduled for later is not in the catalog yet, so it cannot be saved either.
    if (!found || found.publishedAt.getTime() > now.getTime()) throw new HttpError(404, 'favourites.classNotFound');
  }

  return {
    /** The saved classes' ids, most recently saved first. */
    async ids(profileId: string): Promise<string[]> {
      const rows = await db
        .select({ classId: favourites.classId })
        .from(favourites)
        .where(eq(favourites.profileId, profileId))
        .orderBy(desc(favourites.savedAt), desc(favourites.classId));
      return rows.map((row) => row.classId);
    },
    /** The saved classes still in the catalog, as cards, most recently saved first. */
    async list(profileId: string) {
      return cards(profileId, await this.ids(profileId));
    },
    async save(profileId: string, classId: string, now: Date): Promise<void> {
      await knownClass(classId, now);
      await db.insert(favourites).values({ profileId, classId, savedAt: now }).onConflictDoNothing();
    },
    async remove(profileId: string, classId: string, now: Date): Promise<void> {
      await knownClass(classId, now);
      await db.delete(favourites).where(and(eq(favourites.profileId, profileId), eq(favourites.classId, classId)));
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    favourites: ReturnType<typeof favouritesService>;
  }
}

export default fp(
  async (app) => {
    app.decorate(
      'favourites',
      favouritesService(app.db, (profileId, ids) => app.classes.cards(profileId, ids)),
    );
  },
  { name: 'favourites-service', dependencies: ['config-and-database', 'classes-service'] },
);
