// The one way a contract call becomes a machine's actor. The call itself answers an Outcome
// (src/api/client.ts: the 401 refresh and its single retry, abort → 'cancelled', no response →
// 'unreachable'); this adds the actor's side: the actor's abort signal goes to the call, and
// once the actor is stopped its answer never arrives.
import { fromPromise } from 'xstate';
import type { Outcome } from '@domain/request-outcome';

/**
 * The result of a call whose actor is still running. Under React's StrictMode a screen's actor
 * is stopped and restarted, and a late 'cancelled' outcome would reach the restarted actor.
 */
function unlessAborted<T>(signal: AbortSignal, call: Promise<T>): Promise<T> {
  return call.then((result) => (signal.aborted ? new Promise<T>(() => {}) : result));
}

export function fromCall<TData, TInput = void>(call: (input: TInput, signal: AbortSignal) => Promise<Outcome<TData>>) {
  return fromPromise<Outcome<TData>, TInput>(({ input, signal }) => unlessAborted(signal, call(input, signal)));
}
