// The API calls the machines' actors make, each answering an Outcome with the part of the
// contract's response the machine needs. Bodies and responses are typed by the contract
// (schema.d.ts through openapi-fetch), so a contract change that breaks a screen fails here.
import { catalogApiQuery, type CatalogFilters, type ClassesHome } from '@domain/catalog';
import type { Schemas } from '@domain/contract';
import type { Plan, PriceRange } from '@domain/plans';
import type { Outcome } from '@domain/request-outcome';
import type { SignedInUser } from '@domain/session-user';
import { sessionOf, type HeartbeatAnswer, type PlaybackStart } from '@domain/playback';
import { currentSubscription, type Billing, type Subscription } from '@domain/subscriptions';
import { outcomeOf, type ApiClient } from './client';

/** What an account form sends, plus the stored device id (spelled `device_id` on the wire). */
type Credentials<T extends Schemas['SignInRequest'] | Schemas['SignUpRequest']> = Omit<T, 'device_id' | 'country'> & { deviceId: string };

const map = async <A, B>(outcome: Promise<Outcome<A>>, f: (data: A) => B): Promise<Outcome<B>> => {
  const result = await outcome;
  return result.kind === 'ok' ? { kind: 'ok', data: f(result.data) } : result;
};

/** The JSON body of a refusal as the contract types it (openapi-fetch's `error`), or null. */
async function refusalBody<T>(call: Promise<{ error?: unknown }>): Promise<T | null> {
  try {
    const { error } = await call;
    return typeof error === 'object' && error !== null ? (error as T) : null;
  } catch {
    return null;
  }
}

