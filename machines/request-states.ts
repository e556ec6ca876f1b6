// What every screen machine does around a request, written once: the guards over its outcome,
// the three ways it ends (data, silence, a failure shown), the stand-in for a request the app
// has not provided, the notice a failure leaves (the view scrolls up to it) and the state that
// shows a notice until its timer or a dismissal.
import { fromPromise, type NonReducibleUnknown } from 'xstate';
import type { Notice } from '@domain/failure-notice';
import { isSessionLost, unreachable, type Outcome } from '@domain/request-outcome';

/**
 * The outcome of the request that just ended, as guard and action params: the actor's output,
 * or no response when the actor itself failed (`onError`).
 */
export function outcomeOf<T extends Outcome<unknown> = Outcome<never>>({ event }: { event: { output: T } | { error: unknown } }): T | Outcome<never> {
  return 'output' in event ? event.output : unreachable;
}

/** A request actor that answers "no response" until the app provides the real call. */
export function fromOutcome<TData, TInput = NonReducibleUnknown>() {
  return fromPromise<Outcome<TData>, TInput>(async () => ({ kind: 'unreachable' }));
}

/** Spread into a machine's `guards`; each takes the outcome as params (`params: outcomeOf`). */
export const outcomeGuards = {
  succeeded: (_: unknown, outcome: Outcome<unknown>) => outcome.kind === 'ok',
  /**
   * Nothing to tell the user: the request was cancelled (the screen went away), or it got a
   * 401, which means the session already gave up and is taking the user to /login.
   */
  isQuiet: (_: unknown, outcome: Outcome<unknown>) => outcome.kind === 'cancelled' || isSessionLost(outcome),
  /** Forms, where a 401 is an answer (wrong credentials): only a cancelled request is silent. */
  wasCancelled: (_: unknown, outcome: Outcome<unknown>) => outcome.kind === 'cancelled',
};

/** The machine's own `showFailure` action (its notice for a failed outcome), given the outcome. */
export const showFailure = { type: 'showFailure', params: outcomeOf } as const;

/**
 * An invoke's `onDone` and `onError`: data goes to `ok` (its guard is `succeeded`), a silent
 * outcome to `quiet` (guarded by `quietWhen`), anything else, no response included, to `failed`.
 */
export function afterRequest<const TOk extends object, const TQuiet extends object, const TFailed extends object, const TQuietWhen extends 'isQuiet' | 'wasCancelled' = 'isQuiet'>({
  ok,
  quiet,
  failed,
  quietWhen,
}: {
  ok: TOk;
  quiet: TQuiet;
  failed: TFailed;
  quietWhen?: TQuietWhen;
}) {
  return {
    onDone: [
      { guard: { type: 'succeeded', params: outcomeOf }, ...ok },
      { guard: { type: quietWhen ?? ('isQuiet' as TQuietWhen), params: outcomeOf }, ...quiet },
      failed,
    ],
    onError: failed,
  } as const;
}

export interface NoticeContext {
  notice: Notice | null;
  /** Bumped with every new notice: the view scrolls to the top, where the banner is. */
  scrollToTop: number;
}

/** The context update that shows `notice`. */
export const noticeShown = (context: NoticeContext, notice: Notice): NoticeContext => ({ notice, scrollToTop: context.scrollToTop + 1 });

/**
 * A state that shows the notice until the `delay` timer or `notice.dismiss`, then goes to
 * `then`; leaving it clears the notice (the machine's `clearNotice`). `on` adds what the user
 * may still do meanwhile.
 */
export function showingNotice<const TDelay extends string, const TThen extends string, const TOn extends object = object>(delay: TDelay, then: TThen, on?: TOn) {
  return {
    after: { [delay]: { target: then } } as { [K in TDelay]: { target: TThen } },
    on: { 'notice.dismiss': { target: then }, ...(on as TOn) },
    exit: 'clearNotice',
  } as const;
}
