// The pause rules (decision 065), in one place and pure: who may pause, for how long, from when,
// how often, and what "Resume now" does. The service and both providers act on these answers.
import { pauseMonthChoices, type PauseMonths } from '@domain/subscriptions';

/** At most this many pauses may begin within a year of each other. */
export const pausesPerYear = 2;
/** The "billing resumes in a week" email goes this long before the resume date. */
export const resumeReminderMs = 7 * 86_400_000;

/** What the rules read of the subscription. */
export interface PausableSubscription {
  status: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date;
  pausedFrom: Date | null;
  resumesAt: Date | null;
}

/** An earlier pause of the account; `endedAt` is when "Resume now" ended it, if it did. */
export interface PastPause {
  pausedFrom: Date;
  resumesAt: Date;
  endedAt: Date | null;
}

export type PauseRefusal = 'months' | 'pastDue' | 'trialing' | 'notCurrent' | 'cancelling' | 'alreadyPaused' | 'tooOften';

export type PauseDecision = { refusal: PauseRefusal } | { pausedFrom: Date; resumesAt: Date };

const paymentProblems = new Set(['past_due', 'unpaid', 'incomplete']);

/** `months` calendar months after `from` (UTC), as the billing cycle counts them. */
export function addMonths(from: Date, months: number): Date {
  const next = new Date(from.getTime());
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

function isPauseMonths(months: number): months is PauseMonths {
  return (pauseMonthChoices as readonly number[]).includes(months);
}

/** A pause counts once it began: one dropped by "Resume now" before its start never did. */
function began(pause: PastPause): boolean {
  return pause.endedAt === null || pause.endedAt.getTime() > pause.pausedFrom.getTime();
}

/**
 * Whether the subscription may pause for `months`, and if so the window: from the end of the
 * paid period, for that many calendar months.
 */
export function pauseDecision(subscription: PausableSubscription, months: number, past: readonly PastPause[]): PauseDecision {
  if (!isPauseMonths(months)) return { refusal: 'months' };
  if (paymentProblems.has(subscription.status)) return { refusal: 'pastDue' };
  if (subscription.status === 'trialing') return { refusal: 'trialing' };
  if (subscription.status !== 'active') return { refusal: 'notCurrent' };
  if (subscription.cancelAtPeriodEnd) return { refusal: 'cancelling' };
  if (subscription.pausedFrom !== null) return { refusal: 'alreadyPaused' };
  const pausedFrom = subscription.currentPeriodEnd;
  const yearBefore = addMonths(pausedFrom, -12).getTime();
  const recent = past.filter((pause) => began(pause) && pause.pausedFrom.getTime() > yearBefore);
  if (recent.length >= pausesPerYear) return { refusal: 'tooOften' };
  return { pausedFrom, resumesAt: addMonths(pausedFrom, months) };
}

/**
 * "Resume now": a pause not yet begun is dropped (billing goes on as before); one under way
 * ends now, with a charge for a new period from now.
 */
export function resumeDecision(subscription: Pick<PausableSubscription, 'pausedFrom' | 'resumesAt'>, now: Date): { refusal: 'notPaused' } | { kind: 'drop' | 'chargeNow' } {
  if (subscription.pausedFrom === null || subscription.resumesAt === null || subscription.resumesAt.getTime() <= now.getTime()) return { refusal: 'notPaused' };
  return { kind: now.getTime() < subscription.pausedFrom.getTime() ? 'drop' : 'chargeNow' };
}

/** Whether the week-before reminder is due at `now` for a pause ending at `resumesAt`. */
export function resumeReminderDue(resumesAt: Date, now: Date): boolean {
  return now.getTime() >= resumesAt.getTime() - resumeReminderMs && now.getTime() < resumesAt.getTime();
}
