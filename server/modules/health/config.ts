// The settings of health: how long a shutting-down server keeps serving after its readiness
// turns 503, so a balancer has seen it and sent nothing new before the port closes (decision 055).
import { configSection, integer } from '@server/settings';

export interface HealthConfig {
  /** Seconds from SIGTERM (readiness 503 at once) until the server stops taking connections. */
  shutdownGraceSeconds: number;
}

export const healthConfig = configSection({
  name: 'health',
  file: 'server/modules/health/config.ts',
  settings: {
    SHUTDOWN_GRACE_SECONDS: integer({
      minimum: 0,
      maximum: 300,
      default: 5,
      description:
        'seconds a server keeps serving after SIGTERM or SIGINT with `/readyz` answering 503, so a balancer stops sending it requests; then it finishes those in flight and exits (0: at once)',
    }),
  },
  derive(values): HealthConfig {
    return { shutdownGraceSeconds: values.SHUTDOWN_GRACE_SECONDS };
  },
});
