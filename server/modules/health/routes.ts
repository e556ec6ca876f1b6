// GET /livez and GET /readyz (decision 055): for a balancer, an orchestrator or an operator.
// /livez says the process answers; /readyz whether it should be sent traffic (readiness.ts),
// 503 naming what is not. Never cached, never rate-limited, and a healthy answer is never logged
// (plugins/external/request-log.ts logs only /api/ paths' successes).
import type { FastifyInstance } from 'fastify';
import type { components } from '@domain/api-schema';
import { routeSchema } from '@server/contract';

type Schemas = components['schemas'];

export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.get('/livez', { schema: routeSchema('GET', '/livez') }, async () => {
    const body: Schemas['Live'] = { isSuccess: true, status: 'live' };
    return body;
  });

  app.get('/readyz', { schema: routeSchema('GET', '/readyz') }, async (request, reply) => {
    const notReady = await app.health.readiness.check();
    if (notReady.length === 0) {
      const body: Schemas['Ready'] = { isSuccess: true, status: 'ready' };
      return body;
    }
    const code = notReady.includes('shutting_down') ? 'health.shuttingDown' : 'health.notReady';
    const body: Schemas['NotReadyError'] = {
      isSuccess: false,
      message: request.t(code, { parts: notReady.join(', ') }),
      statusCode: 503,
      code,
      not_ready: notReady,
    };
    return reply.code(503).send(body);
  });
}
