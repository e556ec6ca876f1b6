// The API calls the machines' actors make, each answering an Outcome with the part of the
// contract's response the machine needs. Bodies and responses are typed by the contract
// (schema.d.ts through openapi-fetch), so a contract change that breaks a screen fails here.
import type { Schemas } from '../domain/contract';
import type { Plan, PriceRange } from '../domain/plans';
import type { Outcome } from '../domain/request-outcome';
import type { SessionUser } from '../domain/session-user';
import { currentSubscription, type Billing, type Subscription } from '../domain/subscriptions';
import { outcomeOf, type ApiClient } from './client';

/** What an account form sends, plus the stored device id (spelled `device_id` on the wire). */
type Credentials<T extends Schemas['SignInRequest'] | Schemas['SignUpRequest']> = Omit<T, 'device_id' | 'country'> & { deviceId: string };

const map = async <A, B>(outcome: Promise<Outcome<A>>, f: (data: A) => B): Promise<Outcome<B>> => {
  const result = await outcome;
  return result.kind === 'ok' ? { kind: 'ok', data: f(result.data) } : result;
};

const userOf = (data: SessionUser): SessionUser => ({ email: data.email, token: data.token });
const subscriptionOf = (data: { subscription: Subscription }): { subscription: Subscription } => ({ subscription: data.subscription });

