// Plan change and invoices (docs/decisions/022): preview and change the current subscription's
// plan, undo a scheduled downgrade, Payment History (10 a page) and an invoice's PDF (owner only).
import type { FastifyInstance } from 'fastify';
import type { components } from '@domain/api-schema';
import type { Queryable } from '@server/db/client';
import { subscriptionAnswer } from './subscription-answers';
import { routeSchema } from '@server/contract';
import { paymentBody, planBody } from './bodies';
import { renderInvoicePdf } from './invoices/invoice-pdf';
import { paymentHistoryPageSize, type InvoiceRow } from './invoices/invoices';
import type { PlanChangePlan } from './plan-change';
import type { SubscriptionWithPlans } from './subscription-repository';

type Schemas = components['schemas'];
type PlanChoice = Schemas['SubscribeRequest'];
const base = '/api/v1/payments';

function previewBody(change: PlanChangePlan): Schemas['PlanChangePreview'] {
  return {
    kind: change.kind,
    from_plan: planBody(change.from),
    to_plan: planBody(change.to),
    effective_at: change.effectiveAt.toISOString(),
    amount_due: change.amountDue,
    currency: change.currency,
    lines: change.lines.map(lineBody),
    next_amount: change.to.amount,
  };
}

function lineBody(line: InvoiceRow['lines'][number]): Schemas['InvoiceLine'] {
  return {
    kind: line.kind,
    plan_name: line.planName,
    ...(line.interval ? { interval: line.interval } : {}),
    ...(line.code ? { code: line.code } : {}),
    amount: line.amount,
    period_start: line.periodStart,
    period_end: line.periodEnd,
  };
}

export function invoicePdfPath(invoiceId: string): string {
  return `${base}/invoices/${encodeURIComponent(invoiceId)}/pdf`;
}

function invoiceBody(invoice: InvoiceRow): Schemas['Invoice'] {
  return {
    id: invoice.id,
    number: invoice.number,
    issued_at: invoice.issuedAt.toISOString(),
    total: invoice.total,
    net: invoice.net,
    tax: invoice.tax,
    tax_rate: invoice.taxRateBps === null ? null : invoice.taxRateBps / 100,
    currency: invoice.currency,
    lines: invoice.lines.map(lineBody),
    pdf_url: invoice.providerPdfUrl ?? invoicePdfPath(invoice.id),
  };
}

/** A subscription as the contract shows it, its scheduled downgrade included. */
function scheduledBody(db: Queryable, { subscription, plan, scheduled }: SubscriptionWithPlans): Promise<Schemas['Subscription']> {
  return subscriptionAnswer(db, subscription, plan, scheduled);
}

export default async function planChangeRoutes(app: FastifyInstance): Promise<void> {
  const { planChanges } = app;
  // Billing is the owner's profile's (decision 064).
  const signedIn = { onRequest: app.authenticateOwner };

  app.post<{ Body: PlanChoice }>(
    `${base}/plan-change-preview`,
    { ...signedIn, schema: routeSchema('POST', `${base}/plan-change-preview`) },
    async (request) => {
      const change = await planChanges.preview(request.user.id, request.body.plan, request.body.interval ?? 'month');
      return { isSuccess: true, preview: previewBody(change) };
    },
  );

  app.post<{ Body: PlanChoice }>(
    `${base}/plan-change`,
    { ...signedIn, schema: routeSchema('POST', `${base}/plan-change`) },
    async (request) => {
      const { change, subscription } = await planChanges.change(request.user.id, request.body.plan, request.body.interval ?? 'month');
      const message = request.t(change.kind === 'downgrade' ? 'payments.planChangeScheduled' : 'payments.planChanged');
      return { isSuccess: true, message, subscription: await scheduledBody(app.db, subscription), preview: previewBody(change) };
    },
  );

  app.post(`${base}/plan-change-undo`, { ...signedIn, schema: routeSchema('POST', `${base}/plan-change-undo`) }, async (request) => {
    const subscription = await planChanges.undo(request.user.id);
    return { isSuccess: true, message: request.t('payments.planChangeUndone'), subscription: await scheduledBody(app.db, subscription) };
  });

  app.post<{ Body: { page?: number; invoice?: string } }>(
    `${base}/history`,
    { ...signedIn, schema: routeSchema('POST', `${base}/history`) },
    async (request) => {
      const { page, entries, total } = await planChanges.history(request.user.id, request.body);
      return {
        isSuccess: true,
        items: entries.map((entry) => ({ payment: paymentBody(entry.payment), invoice: entry.invoice ? invoiceBody(entry.invoice) : null })),
        page,
        pageSize: paymentHistoryPageSize,
        total,
      };
    },
  );

  const pdfPath = `${base}/invoices/:invoiceId/pdf`;
  app.get<{ Params: { invoiceId: string } }>(pdfPath, { ...signedIn, schema: routeSchema('GET', pdfPath) }, async (request, reply) => {
    const found = await planChanges.invoice(request.user.id, request.params.invoiceId);
    if (found.invoice.providerPdfUrl) return reply.redirect(found.invoice.providerPdfUrl, 302);
    const pdf = await renderInvoicePdf(found.invoice, found.language, app.config.invoicing.seller);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${found.invoice.number}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
}
