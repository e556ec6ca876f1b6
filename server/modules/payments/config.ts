// The settings of payments: the sandbox (a test checkout the server hosts, with its test tools)
// or Stripe and its two secrets.
import { choice, configSection, text } from '@server/settings';

export interface PaymentsConfig {
  payments: 'sandbox' | 'stripe';
  stripeSecretKey: string | null;
  stripeWebhookSecret: string | null;
  /** Only for tests that point the Stripe client at a fake server. */
  stripeApiBase?: string;
  /**
   * The sandbox's test tools (/sandbox/mail, the test clock) are served: PAYMENTS=sandbox, and
   * NODE_ENV is not production or SANDBOX_TOOLS_TOKEN is set. Never with PAYMENTS=stripe.
   */
  sandboxMailbox: boolean;
  /** SANDBOX_TOOLS_TOKEN: when set, the test tools answer only a visitor who presents it. */
  sandboxToolsToken?: string | null;
}

export const paymentsConfig = configSection({
  name: 'payments',
  file: 'server/modules/payments/config.ts',
  settings: {
    PAYMENTS: choice(['sandbox', 'stripe'], { default: 'sandbox', description: '`sandbox` (the server hosts a test checkout) or `stripe`' }),
    STRIPE_SECRET_KEY: text({ secret: true, description: 'required with `PAYMENTS=stripe`' }),
    STRIPE_WEBHOOK_SECRET: text({ secret: true, description: 'required with `PAYMENTS=stripe`; verifies `/api/v1/payments/webhook`' }),
    STRIPE_API_BASE: text({ description: 'tests only: the address of a fake Stripe API the Stripe client talks to instead' }),
    SANDBOX_TOOLS_TOKEN: text({
      minLength: 32,
      secret: true,
      description:
        'the sandbox\'s test tools (`/sandbox/mail`, which shows every account\'s emails and reset links, and the test clock `/sandbox/clock` and `POST /api/v1/sandbox/clock`) exist only with `PAYMENTS=sandbox`, never with Stripe. Outside production (`NODE_ENV` not `production`) they are open to every visitor; with `NODE_ENV=production` they are served only when this is set (at least 32 characters), and then answer only a visitor who presents it: the `X-Sandbox-Tools-Token` header, or in a browser open `/sandbox/mail?token=<token>` once (an HttpOnly cookie, 12 hours, replaces it and the address drops it). Set, it is asked for outside production too. The start-up log says which tools are served',
    }),
  },
  check(values) {
    if (values.PAYMENTS === 'stripe' && (values.STRIPE_SECRET_KEY === null || values.STRIPE_WEBHOOK_SECRET === null)) {
      return ['PAYMENTS=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.'];
    }
    return [];
  },
  derive(values, _before: object, { production }): PaymentsConfig {
    return {
      payments: values.PAYMENTS,
      stripeSecretKey: values.STRIPE_SECRET_KEY,
      stripeWebhookSecret: values.STRIPE_WEBHOOK_SECRET,
      ...(values.STRIPE_API_BASE === null ? {} : { stripeApiBase: values.STRIPE_API_BASE }),
      // The mailbox shows everyone's reset links: a developer's machine, or an operator holding the token.
      sandboxMailbox: values.PAYMENTS === 'sandbox' && (!production || values.SANDBOX_TOOLS_TOKEN !== null),
      sandboxToolsToken: values.SANDBOX_TOOLS_TOKEN,
    };
  },
});
