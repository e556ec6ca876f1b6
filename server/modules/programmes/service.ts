// App layer: `app.programmes`, the rules of following a programme (decision 033): browse and
// filter them, start one (a subscription that gives access, one current programme at a time)
// on chosen weekdays, pause, resume (the remaining sessions move after the pause), leave, and
// progress from classes completed while it is active. Dates are the account's local days.
import fp from 'fastify-plugin';
import type { AccountAnswers } from '@server/db/account-answers';
import type { Viewer } from '@server/plugins/app/auth';
import type { Database } from '@server/db/client';
import { CachedRead } from '@server/db/cached-read';
import type { LocalizedText } from '@server/db/schema';
import { HttpError } from '@server/errors';
import { hasClassAccess } from '@server/modules/classes';
import { FALLBACK_TIME_ZONE, nextLocalMidnight } from '@server/modules/schedule';
import { loadProgrammes, levels, type Level, type Programme, type ProgrammeClass } from './catalog';
import { localDate, normalizeWeekdays, proposedWeekdays, type LocalDate, type Weekday } from './dates';
import {
  accountTimeZone,
  currentEnrollment,
  enroll,
  finishedEnrollments,
  plannedBetween,
  recordCompletion,
  replanFrom,
  sessionsOf,
  shownEnrollment,
  updateEnrollment,
  type EnrollmentRow,
  type EnrollmentStatus,
  type SessionRow,
} from './following';

const MAX_AGE_MS = 60_000;

export interface Following {
  id: string;
  status: Exclude<EnrollmentStatus, 'left'>;
  weekdays: Weekday[];
  startedAt: Date;
  pausedOn: LocalDate | null;
  endedAt: Date | null;
  done: number;
  total: number;
  sessions: { position: number; classId: string; plannedOn: LocalDate; completedAt: Date | null }[];
}

export interface ProgrammeView {
  programme: Programme;
  following: Following | null;
  /** Whether the account's subscription lets it start (or resume) a programme. */
  canStart: boolean;
  /** The other programme the account follows now, which it must leave before starting this one. */
  blockedBy: Pick<Programme, 'id' | 'title'> | null;
  proposedWeekdays: Weekday[];
}

/** A planned programme session on a local date (the schedule's week view shows them). */
export interface PlannedSession {
  date: LocalDate;
  programmeId: string;
  programmeTitle: LocalizedText;
  classId: string;
  classTitle: LocalizedText;
  durationSeconds: number;
  done: boolean;
}

export interface UpNext {
  programme: Pick<Programme, 'id' | 'title'>;
  class: ProgrammeClass;
  plannedOn: LocalDate;
  done: number;
  total: number;
}

function followingOf(enrollment: EnrollmentRow, sessions: SessionRow[]): Following {
  return {
    id: enrollment.id,
    status: enrollment.status as Following['status'],
    weekdays: enrollment.weekdays as Weekday[],
    startedAt: enrollment.startedAt,
    pausedOn: enrollment.pausedOn,
    endedAt: enrollment.endedAt,
    done: sessions.filter((s) => s.completedAt !== null).length,
    total: sessions.length,
    sessions: sessions.map(({ position, classId, plannedOn, completedAt }) => ({ position, classId, plannedOn, completedAt })),
  };
}

