// Users API: the owner saving their details at sign-up (/details): their profile's name, and an
// image they uploaded earlier or none; the account's name and picture follow (decision 064).
import type { FastifyInstance } from 'fastify';
import { checkRules, profileSchema } from '@domain/account-rules';
import type { components } from '@domain/api-schema';
import { routeSchema } from '@server/contract';
import { HttpError } from '@server/errors';
import { ruleCode } from '@server/i18n';

export default async function usersRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: components['schemas']['DetailsRequest'] }>(
    '/api/v1/users/details',
    { schema: routeSchema('POST', '/api/v1/users/details'), preHandler: app.authenticateOwner },
    async (request) => {
      const broken = checkRules(profileSchema, request.body)?.name;
      if (broken) throw new HttpError(400, ruleCode(broken));
      const name = request.body.name.trim();
      const saved = await app.profiles.update(request.user.id, request.profileId, { name, ...(request.body.image === undefined ? {} : { image: request.body.image }) });
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
