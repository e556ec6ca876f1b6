// Users API: saving the profile (name, and an image this user uploaded earlier, or none).
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { checkRules, profileSchema } from '@domain/account-rules';
import type { components } from '@api/schema';
import { routeSchema } from '@server/contract';
import { users } from '@server/db/schema';
import { HttpError } from '@server/errors';
import { ruleCode } from '@server/i18n';
import { findUpload } from '@server/modules/uploads/store';

export default async function usersRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: components['schemas']['DetailsRequest'] }>(
    '/api/v1/users/details',
    { schema: routeSchema('POST', '/api/v1/users/details'), preHandler: app.authenticate },
    async (request) => {
      const broken = checkRules(profileSchema, request.body)?.name;
      if (broken) throw new HttpError(400, ruleCode(broken));
      const name = request.body.name.trim();
      const requested = request.body.image;
      if (typeof requested === 'string' && !(await findUpload(app.db, requested, request.user.id))) {
        throw new HttpError(400, 'users.imageNotFound');
      }
      const changes = requested === undefined ? { name } : { name, image: requested };
      const [saved] = await app.db
        .update(users)
        .set(changes)
        .where(eq(users.id, request.user.id))
        .returning({ name: users.name, image: users.image });
      if (!saved) throw new HttpError(401, 'auth.accountGone');
      return {
        isSuccess: true,
        message: request.t('users.detailsSaved'),
        statusCode: 200,
        name: saved.name ?? name,
        image: saved.image,
      };
    },
  );
}
