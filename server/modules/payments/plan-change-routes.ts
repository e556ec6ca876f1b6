// Plan change and invoices (docs/decisions/022): preview and change the current subscription's
// plan, undo a scheduled downgrade, Payment History (10 a page) and an invoice's PDF (owner only).
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { components } from '@api/schema';
import { routeSchema } from '@server/contract';
import { subscriptions } from '@server/db/schema';
import { HttpError } from '@server/errors';
import { renderInvoicePdf } from '@server/modules/payments/invoices/invoice-pdf';
import { ownInvoice, paymentHistoryPage, paymentHistoryPageOf, paymentHistoryPageSize, type InvoiceRow } from '@server/modules/payments/invoices/invoices';
import { applyPlanChange, planChange, undoScheduledChange, type PlanChangePlan } from '@server/modules/payments/plan-change';
import { ProviderError } from '@server/modules/payments/provider';
import {
  accountSubscriptions,
  findActivePlan,
  findPlan,
  paymentBody,
  planBody,
  subscriptionBody,
  type SubscriptionRow,
} from '@server/modules/payments/subscription-repository';

type Schemas = components['schemas'];
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
  return { kind: line.kind, plan_name: line.planName, amount: line.amount, period_start: line.periodStart, period_end: line.periodEnd };
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
    currency: invoice.currency,
    lines: invoice.lines.map(lineBody),
    pdf_url: invoice.providerPdfUrl ?? invoicePdfPath(invoice.id),
  };
}

export default async function planChangeRoutes(app: FastifyInstance): Promise<void> {
  const { db, paymentProvider: provider } = app;
  const account = accountSubscriptions(db, provider);
  const signedIn = { onRequest: app.authenticate };

  /** The account's current subscription with its plan, the plan asked for, and the change. */
  async function changeFor(userId: string, planId: string) {
    const to = await findActivePlan(db, planId);
    if (!to) throw new HttpError(404, 'payments.planNotFound');
    const current = await account.current(userId);
    if (!current) throw new HttpError(404, 'payments.noSubscription');
    const from = await findPlan(db, current.planId);
    if (!from) throw new HttpError(404, 'payments.planNotFound');
    const now = new Date();
    const change = planChange(current, from, to, now);
    if ('refusal' in change) {
      if (change.refusal === 'unchanged') throw new HttpError(409, 'payments.planUnchanged');
      if (change.refusal === 'cancelling') throw new HttpError(409, 'payments.planChangeCancelling');
      throw new HttpError(409, 'payments.planChangeNotAllowed');
    }
    return { subscription: current, change, now };
  }

  async function bodyOf(subscriptionId: string) {
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    if (!row) throw new HttpError(404, 'payments.subscriptionNotFound');
    const plan = await findPlan(db, row.planId);
    if (!plan) throw new HttpError(404, 'payments.planNotFound');
    return subscriptionBody(row, plan, await findPlan(db, row.scheduledPlanId));
  }

  async function viaProvider<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof ProviderError) throw new HttpError(502, 'payments.providerUnavailable');
      throw error;
    }
  }

  app.post<{ Body: { plan: string } }>(
    `${base}/plan-change-preview`,
    { ...signedIn, schema: routeSchema('POST', `${base}/plan-change-preview`) },
    async (request) => {
      const { change } = await changeFor(request.user.id, request.body.plan);
      return { isSuccess: true, preview: previewBody(change) };
    },
  );

  app.post<{ Body: { plan: string } }>(
    `${base}/plan-change`,
    { ...signedIn, schema: routeSchema('POST', `${base}/plan-change`) },
    async (request) => {
      const { subscription, change, now } = await changeFor(request.user.id, request.body.plan);
      const { chargeId } = await viaProvider(() =>
        provider.changePlan({
          subscriptionId: subscription.id,
          kind: change.kind,
          from: change.from,
          to: change.to,
          currentPeriodEnd: subscription.currentPeriodEnd,
          now,
        }),
      );
      await db.transaction((tx) => applyPlanChange(tx, subscription, change, { now, chargeId }));
      const message = request.t(change.kind === 'downgrade' ? 'payments.planChangeScheduled' : 'payments.planChanged');
      return { isSuccess: true, message, subscription: await bodyOf(subscription.id), preview: previewBody(change) };
    },
  );

  app.post(`${base}/plan-change-undo`, { ...signedIn, schema: routeSchema('POST', `${base}/plan-change-undo`) }, async (request) => {
    const current: SubscriptionRow | null = await account.current(request.user.id);
    if (!current) throw new HttpError(404, 'payments.noSubscription');
    if (current.scheduledPlanId === null) throw new HttpError(409, 'payments.noScheduledChange');
    await viaProvider(() => provider.undoPlanChange(current.id));
    await db.transaction((tx) => undoScheduledChange(tx, current, new Date()));
    return { isSuccess: true, message: request.t('payments.planChangeUndone'), subscription: await bodyOf(current.id) };
  });

  app.post<{ Body: { page?: number; invoice?: string } }>(
    `${base}/history`,
    { ...signedIn, schema: routeSchema('POST', `${base}/history`) },
    async (request) => {
      await provider.syncAccount(request.user.id);
      const page = request.body.invoice ? await pageOfInvoice(request.user.id, request.body.invoice) : (request.body.page ?? 1);
      const { entries, total } = await paymentHistoryPage(db, request.user.id, page);
      return {
        isSuccess: true,
        items: entries.map((entry) => ({ payment: paymentBody(entry.payment), invoice: entry.invoice ? invoiceBody(entry.invoice) : null })),
        page,
        pageSize: paymentHistoryPageSize,
        total,
      };
    },
  );

  /** The account's own invoice, or the refusal: another account's (403), none (404). */
  async function invoiceOf(userId: string, invoiceId: string): Promise<{ invoice: InvoiceRow; language: string }> {
    const found = await ownInvoice(db, userId, invoiceId);
    if ('refusal' in found) {
      if (found.refusal === 'forbidden') throw new HttpError(403, 'payments.invoiceForbidden');
      throw new HttpError(404, 'payments.invoiceNotFound');
    }
    return found;
  }

  async function pageOfInvoice(userId: string, invoiceId: string): Promise<number> {
    const { invoice } = await invoiceOf(userId, invoiceId);
    return paymentHistoryPageOf(db, userId, invoice.paymentId);
  }

  const pdfPath = `${base}/invoices/:invoiceId/pdf`;
  app.get<{ Params: { invoiceId: string } }>(pdfPath, { ...signedIn, schema: routeSchema('GET', pdfPath) }, async (request, reply) => {
    const found = await invoiceOf(request.user.id, request.params.invoiceId);
    if (found.invoice.providerPdfUrl) return reply.redirect(found.invoice.providerPdfUrl, 302);
    const pdf = await renderInvoicePdf(found.invoice, found.language);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${found.invoice.number}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
}
