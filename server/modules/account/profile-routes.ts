// Users API: saving the profile (name, and an image this user uploaded earlier, or none).
import type { FastifyInstance } from 'fastify';
import { checkRules, profileSchema } from '@domain/account-rules';
import type { components } from '@domain/api-schema';
import { routeSchema } from '@server/contract';
import { HttpError } from '@server/errors';
import { ruleCode } from '@server/i18n';

export default async function usersRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: components['schemas']['DetailsRequest'] }>(
    '/api/v1/users/details',
    { schema: routeSchema('POST', '/api/v1/users/details'), preHandler: app.authenticate },
    async (request) => {
      const broken = checkRules(profileSchema, request.body)?.name;
      if (broken) throw new HttpError(400, ruleCode(broken));
      const name = request.body.name.trim();
      const saved = await app.account.saveProfile(request.user.id, name, request.body.image);
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
