// The settings of the metrics port: where Prometheus scrapes this instance (docs/decisions/054).
// Declared as every part of the server declares its own (server/settings.ts).
import { ConfigError, configSection, integer, text } from './settings';

export interface MetricsConfig {
  /** The port of the Prometheus text format (GET /metrics); 0: no metrics port. Never the public port. */
  metricsPort: number;
  /** The address the metrics port listens on. */
  metricsHost: string;
}

export const metricsConfig = configSection({
  name: 'metrics',
  file: 'server/metrics-config.ts',
  settings: {
    METRICS_PORT: integer({
      minimum: 0,
      maximum: 65535,
      default: 9464,
      description:
        'port of the Prometheus metrics (`GET /metrics`, text format; `docs/decisions/054`), never served on the public port; `0` turns it off; each instance on one machine needs its own',
    }),
    METRICS_HOST: text({
      default: '127.0.0.1',
      description: 'the address the metrics port listens on; an address Prometheus reaches (a private interface) when it runs on another machine, never a public one',
    }),
  },
  derive(values, before: { port: number }): MetricsConfig {
    if (values.METRICS_PORT !== 0 && values.METRICS_PORT === before.port) {
      throw new ConfigError(`METRICS_PORT must differ from PORT (both ${before.port}): the metrics are never served on the public port.`);
    }
    return { metricsPort: values.METRICS_PORT, metricsHost: values.METRICS_HOST };
  },
});
