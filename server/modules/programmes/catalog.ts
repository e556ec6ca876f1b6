// The programmes as data: each with its weeks of classes, and what comes from those classes
// (the instructors, the total minutes). Read whole: there are a handful, each a few classes.
import { classPosterPath } from '@server/modules/media';
import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '@server/db/client';
import { classes, disciplines, instructors, programmeClasses, programmes, type LocalizedText } from '@server/db/schema';

export type Level = 'beginner' | 'intermediate' | 'advanced';
export const levels: readonly Level[] = ['beginner', 'intermediate', 'advanced'];

export interface DisciplineRef {
  id: string;
  name: LocalizedText;
}

export interface ProgrammeClass {
  id: string;
  title: LocalizedText;
  durationSeconds: number;
  posterUrl: string;
  discipline: DisciplineRef;
  instructor: { id: string; name: string };
  week: number;
}

export interface Programme {
  id: string;
  title: LocalizedText;
  description: LocalizedText;
  discipline: DisciplineRef;
  level: Level;
  /** Every class in order (week, then position). */
  classes: ProgrammeClass[];
  weeks: { week: number; classes: ProgrammeClass[] }[];
  instructors: { id: string; name: string }[];
  totalMinutes: number;
  /** The busiest week's number of classes (what the proposed weekdays follow). */
  classesPerWeek: number;
}

export async function loadProgrammes(db: Queryable): Promise<Programme[]> {
  const [heads, rows] = await Promise.all([
    db
      .select({ programme: programmes, discipline: { id: disciplines.id, name: disciplines.name } })
      .from(programmes)
      .innerJoin(disciplines, eq(disciplines.id, programmes.disciplineId))
      .orderBy(asc(programmes.position), asc(programmes.id)),
    db
      .select({
        programmeId: programmeClasses.programmeId,
        week: programmeClasses.week,
        id: classes.id,
        title: classes.title,
        durationSeconds: classes.durationSeconds,
        mediaId: classes.mediaId,
        discipline: { id: disciplines.id, name: disciplines.name },
        instructor: { id: instructors.id, name: instructors.name },
      })
      .from(programmeClasses)
      .innerJoin(classes, eq(classes.id, programmeClasses.classId))
      .innerJoin(disciplines, eq(disciplines.id, classes.disciplineId))
      .innerJoin(instructors, eq(instructors.id, classes.instructorId))
      .orderBy(asc(programmeClasses.programmeId), asc(programmeClasses.week), asc(programmeClasses.position)),
  ]);
  return heads.map(({ programme, discipline }) => {
    const own: ProgrammeClass[] = rows
      .filter((row) => row.programmeId === programme.id)
      .map(({ programmeId: _programme, mediaId, ...row }) => ({ ...row, posterUrl: classPosterPath({ mediaId }) }));
    const weekNumbers = [...new Set(own.map((c) => c.week))];
    const weeks = weekNumbers.map((week) => ({ week, classes: own.filter((c) => c.week === week) }));
    const instructorsById = new Map(own.map((c) => [c.instructor.id, c.instructor]));
    return {
      id: programme.id,
      title: programme.title,
      description: programme.description,
      discipline,
      level: programme.level as Level,
      classes: own,
      weeks,
      instructors: [...instructorsById.values()],
      totalMinutes: Math.round(own.reduce((sum, c) => sum + c.durationSeconds, 0) / 60),
      classesPerWeek: Math.max(0, ...weeks.map((w) => w.classes.length)),
    };
  });
}
