// The shared mechanics of the contract calls the machines' actors make, each answering an
// Outcome with the part of the contract's response the machine needs. Each flow declares its
// own calls in src/flows/<flow>/calls.ts (the app's shared ones are in src/app/shared-calls.ts)
// and adds them to `Api`; src/app/api.ts puts them together. Bodies and responses are typed by
// the contract (schema.d.ts through openapi-fetch), so a contract change that breaks a screen
// fails in its flow's calls.
import type { Outcome } from '@domain/request-outcome';
import type { SignedInUser } from '@domain/session-user';
import type { Subscription } from '@domain/subscriptions';
import type { ApiClient } from './client';

/**
 * Every call of the app by name, as the machines' actors reach them (`app.api.signIn`). Empty
 * here: each calls module adds its own with `declare module '@api/calls' { interface Api
 * extends CallsOf<typeof calls> {} }`, so no central list names them, and two modules that
 * declare one name with different types fail the type check.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface Api {}

/** A module's calls, built on the typed client. Every call takes an optional AbortSignal: aborting answers `{ kind: 'cancelled' }`. */
export type CallsFactory = (client: ApiClient) => object;
export type CallsOf<TFactory extends CallsFactory> = ReturnType<TFactory>;

export const map = async <A, B>(outcome: Promise<Outcome<A>>, f: (data: A) => B): Promise<Outcome<B>> => {
  const result = await outcome;
  return result.kind === 'ok' ? { kind: 'ok', data: f(result.data) } : result;
};

/** The JSON body of a refusal as the contract types it (openapi-fetch's `error`), or null. */
export async function refusalBody<T>(call: Promise<{ error?: unknown }>): Promise<T | null> {
  try {
    const { error } = await call;
    return typeof error === 'object' && error !== null ? (error as T) : null;
  } catch {
    return null;
  }
}

export const userOf = (data: SignedInUser): SignedInUser => ({ email: data.email, token: data.token, profile: data.profile ?? null, language: data.language });
export const subscriptionOf = (data: { subscription: Subscription }): { subscription: Subscription } => ({ subscription: data.subscription });