/** Every call takes an optional AbortSignal: aborting answers `{ kind: 'cancelled' }`. */
export function createApi(client: ApiClient) {
  return {
    signIn: ({ email, password, deviceId }: Credentials<Schemas['SignInRequest']>, signal?: AbortSignal) =>
      map(outcomeOf(client.POST('/api/v1/auth/sign-in', { body: { email, password, device_id: deviceId, country: 'US' }, signal }), signal), userOf),
    signUp: ({ email, password, cpassword, country, deviceId }: Credentials<Schemas['SignUpRequest']> & Pick<Schemas['SignUpRequest'], 'country'>, signal?: AbortSignal) =>
      map(
        outcomeOf(client.POST('/api/v1/auth/sign-up', { body: { email, password, cpassword, country, device_id: deviceId }, signal }), signal),
        userOf,
      ),
    refresh: (signal?: AbortSignal) => map(outcomeOf(client.GET('/api/v1/refresh', { signal }), signal), (data) => ({ token: data.token })),
    logout: (signal?: AbortSignal) => outcomeOf(client.POST('/api/v1/auth/logout', { signal }), signal),
    exchangeLinkToken: ({ token, deviceId }: { token: string; deviceId: string | null }, signal?: AbortSignal) =>
      map(
        outcomeOf(client.POST('/api/v1/payments/index', { body: deviceId ? { token, device_id: deviceId } : { token }, signal }), signal),
        userOf,
      ),
    saveDetails: (body: Schemas['DetailsRequest'], signal?: AbortSignal) =>
      map(outcomeOf(client.POST('/api/v1/users/details', { body, signal }), signal), (data): Pick<Schemas['DetailsSuccess'], 'name' | 'image'> => ({
        name: data.name,
        image: data.image,
      })),
    uploadImage: ({ file, fileName }: { file: Blob; fileName: string }, signal?: AbortSignal) =>
      map(
        outcomeOf(
          client.POST('/api/v1/uploads', {
            // The contract types the part as a string; the real body is the FormData below.
            body: { fileToUpload: '' },
            bodySerializer: () => {
              const form = new FormData();
              form.append('fileToUpload', file, fileName);
              return form;
            },
            signal,
          }),
          signal,
        ),
        (data) => ({ image: data.image }),
      ),
    listPlans: (signal?: AbortSignal) => map(outcomeOf(client.POST('/api/v1/payments/plans', { signal }), signal), (data): Plan[] => data.plans),
    subscribe: (body: Schemas['SubscribeRequest'], signal?: AbortSignal) =>
      map(outcomeOf(client.POST('/api/v1/payments/subscribe', { body, signal }), signal), (data): Pick<Schemas['SubscribeSuccess'], 'url' | 'message'> => ({
        url: data.url,
        message: data.message,
      })),
    confirmCheckout: ({ customer, deviceId }: { customer: string; deviceId: string | null }, signal?: AbortSignal) =>
      map(
        outcomeOf(client.POST('/api/v1/payments/subscription-current', { body: deviceId ? { customer, deviceId } : { customer }, signal }), signal),
        subscriptionOf,
      ),
    listBilling: (signal?: AbortSignal) =>
      map(outcomeOf(client.POST('/api/v1/payments/subscriptions', { signal }), signal), (data): Billing => ({
        subscriptions: data.plans,
        payments: data.payments,
      })),
    cancelSubscription: ({ subscriptionId }: { subscriptionId: string }, signal?: AbortSignal) =>
      map(outcomeOf(client.POST('/api/v1/payments/subscription-cancel', { body: { subscription_id: subscriptionId }, signal }), signal), subscriptionOf),
    reactivateSubscription: ({ subscriptionId }: { subscriptionId: string }, signal?: AbortSignal) =>
      map(outcomeOf(client.POST('/api/v1/payments/subscription-reactivate', { body: { subscription_id: subscriptionId }, signal }), signal), subscriptionOf),
    /** The provider's page for a new payment method (it returns to /billing). */
    openPaymentPortal: (signal?: AbortSignal) => map(outcomeOf(client.POST('/api/v1/payments/portal', { signal }), signal), (data) => ({ url: data.url })),
    // Plan change (docs/decisions/022): the plans with the current subscription, preview, change, undo.
    loadPlanChange: async (signal?: AbortSignal): Promise<Outcome<{ plans: Plan[]; subscription: Subscription | null }>> => {
      const [plans, billing] = await Promise.all([
        outcomeOf(client.POST('/api/v1/payments/plans', { signal }), signal),
        outcomeOf(client.POST('/api/v1/payments/subscriptions', { signal }), signal),
      ]);
      if (plans.kind !== 'ok') return plans;
      if (billing.kind !== 'ok') return billing;
      return { kind: 'ok', data: { plans: plans.data.plans, subscription: currentSubscription(billing.data.plans) } };
    },
    previewPlanChange: ({ plan }: { plan: string }, signal?: AbortSignal) =>
      map(outcomeOf(client.POST('/api/v1/payments/plan-change-preview', { body: { plan }, signal }), signal), (data) => ({ preview: data.preview })),
    changePlan: ({ plan }: { plan: string }, signal?: AbortSignal) =>
      map(outcomeOf(client.POST('/api/v1/payments/plan-change', { body: { plan }, signal }), signal), (data) => ({
        subscription: data.subscription,
        preview: data.preview,
      })),
    undoPlanChange: (signal?: AbortSignal) => map(outcomeOf(client.POST('/api/v1/payments/plan-change-undo', { signal }), signal), subscriptionOf),
    /** Payment History, 10 a page, each payment with its invoice. */
    paymentHistory: ({ page }: { page: number }, signal?: AbortSignal) =>
      map(outcomeOf(client.POST('/api/v1/payments/history', { body: { page }, signal }), signal), (data) => ({
        items: data.items,
        page: data.page,
        pageSize: data.pageSize,
        total: data.total,
      })),
    /** An invoice's PDF as a file (this API's, with the session), or Stripe's own link. */
    downloadInvoice: async ({ pdfUrl }: { pdfUrl: string }, signal?: AbortSignal): Promise<Outcome<{ blob: Blob } | { url: string }>> => {
      if (/^https?:/.test(pdfUrl)) return { kind: 'ok', data: { url: pdfUrl } };
      const result = await outcomeOf(
        client.GET('/api/v1/payments/invoices/{invoiceId}/pdf', {
          params: { path: { invoiceId: decodeURIComponent(pdfUrl.split('/').at(-2) ?? '') } },
          parseAs: 'blob',
          signal,
        }),
        signal,
      );
      return result.kind === 'ok' ? { kind: 'ok', data: { blob: result.data as unknown as Blob } } : result;
    },
    home: (signal?: AbortSignal) =>
      map(outcomeOf(client.POST('/api/v1/payments/home', { signal }), signal), (data) => ({ hasSubscription: data.hasSubscription, name: data.name })),
    /** Public: the cheapest and dearest monthly price on sale, for the landing copy. */
    priceRange: (signal?: AbortSignal) =>
      map(outcomeOf(client.GET('/api/v1/payments/price-range', { signal }), signal), (data): PriceRange => ({ min: data.min, max: data.max, currency: data.currency })),
  };
}

export type Api = ReturnType<typeof createApi>;
