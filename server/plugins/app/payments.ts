// App layer: `app.paymentProvider`, the adapter the configuration picks; the payments and
// webhook routes reach the provider only through it, never knowing which one runs.
import fp from 'fastify-plugin';
import { createPaymentProvider } from '@server/modules/payments/create-provider';
import { setInvoiceLinkBase, setTaxRates } from '@server/modules/payments/invoices/invoices';
import type { PaymentProvider } from '@server/modules/payments/provider';

declare module 'fastify' {
  interface FastifyInstance {
    paymentProvider: PaymentProvider;
  }
}

export default fp(
  async (app) => {
    setInvoiceLinkBase(app.config.publicUrl);
    setTaxRates(app.config.invoicing.taxRates);
    app.decorate('paymentProvider', await createPaymentProvider(app.config, app.db));
  },
  { name: 'payment-provider', dependencies: ['config-and-database'] },
);