const userOf = (data: SignedInUser): SignedInUser => ({ email: data.email, token: data.token, language: data.language });
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
    forgotPassword: ({ email }: Schemas['ForgotPasswordRequest'], signal?: AbortSignal) =>
      map(outcomeOf(client.POST('/api/v1/auth/forgot-password', { body: { email }, signal }), signal), (data) => ({ message: data.message })),
    resetPassword: ({ token, password, cpassword, deviceId }: Omit<Schemas['ResetPasswordRequest'], 'device_id'> & { deviceId: string }, signal?: AbortSignal) =>
      map(
        outcomeOf(client.POST('/api/v1/auth/reset-password', { body: { token, password, cpassword, device_id: deviceId }, signal }), signal),
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
    paymentHistory: (body: { page: number; invoice?: string }, signal?: AbortSignal) =>
      map(outcomeOf(client.POST('/api/v1/payments/history', { body, signal }), signal), (data) => ({
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
    /** One page of the catalog: the first (with the facets) when `cursor` is null. */
    listClasses: ({ filters, cursor }: { filters: CatalogFilters; cursor: string | null }, signal?: AbortSignal) =>
      map(
        outcomeOf(client.GET('/api/v1/classes', { params: { query: { ...catalogApiQuery(filters), ...(cursor && { cursor }) } }, signal }), signal),
        (data): Omit<Schemas['ClassListSuccess'], 'isSuccess'> => ({
          classes: data.classes,
          total: data.total,
          nextCursor: data.nextCursor,
          ...(data.facets && { facets: data.facets }),
        }),
      ),
    getClass: ({ id }: { id: string }, signal?: AbortSignal) =>
      map(outcomeOf(client.GET('/api/v1/classes/{id}', { params: { path: { id } }, signal }), signal), (data): Omit<Schemas['ClassSuccess'], 'isSuccess'> => ({
        class: data.class,
        canPlay: data.canPlay,
      })),
    classesHome: (signal?: AbortSignal) =>
      map(outcomeOf(client.GET('/api/v1/classes/home', { signal }), signal), (data): ClassesHome => ({
        canPlay: data.canPlay,
        continueWatching: data.continueWatching,
        newThisWeek: data.newThisWeek,
        disciplines: data.disciplines,
      })),
    /** Start watching a class here: a session, a refusal (403, by reason) or the screens in use (409). */
    startPlayback: async ({ classId, deviceId }: { classId: string; deviceId: string }, signal?: AbortSignal): Promise<Outcome<PlaybackStart>> => {
      const call = client.POST('/api/v1/playback/sessions', { body: { class_id: classId, device_id: deviceId }, signal });
      const outcome = await outcomeOf(call, signal);
      if (outcome.kind === 'ok') {
        const { session, duration_seconds, resume_position_seconds } = outcome.data;
        return { kind: 'ok', data: { kind: 'started', session: sessionOf(session), durationSeconds: duration_seconds, resumeSeconds: resume_position_seconds } };
      }
      if (outcome.kind === 'failed' && outcome.status === 409) {
        const body = await refusalBody<Schemas['ScreenLimitError']>(call);
        if (body?.watching) return { kind: 'ok', data: { kind: 'screenLimit', screens: body.simultaneous_screens, watching: body.watching } };
      }
      if (outcome.kind === 'failed' && outcome.status === 403) {
        const body = await refusalBody<Schemas['PlaybackRefusedError']>(call);
        if (body?.reason) return { kind: 'ok', data: { kind: 'refused', reason: body.reason } };
      }
      return outcome;
    },
    /** Keep the session live; a 410 says it ended and why, a 403 that access was lost. */
    playbackHeartbeat: async ({ sessionId }: { sessionId: string }, signal?: AbortSignal): Promise<Outcome<HeartbeatAnswer>> => {
      const call = client.POST('/api/v1/playback/sessions/{sessionId}/heartbeat', { params: { path: { sessionId } }, signal });
      const outcome = await outcomeOf(call, signal);
      if (outcome.kind === 'ok') return { kind: 'ok', data: { kind: 'live', session: sessionOf(outcome.data.session) } };
      if (outcome.kind === 'failed' && outcome.status === 410) {
        const body = await refusalBody<Schemas['PlaybackEndedError']>(call);
        if (body?.reason) return { kind: 'ok', data: { kind: 'ended', reason: body.reason } };
      }
      if (outcome.kind === 'failed' && outcome.status === 403) {
        const body = await refusalBody<Schemas['PlaybackRefusedError']>(call);
        if (body?.reason) return { kind: 'ok', data: { kind: 'refused', reason: body.reason } };
      }
      return outcome;
    },
    /** Stop a session of this account (this device's on leaving, or another's to watch here). */
    stopPlayback: ({ sessionId, keepalive }: { sessionId: string; keepalive?: boolean }, signal?: AbortSignal) =>
      map(outcomeOf(client.DELETE('/api/v1/playback/sessions/{sessionId}', { params: { path: { sessionId } }, signal, keepalive }), signal), () => ({})),
    /** Where the account is in a class; `keepalive` lets it outlive the page (pagehide). */
    saveProgress: ({ classId, seconds, keepalive }: { classId: string; seconds: number; keepalive?: boolean }, signal?: AbortSignal) =>
      map(
        outcomeOf(client.PUT('/api/v1/playback/progress/{classId}', { params: { path: { classId } }, body: { position_seconds: seconds }, signal, keepalive }), signal),
        (data) => ({ completed: data.progress.completed }),
      ),
    /** /account: the profile, the account's language and the devices signed in. */
    account: (signal?: AbortSignal) =>
      map(outcomeOf(client.GET('/api/v1/account', { signal }), signal), (data) => ({ account: data.account, devices: data.devices })),
    changeEmail: (body: Schemas['ChangeEmailRequest'], signal?: AbortSignal) =>
      map(outcomeOf(client.POST('/api/v1/account/email', { body, signal }), signal), (data) => ({ email: data.email })),
    changePassword: (body: Schemas['ChangePasswordRequest'], signal?: AbortSignal) =>
      map(outcomeOf(client.POST('/api/v1/account/password', { body, signal }), signal), (data) => ({ message: data.message })),
    setAccountLanguage: (body: Schemas['LanguageRequest'], signal?: AbortSignal) =>
      map(outcomeOf(client.PUT('/api/v1/account/language', { body, signal }), signal), (data) => ({ language: data.language })),
    signOutDevice: ({ sessionId }: { sessionId: string }, signal?: AbortSignal) =>
      map(outcomeOf(client.DELETE('/api/v1/account/sessions/{sessionId}', { params: { path: { sessionId } }, signal }), signal), (data) => ({ message: data.message })),
    signOutOtherDevices: (signal?: AbortSignal) =>
      map(outcomeOf(client.POST('/api/v1/account/sessions/sign-out-others', { signal }), signal), (data) => ({ message: data.message })),
    exportAccount: (signal?: AbortSignal) =>
      map(outcomeOf(client.GET('/api/v1/account/export', { signal }), signal), (data): { exportedAt: string } & Record<string, unknown> => data),
    deleteAccount: (body: Schemas['DeleteAccountRequest'], signal?: AbortSignal) =>
      map(outcomeOf(client.POST('/api/v1/account/delete', { body, signal }), signal), (data) => ({ message: data.message })),
    /** Public: the cheapest and dearest monthly price on sale, for the landing copy. */
    priceRange: (signal?: AbortSignal) =>
      map(outcomeOf(client.GET('/api/v1/payments/price-range', { signal }), signal), (data): PriceRange => ({ min: data.min, max: data.max, currency: data.currency })),
  };
}

export type Api = ReturnType<typeof createApi>;
