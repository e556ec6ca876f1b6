// The payment port: what the payments service and routes ask of a provider, and the
// provider-neutral facts it answers with. Adapters live in sandbox/ and stripe/; this file
// holds no implementation, so neither adapter nor the factory is ever imported from here.
import type { IncomingHttpHeaders } from 'node:http';
import type { AppLocale } from '@domain/locales';
import type { SubscriptionStatus } from '@domain/subscriptions';
import type { BillingCycle } from '@domain/plans';
import type { checkoutSessions, InvoiceLine, plans, promotionCodes, users } from '@server/db/schema';
import type { TaxBreakdown } from './invoices/tax';

export type PlanRow = typeof plans.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type CheckoutRow = typeof checkoutSessions.$inferSelect;
export type PromotionCodeRow = typeof promotionCodes.$inferSelect;

/** A card as the billing screen shows it: never the number, only brand, last 4 and expiry. */
export interface CardFacts {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** A subscription as the provider reports it, in the provider's ids. */
export interface SubscriptionFacts {
  id: string;
  userId: string;
  planId: string;
  /** The interval it bills (docs/decisions/066); absent: monthly when new, unchanged otherwise. */
  billingInterval?: BillingCycle;
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  trialEnd: Date | null;
  /** null: keep whatever card is stored already. */
  card: CardFacts | null;
  /** The provider's pause (decision 065): null when none; absent when the provider does not say. */
  pause?: { resumesAt: Date } | null;
}

/** One charge (or the €0 trial start), keyed by the provider's invoice id. */
export interface PaymentFacts {
  providerInvoiceId: string;
  userId: string;
  subscriptionId: string | null;
  amount: number;
  currency: string;
  status: 'paid' | 'failed' | 'refunded';
  description: string | null;
  card: CardFacts | null;
  createdAt: Date;
  /** The invoice's lines; by default one line for the subscription's plan and period. */
  lines?: InvoiceLine[];
  /** The provider's own invoice PDF (Stripe), linked instead of generating one. */
  providerPdfUrl?: string | null;
  /** The provider's own net, tax and rate (Stripe's invoice); without them the configured rate applies. */
  tax?: TaxBreakdown | null;
}

/** A subscription as the provider reports it, with the customer and the payment it came with. */
export interface SubscriptionReport {
  customerId: string | null;
  subscription: SubscriptionFacts;
  /** The latest payment when it is paid: recorded with the subscription. */
  payment: PaymentFacts | null;
}

/** Everything a completed checkout made: what `applyCompletedCheckout` writes. */
export interface CompletedCheckout extends SubscriptionReport {
  checkoutSessionId: string;
  provider: string;
}

export interface CheckoutRequest {
  user: UserRow;
  plan: PlanRow;
  trialDays: number;
  /** The app's language when the user opened the checkout. */
  language: AppLocale;
  /** A promotion code already checked (decision 069), for the checkout to take off; null when none. */
  promotionCode: PromotionCodeRow | null;
}

export interface CreatedCheckout {
  id: string;
  url: string;
}

/** What became of one provider event: applied now, already applied once, or of no interest. */
export type EventOutcome = 'applied' | 'duplicate' | 'ignored';

/** An event whose signature verified; applying it twice changes nothing the second time. */
export interface ProviderEvent {
  id: string;
  type: string;
  apply(): Promise<EventOutcome>;
}

/** The provider's signed notifications (webhooks). */
export interface WebhookReceiver {
  /** The event these exact bytes carry when their signature verifies; null when it does not. */
  verify(rawBody: Buffer, headers: IncomingHttpHeaders): ProviderEvent | null;
}

/** A plan change the product decided (docs/decisions/022), for the provider to carry out. */
export interface PlanChangeRequest {
  subscriptionId: string;
  kind: 'upgrade' | 'downgrade' | 'trial';
  from: PlanRow;
  to: PlanRow;
  currentPeriodEnd: Date;
  now: Date;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  /** Opens a hosted checkout; the caller records it. */
  createCheckout(request: CheckoutRequest): Promise<CreatedCheckout>;
  /**
   * Makes an open hosted checkout unpayable (a newer one replaces it, the account is deleted).
   * Nothing to do for a checkout that is no longer open.
   */
  expireCheckout(checkoutId: string): Promise<void>;
  /** What a checkout made once it is paid; null while it is not. */
  retrieveCompletedCheckout(checkout: CheckoutRow): Promise<CompletedCheckout | null>;
  /**
   * Flags (or unflags) cancel-at-period-end at the provider. Answers the provider's view of
   * the subscription when it has one, so the caller can store it.
   */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<Partial<SubscriptionFacts> | null>;
  /**
   * Ends the subscription now, without a refund or a final invoice (account deletion). The
   * caller marks it cancelled in the database; a provider with webhooks reports it again later.
   */
  cancelImmediately(subscriptionId: string): Promise<void>;
  /**
   * Opens the provider's page for updating the payment method, which comes back to
   * `returnUrl`, in `language` (the app's, where the provider can); null when the account has
   * nothing there to manage (no customer).
   */
  createPortalSession(user: UserRow, returnUrl: string, language: AppLocale): Promise<{ url: string } | null>;
  /**
   * Brings what is stored of an account's subscriptions up to the present, before it is read.
   * A provider that reports renewals and endings itself (by webhook) has nothing to do here.
   */
  syncAccount(userId: string): Promise<void>;
  /**
   * Carries out a plan change at the provider. Answers the id under which the caller records an
   * upgrade's proration payment itself (the sandbox), or null when the provider charges it and
   * reports the invoice by webhook (Stripe).
   */
  changePlan(request: PlanChangeRequest): Promise<{ chargeId: string | null }>;
  /** Undoes a scheduled downgrade at the provider (the sandbox has nothing to do). */
  undoPlanChange(subscriptionId: string): Promise<void>;
  /**
   * Stops collecting from `pausedFrom` (the paid period's end) until `resumesAt` (decision 065);
   * the sandbox's periods do it themselves when the clock gets there.
   */
  pause(request: { subscriptionId: string; pausedFrom: Date; resumesAt: Date }): Promise<void>;
  /**
   * Ends a pause: dropped before it began, or (`chargeNow`) billing restarts now with a charge for
   * a new period. Answers the id under which the caller records that charge itself (the
   * sandbox), or null when the provider charges and reports it (Stripe); and the new period.
   */
  resume(request: { subscriptionId: string; plan: PlanRow; chargeNow: boolean; now: Date }): Promise<{ chargeId: string | null; period: { start: Date; end: Date } | null }>;
  /**
   * The cancel flow's "too expensive" offer (decision 068): `percentOff` off the next renewal
   * charge, once. The sandbox's periods read it from the subscription; Stripe gets a coupon.
   */
  discountNextCharge(request: { subscriptionId: string; percentOff: number }): Promise<void>;
  /**
   * A promotion code added from Billing (decision 069), from the next charge: Stripe adds it to the
   * subscription's discounts, keeping a retention coupon; the sandbox's charges read it from the database.
   */
  applyPromotionCode(request: { subscriptionId: string; code: PromotionCodeRow }): Promise<void>;
  /**
   * Makes a new code at the provider (`npm run billing:codes`): Stripe's coupon and promotion code,
   * whose ids are stored with it; null when the provider needs none (the sandbox).
   */
  createPromotionCode(code: PromotionCodeRow): Promise<{ couponId: string; promotionCodeId: string } | null>;
  /** Null when the provider sends no webhooks (the sandbox). */
  readonly webhooks: WebhookReceiver | null;
}

/** The provider could not be reached or refused: answered as 502 with a safe message. */
export class ProviderError extends Error {
  override name = 'ProviderError';
}
