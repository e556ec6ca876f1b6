// The server's configuration, composed from what each part declares next to its code (core,
// then each module's config.ts: variables, defaults, descriptions; server/settings.ts says how).
// Every variable is checked at once, so a start-up names every bad one; the embedded defaults
// run the whole product on a laptop. The README's table is generated from the same list.
import type { ConnectionLimits } from './connection-limits';
import { coreConfig, type CoreConfig } from './core-config';
import { metricsConfig, type MetricsConfig } from './metrics-config';
import { authConfig, type AuthConfig } from './modules/auth/config';
import { healthConfig, type HealthConfig } from './modules/health/config';
import { flowsConfig, type FlowsConfig } from './modules/flows/config';
import { mailConfig, type MailConfig } from './modules/mail/config';
import { mediaConfig, type MediaConfig } from './modules/media/config';
import { notificationsConfig, type NotificationsConfig } from './modules/notifications/config';
import { paymentsConfig, type PaymentsConfig } from './modules/payments/config';
import { invoicingConfig, type InvoicingConfig } from './modules/payments/invoices/config';
import { playbackConfig, type PlaybackConfig } from './modules/playback/config';
import { staticConfig, type StaticConfig } from './modules/static/config';
import { checkEnvironment, type AnySection } from './settings';

export { fastifyTrustProxy } from './core-config';
export { defaultRateLimits, type RateLimit, type RateLimits } from './modules/auth/config';
export { defaultInvoicing, defaultSeller, defaultTaxRates, type InvoicingConfig, type SellerConfig, type TaxRates } from './modules/payments/invoices/config';
export { ConfigError } from './settings';
export type { ConnectionLimits };

export type Config = CoreConfig &
  HealthConfig &
  MetricsConfig &
  AuthConfig &
  PaymentsConfig &
  MailConfig &
  { invoicing: InvoicingConfig } &
  MediaConfig &
  PlaybackConfig &
  NotificationsConfig &
  FlowsConfig &
  StaticConfig & {
    /** What an operator should know at start-up (logged as warnings). */
    warnings: string[];
  };

/** Every declaration, in the order they are composed (and listed in the README). */
export const configSections: readonly AnySection[] = [
  coreConfig,
  healthConfig,
  metricsConfig,
  authConfig,
  paymentsConfig,
  mailConfig,
  invoicingConfig,
  mediaConfig,
  playbackConfig,
  notificationsConfig,
  flowsConfig,
  staticConfig,
];

type Env = Record<string, string | undefined>;

/** The configuration from `env`; a ConfigError lists every bad variable at once. */
export async function loadConfig(env: Env = process.env): Promise<Config> {
  const values = checkEnvironment(configSections, env);
  const warnings: string[] = [];
  const context = { production: values.of(coreConfig).NODE_ENV === 'production', warn: (message: string) => void warnings.push(message) };
  const core = await coreConfig.derive(values.of(coreConfig), {}, context);
  const auth = await authConfig.derive(values.of(authConfig), core, context);
  const payments = paymentsConfig.derive(values.of(paymentsConfig), core, context);
  const mail = mailConfig.derive(values.of(mailConfig), { ...core, ...payments }, context);
  const invoicing = invoicingConfig.derive(values.of(invoicingConfig), core, context);
  return {
    ...core,
    ...healthConfig.derive(values.of(healthConfig), core, context),
    ...metricsConfig.derive(values.of(metricsConfig), core, context),
    ...auth,
    ...payments,
    ...mail,
    ...invoicing,
    ...mediaConfig.derive(values.of(mediaConfig), core, context),
    ...(await playbackConfig.derive(values.of(playbackConfig), core, context)),
    ...notificationsConfig.derive(values.of(notificationsConfig), core, context),
    ...flowsConfig.derive(values.of(flowsConfig), core, context),
    ...staticConfig.derive(values.of(staticConfig), core, context),
    warnings,
  };
}
