// The contract's programme bodies (openapi.yaml: ProgrammeCard, ProgrammeDetail, …).
import type { components } from '@domain/api-schema';
import type { Programme, ProgrammeClass } from './catalog';
import type { Following, ProgrammeView, UpNext } from './service';

type Schemas = components['schemas'];

function followingBody(following: Following | null): Schemas['ProgrammeFollowing'] | null {
  return (
    following && {
      status: following.status,
      weekdays: following.weekdays,
      startedAt: following.startedAt.toISOString(),
      pausedOn: following.pausedOn,
      endedAt: following.endedAt?.toISOString() ?? null,
      done: following.done,
      total: following.total,
    }
  );
}

export function programmeCard(programme: Programme, following: Following | null): Schemas['ProgrammeCard'] {
  return {
    id: programme.id,
    title: programme.title,
    description: programme.description,
    discipline: programme.discipline,
    level: programme.level,
    weeks: programme.weeks.length,
    classCount: programme.classes.length,
    totalMinutes: programme.totalMinutes,
    instructors: programme.instructors,
    following: followingBody(following),
  };
}

function classBody(item: ProgrammeClass, session: Following['sessions'][number] | undefined): Schemas['ProgrammeClass'] {
  return {
    id: item.id,
    title: item.title,
    durationSeconds: item.durationSeconds,
    posterUrl: item.posterUrl,
    discipline: item.discipline,
    instructor: item.instructor,
    done: session?.completedAt != null,
    plannedOn: session?.plannedOn ?? null,
  };
}

export function programmeDetail(view: ProgrammeView): Schemas['ProgrammeDetail'] {
  const sessions = new Map(view.following?.sessions.map((s) => [s.classId, s]));
  return {
    ...programmeCard(view.programme, view.following),
    weekList: view.programme.weeks.map(({ week, classes }) => ({ week, classes: classes.map((c) => classBody(c, sessions.get(c.id))) })),
    canStart: view.canStart,
    blockedBy: view.blockedBy,
    proposedWeekdays: view.proposedWeekdays,
  };
}

export function upNextBody(upNext: UpNext | null): Schemas['ProgrammeUpNextSuccess']['upNext'] {
  return (
    upNext && {
      programme: upNext.programme,
      class: { ...classBody(upNext.class, undefined), plannedOn: upNext.plannedOn },
      plannedOn: upNext.plannedOn,
      done: upNext.done,
      total: upNext.total,
    }
  );
}
