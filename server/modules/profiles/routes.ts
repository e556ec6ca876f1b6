// Profiles API (/api/v1/profiles, decision 064): "Who's training?" for any sign-in of the
// account, and the owner's profile managing the household's profiles.
import type { FastifyInstance } from 'fastify';
import { checkRules, pinSchema, profileSchema, PROFILE_LIMIT } from '@domain/account-rules';
import type { components } from '@domain/api-schema';
import { routeSchema } from '@server/contract';
import { HttpError } from '@server/errors';
import { ruleCode } from '@server/i18n';
import { accessGranted, profileView } from '@server/modules/auth';

type Schemas = components['schemas'];
const base = '/api/v1/profiles';
type ById = { Params: { profileId: string } };

/** A name by the account rules (400 with the rule's message otherwise), trimmed. */
function checkedName(name: string): string {
  const broken = checkRules(profileSchema, { name })?.name;
  if (broken) throw new HttpError(400, ruleCode(broken));
  return name.trim();
}

export default async function profilesRoutes(app: FastifyInstance): Promise<void> {
  const owner = { preHandler: app.authenticateOwner };

  app.get(base, { preHandler: app.authenticate, schema: routeSchema('GET', base) }, async (request): Promise<Schemas['ProfilesSuccess']> => {
    const rows = await app.profiles.list(request.user.id);
    return { isSuccess: true, profiles: rows.map(profileView), chosen: request.user.profileId, limit: PROFILE_LIMIT };
  });

  app.post<{ Body: Schemas['ProfileRequest'] }>(base, { ...owner, schema: routeSchema('POST', base) }, async (request, reply) => {
    const { name, ...rest } = request.body;
    const created = await app.profiles.add(request.user.id, { ...rest, name: checkedName(name) });
    reply.code(201);
    return { isSuccess: true, message: request.t('profiles.added', { name: created.name }), profile: profileView(created) } satisfies Schemas['ProfileSuccess'];
  });

  app.patch<ById & { Body: Schemas['ProfileUpdateRequest'] }>(
    `${base}/:profileId`,
    { ...owner, schema: routeSchema('PATCH', `${base}/{profileId}`) },
    async (request): Promise<Schemas['ProfileSuccess']> => {
      const { name, ...rest } = request.body;
      const saved = await app.profiles.update(request.user.id, request.params.profileId, { ...rest, ...(name === undefined ? {} : { name: checkedName(name) }) });
      return { isSuccess: true, message: request.t('profiles.saved'), profile: profileView(saved) };
    },
  );

  app.delete<ById>(`${base}/:profileId`, { ...owner, schema: routeSchema('DELETE', `${base}/{profileId}`) }, async (request): Promise<Schemas['MessageSuccess']> => {
    await app.profiles.remove(request.user.id, request.params.profileId);
    return { isSuccess: true, message: request.t('profiles.deleted') };
  });

  app.put<ById & { Body: Schemas['ProfilePinRequest'] }>(
    `${base}/:profileId/pin`,
    { ...owner, schema: routeSchema('PUT', `${base}/{profileId}/pin`) },
    async (request): Promise<Schemas['ProfileSuccess']> => {
      const { pin, password } = request.body;
      if (pin !== null && checkRules(pinSchema, { pin })) throw new HttpError(400, 'validation.pin.invalid');
      await app.account.confirmPassword(request.user.id, password);
      const saved = await app.profiles.setPin(request.user.id, request.params.profileId, pin);
      return { isSuccess: true, message: request.t(pin === null ? 'profiles.pinRemoved' : 'profiles.pinSet'), profile: profileView(saved) };
    },
  );

  app.post<ById & { Body: Schemas['ChooseProfileRequest'] }>(
    `${base}/:profileId/choose`,
    { preHandler: app.authenticate, schema: routeSchema('POST', `${base}/{profileId}/choose`) },
    async (request, reply) => {
      const { id, email, sessionId } = request.user;
      const profile = await app.profiles.choose(id, sessionId, request.params.profileId, request.body.pin, new Date());
      return accessGranted(app, reply, { id, email, language: profile.language }, { sessionId, profile }, request.t('profiles.chosen', { name: profile.name }));
    },
  );
}
