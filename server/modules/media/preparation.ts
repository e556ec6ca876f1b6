// How far this process's preparation of the sample media is, so a class pressed before its media
// exists can say when it will be ready: an estimate from the pace of the encodings done so far.

/** Before the first encoding finishes there is no pace to go by: about this long each (2-core laptop, busy). */
export const GUESSED_SECONDS_PER_ENCODING = 5;

interface Preparation {
  startedAt: number;
  done: number;
  total: number;
}

// One server per process prepares one MEDIA_DIR, so the process holds the one preparation.
let current: Preparation | null = null;

/** Records that `total` encodings start now (none: nothing to prepare). */
export function preparationStarted(total: number, now = Date.now()): void {
  current = total > 0 ? { startedAt: now, done: 0, total } : null;
}

export function preparationStep(done: number): void {
  if (current) current.done = done;
}

/**
 * Seconds until every sample media is ready, at least 1. With no preparation under way (it
 * failed, or another process is making them) the guess is a whole preparation of the samples.
 */
export function secondsUntilReady(wholePreparation: number, now = Date.now()): number {
  if (!current || current.done >= current.total) return Math.max(1, wholePreparation * GUESSED_SECONDS_PER_ENCODING);
  const left = current.total - current.done;
  const pace = current.done > 0 ? (now - current.startedAt) / 1000 / current.done : GUESSED_SECONDS_PER_ENCODING;
  return Math.max(1, Math.ceil(left * pace));
}
