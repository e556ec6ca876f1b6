// The API calls the machines' actors need, each answering an Outcome in domain types. The
// contract types (schema.d.ts) and the domain types must agree structurally, so a contract
// change that breaks a screen fails the type check here.
import type { Plan, PriceRange } from '../domain/plans';
import type { Outcome } from '../domain/request-outcome';
import type { SessionUser } from '../domain/session-user';
import type { Billing, Subscription } from '../domain/subscriptions';
import { outcomeOf, type ApiClient } from './client';

export interface SignInRequest {
  email: string;
  password: string;
  deviceId: string;
}
export interface SignUpRequest extends SignInRequest {
  cpassword: string;
  country: string;
}

/** Every call takes an optional AbortSignal: aborting answers `{ kind: 'cancelled' }`. */
export interface Api {
  signIn(body: SignInRequest, signal?: AbortSignal): Promise<Outcome<SessionUser>>;
  signUp(body: SignUpRequest, signal?: AbortSignal): Promise<Outcome<SessionUser>>;
  refresh(signal?: AbortSignal): Promise<Outcome<{ token: string }>>;
  logout(signal?: AbortSignal): Promise<Outcome<unknown>>;
  exchangeLinkToken(body: { token: string; deviceId: string | null }, signal?: AbortSignal): Promise<Outcome<SessionUser>>;
  saveDetails(body: { name: string; image: string | null }, signal?: AbortSignal): Promise<Outcome<{ name?: string; image?: string | null }>>;
  uploadImage(body: { file: Blob; fileName: string }, signal?: AbortSignal): Promise<Outcome<{ image: string }>>;
  listPlans(signal?: AbortSignal): Promise<Outcome<Plan[]>>;
  subscribe(body: { plan: string }, signal?: AbortSignal): Promise<Outcome<{ url?: string; message?: string }>>;
  confirmCheckout(body: { customer: string; deviceId: string | null }, signal?: AbortSignal): Promise<Outcome<{ subscription: Subscription }>>;
  listBilling(signal?: AbortSignal): Promise<Outcome<Billing>>;
  cancelSubscription(body: { subscriptionId: string }, signal?: AbortSignal): Promise<Outcome<{ subscription: Subscription }>>;
  reactivateSubscription(body: { subscriptionId: string }, signal?: AbortSignal): Promise<Outcome<{ subscription: Subscription }>>;
  /** The provider's page for a new payment method (it returns to /billing). */
  openPaymentPortal(signal?: AbortSignal): Promise<Outcome<{ url: string }>>;
  home(signal?: AbortSignal): Promise<Outcome<{ hasSubscription: boolean; name: string | null }>>;
  /** Public: the cheapest and dearest monthly price on sale, for the landing copy. */
  priceRange(signal?: AbortSignal): Promise<Outcome<PriceRange>>;
}

const map = async <A, B>(outcome: Promise<Outcome<A>>, f: (data: A) => B): Promise<Outcome<B>> => {
  const result = await outcome;
  return result.kind === 'ok' ? { kind: 'ok', data: f(result.data) } : result;
};

const userOf = (data: { email: string; token: string }): SessionUser => ({ email: data.email, token: data.token });

export function createApi(client: ApiClient): Api {
  return {
    signIn: ({ email, password, deviceId }, signal) =>
      map(outcomeOf(client.POST('/api/v1/auth/sign-in', { body: { email, password, device_id: deviceId, country: 'US' }, signal }), signal), userOf),
    signUp: ({ email, password, cpassword, country, deviceId }, signal) =>
      map(
        outcomeOf(client.POST('/api/v1/auth/sign-up', { body: { email, password, cpassword, country, device_id: deviceId }, signal }), signal),
        userOf,
      ),
    refresh: (signal) => map(outcomeOf(client.GET('/api/v1/refresh', { signal }), signal), (data) => ({ token: data.token })),
    logout: (signal) => outcomeOf(client.POST('/api/v1/auth/logout', { signal }), signal),
    exchangeLinkToken: ({ token, deviceId }, signal) =>
      map(
        outcomeOf(client.POST('/api/v1/payments/index', { body: deviceId ? { token, device_id: deviceId } : { token }, signal }), signal),
        userOf,
      ),
    saveDetails: (body, signal) => outcomeOf(client.POST('/api/v1/users/details', { body, signal }), signal),
    uploadImage: ({ file, fileName }, signal) =>
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
    listPlans: (signal) => map(outcomeOf(client.POST('/api/v1/payments/plans', { signal }), signal), (data): Plan[] => data.plans),
    subscribe: (body, signal) => outcomeOf(client.POST('/api/v1/payments/subscribe', { body, signal }), signal),
    confirmCheckout: ({ customer, deviceId }, signal) =>
      map(
        outcomeOf(client.POST('/api/v1/payments/subscription-current', { body: deviceId ? { customer, deviceId } : { customer }, signal }), signal),
        (data): { subscription: Subscription } => ({ subscription: data.subscription }),
      ),
    listBilling: (signal) =>
      map(outcomeOf(client.POST('/api/v1/payments/subscriptions', { signal }), signal), (data): Billing => ({
        subscriptions: data.plans,
        payments: data.payments,
      })),
    cancelSubscription: ({ subscriptionId }, signal) =>
      map(
        outcomeOf(client.POST('/api/v1/payments/subscription-cancel', { body: { subscription_id: subscriptionId }, signal }), signal),
        (data): { subscription: Subscription } => ({ subscription: data.subscription }),
      ),
    reactivateSubscription: ({ subscriptionId }, signal) =>
      map(
        outcomeOf(client.POST('/api/v1/payments/subscription-reactivate', { body: { subscription_id: subscriptionId }, signal }), signal),
        (data): { subscription: Subscription } => ({ subscription: data.subscription }),
      ),
    openPaymentPortal: (signal) =>
      map(outcomeOf(client.POST('/api/v1/payments/portal', { signal }), signal), (data) => ({ url: data.url })),
    home: (signal) =>
      map(outcomeOf(client.POST('/api/v1/payments/home', { signal }), signal), (data) => ({
        hasSubscription: data.hasSubscription,
        name: data.name,
      })),
    priceRange: (signal) =>
      map(outcomeOf(client.GET('/api/v1/payments/price-range', { signal }), signal), (data): PriceRange => ({
        min: data.min,
        max: data.max,
        currency: data.currency,
      })),
  };
}
