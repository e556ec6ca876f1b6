// Saving where the account is in a class: the one call the player's progress and the offline
// queue (decision 041) both send.
import { outcomeOf, type ApiClient } from '@api/client';
import { map, type CallsOf } from '@api/calls';
import type { Schemas } from '@domain/contract';

export const calls = (client: ApiClient) => ({
  /**
   * Where the account is in a class; `keepalive` lets it outlive the page (pagehide). A report
   * from the offline queue (./progress-queue.ts) carries its id and when it was watched. The
   * report that ends a class may carry its effort (decision 073).
   */
  saveProgress: (
    {
      classId,
      seconds,
      keepalive,
      reportId,
      watchedAt,
      effort,
    }: { classId: string; seconds: number; keepalive?: boolean; reportId?: string; watchedAt?: string; effort?: Schemas['EffortReport'] },
    signal?: AbortSignal,
  ) =>
    map(
      outcomeOf(
        client.PUT('/api/v1/playback/progress/{classId}', {
          params: { path: { classId } },
          body: { position_seconds: seconds, ...(reportId ? { report_id: reportId } : {}), ...(watchedAt ? { watched_at: watchedAt } : {}), ...(effort ? { effort } : {}) },
          signal,
          keepalive,
        }),
        signal,
      ),
      (data) => ({ completed: data.progress.completed }),
    ),
});

declare module '@api/calls' {
  interface Api extends CallsOf<typeof calls> {}
}