export function programmesService(db: Database, catalog: CachedRead<Programme[]>, answers: AccountAnswers) {
  async function find(programmeId: string): Promise<Programme> {
    const found = (await catalog.get()).find((p) => p.id === programmeId);
    if (!found) throw new HttpError(404, 'programmes.notFound');
    return found;
  }

  async function view(viewer: Viewer, programme: Programme): Promise<ProgrammeView> {
    const [shown, current, canStart, all] = await Promise.all([
      shownEnrollment(db, viewer.profileId, programme.id),
      currentEnrollment(db, viewer.profileId),
      hasClassAccess(db, viewer.accountId),
      catalog.get(),
    ]);
    const other = current && current.programmeId !== programme.id ? all.find((p) => p.id === current.programmeId) : undefined;
    return {
      programme,
      following: shown ? followingOf(shown, await sessionsOf(db, shown.id)) : null,
      canStart,
      blockedBy: other ? { id: other.id, title: other.title } : null,
      proposedWeekdays: proposedWeekdays(programme.classesPerWeek),
    };
  }

  /** The account's current enrollment in this programme, if it is in one of `statuses`; else 409 with `code`. */
  async function ownCurrent(viewer: Viewer, programmeId: string, statuses: EnrollmentStatus[], code: 'programmes.notActive' | 'programmes.notPaused' | 'programmes.notFollowing') {
    const programme = await find(programmeId);
    const enrollment = await currentEnrollment(db, viewer.profileId);
    if (!enrollment || enrollment.programmeId !== programmeId || !statuses.includes(enrollment.status as EnrollmentStatus)) throw new HttpError(409, code);
    return { programme, enrollment };
  }

  async function requireAccess(viewer: Viewer) {
    if (!(await hasClassAccess(db, viewer.accountId))) throw new HttpError(403, 'programmes.noAccess');
  }

  /** The active programme's next class not done yet (the first row of the subscriber's home). */
  async function upNext(profileId: string): Promise<UpNext | null> {
    const enrollment = await currentEnrollment(db, profileId);
    if (!enrollment || enrollment.status !== 'active') return null;
    const [all, sessions] = await Promise.all([catalog.get(), sessionsOf(db, enrollment.id)]);
    const programme = all.find((p) => p.id === enrollment.programmeId);
    const next = sessions.find((s) => s.completedAt === null);
    const nextClass = programme?.classes.find((c) => c.id === next?.classId);
    if (!programme || !next || !nextClass) return null;
    const { done, total } = followingOf(enrollment, sessions);
    return { programme: { id: programme.id, title: programme.title }, class: nextClass, plannedOn: next.plannedOn, done, total };
  }

  return {
    /** The programmes with this account's progress in its current one; 400 for an unknown discipline. */
    async list(viewer: Viewer, filters: { discipline?: string; level?: Level }) {
      const [all, current] = await Promise.all([catalog.get(), currentEnrollment(db, viewer.profileId)]);
      const disciplines = [...new Map(all.map((p) => [p.discipline.id, p.discipline])).values()];
      if (filters.discipline !== undefined && !disciplines.some((d) => d.id === filters.discipline)) {
        throw new HttpError(400, 'programmes.unknownDiscipline', { values: { value: filters.discipline } });
      }
      const shown = all.filter((p) => (filters.discipline === undefined || p.discipline.id === filters.discipline) && (filters.level === undefined || p.level === filters.level));
      const progress = current ? followingOf(current, await sessionsOf(db, current.id)) : null;
      return {
        programmes: shown.map((programme) => ({ programme, following: progress && current!.programmeId === programme.id ? progress : null })),
        facets: { disciplines, levels: levels.filter((level) => all.some((p) => p.level === level)) },
      };
    },
    async detail(viewer: Viewer, programmeId: string): Promise<ProgrammeView> {
      return view(viewer, await find(programmeId));
    },
    /** Starts following on `weekdays` (the proposed ones when absent), from the account's today. */
    async start(viewer: Viewer, programmeId: string, weekdays: readonly number[] | undefined, now = new Date()): Promise<ProgrammeView> {
      const programme = await find(programmeId);
      await requireAccess(viewer);
      const days = weekdays ? normalizeWeekdays(weekdays) : proposedWeekdays(programme.classesPerWeek);
      const timeZone = await accountTimeZone(db, viewer.profileId);
      try {
        await db.transaction(async (tx) => {
          if (await currentEnrollment(tx, viewer.profileId)) throw new HttpError(409, 'programmes.alreadyFollowing');
          await enroll(tx, { profileId: viewer.profileId, programmeId, weekdays: days, classIds: programme.classes.map((c) => c.id), timeZone }, now);
        });
      } catch (error) {
        // Two starts at once: the index lets one through.
        if ((error as { code?: unknown }).code === '23505' || (error as { cause?: { code?: unknown } }).cause?.code === '23505') throw new HttpError(409, 'programmes.alreadyFollowing');
        throw error;
      }
      return view(viewer, programme);
    },
    /** New weekdays: the sessions not done from today on move to them (a paused programme uses them when it resumes). */
    async setWeekdays(viewer: Viewer, programmeId: string, weekdays: readonly number[], now = new Date()): Promise<ProgrammeView> {
      const { programme, enrollment } = await ownCurrent(viewer, programmeId, ['active', 'paused'], 'programmes.notFollowing');
      const days = normalizeWeekdays(weekdays);
      const timeZone = await accountTimeZone(db, viewer.profileId);
      await db.transaction(async (tx) => {
        await updateEnrollment(tx, enrollment.id, { weekdays: days });
        if (enrollment.status === 'active') {
          const today = localDate(now, timeZone);
          await replanFrom(tx, enrollment, days, today, today, timeZone);
        }
      });
      return view(viewer, programme);
    },
    /** Freezes the schedule on the account's today. */
    async pause(viewer: Viewer, programmeId: string, now = new Date()): Promise<ProgrammeView> {
      const { programme, enrollment } = await ownCurrent(viewer, programmeId, ['active'], 'programmes.notActive');
      await updateEnrollment(db, enrollment.id, { status: 'paused', pausedOn: localDate(now, await accountTimeZone(db, viewer.profileId)) });
      return view(viewer, programme);
    },
    /** The sessions that were still to come when it paused move on, on its weekdays, from today. */
    async resume(viewer: Viewer, programmeId: string, now = new Date()): Promise<ProgrammeView> {
      const { programme, enrollment } = await ownCurrent(viewer, programmeId, ['paused'], 'programmes.notPaused');
      await requireAccess(viewer);
      const timeZone = await accountTimeZone(db, viewer.profileId);
      await db.transaction(async (tx) => {
        await replanFrom(tx, enrollment, enrollment.weekdays as Weekday[], enrollment.pausedOn!, localDate(now, timeZone), timeZone);
        await updateEnrollment(tx, enrollment.id, { status: 'active', pausedOn: null });
      });
      return view(viewer, programme);
    },
    async leave(viewer: Viewer, programmeId: string, now = new Date()): Promise<ProgrammeView> {
      const { programme, enrollment } = await ownCurrent(viewer, programmeId, ['active', 'paused'], 'programmes.notFollowing');
      await updateEnrollment(db, enrollment.id, { status: 'left', endedAt: now, pausedOn: null });
      return view(viewer, programme);
    },
    /** The playback's word that the account completed a class (the 90 % rule), wherever it was played. */
    async classCompleted(profileId: string, classId: string, now = new Date()) {
      return db.transaction((tx) => recordCompletion(tx, profileId, classId, now));
    },
    /**
     * `upNext`'s body, kept serialised (decision 045) until the account's programme, sessions or
     * zone or the programmes change, or its day ends in its zone.
     */
    upNextAnswer(viewer: Viewer, serialize: (upNext: UpNext | null) => string): Buffer | Promise<Buffer> {
      return answers.get(viewer.accountId, `programmes.upNext:${viewer.profileId}`, async () => {
        const now = new Date();
        const [next, timeZone] = await Promise.all([upNext(viewer.profileId), accountTimeZone(db, viewer.profileId)]);
        return { body: serialize(next), validUntil: nextLocalMidnight(now, timeZone ?? FALLBACK_TIME_ZONE) };
      });
    },
    upNext,
    /** The programmes the account finished, the latest first (the Activity page's history). */
    async finished(profileId: string) {
      const [all, rows] = await Promise.all([catalog.get(), finishedEnrollments(db, profileId)]);
      return rows.flatMap((row) => {
        const programme = all.find((p) => p.id === row.programmeId);
        return programme ? [{ programme, startedAt: row.startedAt, finishedAt: row.endedAt! }] : [];
      });
    },
    /** Planned programme sessions per local date, `fromDate` to `toDate` inclusive ('yyyy-MM-dd'), for the schedule's week view. */
    async sessionsBetween(accountId: string, fromDate: LocalDate, toDate: LocalDate): Promise<PlannedSession[]> {
      const [all, rows] = await Promise.all([catalog.get(), plannedBetween(db, accountId, fromDate, toDate)]);
      return rows.flatMap(({ programmeId, session }) => {
        const programme = all.find((p) => p.id === programmeId);
        const planned = programme?.classes.find((c) => c.id === session.classId);
        if (!programme || !planned) return [];
        return [{ date: session.plannedOn, programmeId, programmeTitle: programme.title, classId: planned.id, classTitle: planned.title, durationSeconds: planned.durationSeconds, done: session.completedAt !== null }];
      });
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    programmes: ReturnType<typeof programmesService>;
  }
}

export default fp(
  async (app) => {
    const catalog = new CachedRead(() => loadProgrammes(app.db), {
      tables: ['programmes', 'programme_classes', 'classes', 'disciplines', 'instructors'],
      maxAgeMs: MAX_AGE_MS,
    }).listen(app.changeFeed);
    app.decorate('programmes', programmesService(app.db, catalog, app.accountAnswers));
  },
  { name: 'programmes-service', dependencies: ['config-and-database', 'change-feed', 'account-answers'] },
);
