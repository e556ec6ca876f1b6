// App layer: `app.activity`, what a subscriber has done: the completion log's totals, weeks,
// streak and paged history with each class's effort, the weekly goal (docs/decisions/035), and
// the profile's heart-rate settings (decision 072).
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { components } from '@domain/api-schema';
import type { AccountAnswers } from '@server/db/account-answers';
import type { Database } from '@server/db/client';
import type { Viewer } from '@server/plugins/app/auth';
import { HttpError } from '@server/errors';
import { goalInRange, goalLimits, type WeeklyGoal } from '@domain/activity';
import { activitySummary, clearGoal, historyPage, saveGoal, type HistoryPosition } from './activity-repository';
import { nextLocalMidnight } from '@server/modules/schedule';
import { accountTimeZone } from './completions';
import { deleteHeartRateData, readHeartRateSettings, saveHeartRateSettings, type HeartRateSettings } from './heart-rate-settings';

type Schemas = components['schemas'];
type Overview = Omit<Schemas['ActivitySuccess'], 'isSuccess'>;

export const HISTORY_PAGE = 20;

/** History cursors are opaque to clients: base64url of the last entry's time and id. */
export function encodeHistoryCursor(position: HistoryPosition): string {
  return Buffer.from(JSON.stringify([position.completedAt.toISOString(), position.id])).toString('base64url');
}

function decodeHistoryCursor(cursor: string): HistoryPosition {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2) {
      const [at, id] = value as unknown[];
      const completedAt = typeof at === 'string' ? new Date(at) : null;
      if (completedAt && !Number.isNaN(completedAt.getTime()) && typeof id === 'string' && /^[0-9a-f-]{36}$/.test(id)) return { completedAt, id };
    }
  } catch {
    // answered below
  }
  throw new HttpError(400, 'activity.badCursor');
}

export function activityService(db: Database, programmes: Pick<FastifyInstance['programmes'], 'finished'>, answers: AccountAnswers) {
  async function history(profileId: string, timeZone: string, cursor: string | undefined, limit: number): Promise<Schemas['ActivityHistory']> {
    const after = cursor === undefined ? null : decodeHistoryCursor(cursor);
    const page = await historyPage(db, profileId, timeZone, { after, limit });
    return { items: page.items, nextCursor: page.next && encodeHistoryCursor(page.next) };
  }

  async function overview(profileId: string, now: Date): Promise<Overview> {
    const [summary, finished] = await Promise.all([activitySummary(db, profileId, now), programmes.finished(profileId)]);
    return {
      ...summary,
      history: await history(profileId, summary.timeZone, undefined, HISTORY_PAGE),
      programmes: finished.map(({ programme, finishedAt }) => ({ id: programme.id, title: programme.title, finishedAt: finishedAt.toISOString() })),
    };
  }

  return {
    overview,
    /**
     * The overview's body, kept serialised (decision 045) until the account's completions, goal,
     * zone or finished programmes or the catalog change, or its day ends in its zone (today, the
     * week, the streak).
     */
    overviewAnswer(viewer: Viewer, serialize: (overview: Overview) => string): Buffer | Promise<Buffer> {
      return answers.get(viewer.accountId, `activity.overview:${viewer.profileId}`, async () => {
        const now = new Date();
        const shown = await overview(viewer.profileId, now);
        return { body: serialize(shown), validUntil: nextLocalMidnight(now, shown.timeZone) };
      });
    },
    async history(profileId: string, query: { cursor?: string; limit?: number }) {
      const timeZone = await accountTimeZone(db, profileId);
      return history(profileId, timeZone, query.cursor, query.limit ?? HISTORY_PAGE);
    },
    /** Sets the weekly goal (400 outside its kind's limits, nothing changed) and answers the new overview. */
    async setGoal(profileId: string, goal: WeeklyGoal, now: Date) {
      if (!goalInRange(goal)) throw new HttpError(400, `activity.goalOutOfRange.${goal.kind}`, { values: { ...goalLimits[goal.kind] } });
      await saveGoal(db, profileId, goal, now);
      return overview(profileId, now);
    },
    async clearGoal(profileId: string, now: Date) {
      await clearGoal(db, profileId);
      return overview(profileId, now);
    },
    heartRateSettings: (profileId: string): Promise<HeartRateSettings> => readHeartRateSettings(db, profileId),
    /** Keeps the settings (400 for a maximum or birth year out of range, nothing changed). */
    saveHeartRateSettings: (profileId: string, settings: HeartRateSettings, now: Date): Promise<HeartRateSettings> => saveHeartRateSettings(db, profileId, settings, now),
    /** "Delete my heart-rate data": the summaries and the settings go; ratings, completions and minutes stay. */
    deleteHeartRateData: (profileId: string): Promise<HeartRateSettings> => deleteHeartRateData(db, profileId),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    activity: ReturnType<typeof activityService>;
  }
}

export default fp(
  async (app) => {
    app.decorate('activity', activityService(app.db, app.programmes, app.accountAnswers));
  },
  { name: 'activity-service', dependencies: ['config-and-database', 'programmes-service', 'account-answers'] },
);
