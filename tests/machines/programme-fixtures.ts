// Programmes as the API answers them, for the programme machines' tests and models.
import type { ProgrammeCard, ProgrammeDetail, ProgrammeFacets } from '@domain/programmes';

const yoga = { id: 'yoga', name: { en: 'Yoga', es: 'Yoga' } };
const lucia = { id: 'lucia-martin', name: 'Lucía Martín' };

export function programmeCard(id = 'yoga-foundations', following: ProgrammeCard['following'] = null): ProgrammeCard {
  return {
    id,
    title: { en: 'Yoga foundations', es: 'Fundamentos de yoga' },
    description: { en: 'Two calm weeks.', es: 'Dos semanas tranquilas.' },
    discipline: yoga,
    level: 'beginner',
    weeks: 2,
    classCount: 4,
    totalMinutes: 80,
    instructors: [lucia],
    following,
  };
}

export const programmeFacets: ProgrammeFacets = { disciplines: [yoga], levels: ['beginner', 'intermediate'] };

type Status = 'active' | 'paused' | 'finished';

/** A programme of two weeks of two classes; `done` of them done when followed. */
export function programmeDetail(
  options: { status?: Status | null; done?: number; canStart?: boolean; blockedBy?: ProgrammeDetail['blockedBy']; weekdays?: number[] } = {},
): ProgrammeDetail {
  const { status = null, done = 0, canStart = true, blockedBy = null, weekdays = [2, 4] } = options;
  const ids = ['sunrise-vinyasa-flow', 'bedtime-yoga', 'yin-yoga-deep-release', 'morning-mobility'];
  const item = (id: string, index: number) => ({
    id,
    title: { en: id, es: id },
    durationSeconds: 1200,
    posterUrl: `/media/sample-a/poster.jpg`,
    discipline: yoga,
    instructor: lucia,
    done: status !== null && index < done,
    plannedOn: status === null ? null : `2026-12-0${index + 1}`,
  });
  const following =
    status === null
      ? null
      : { status, weekdays, startedAt: '2026-12-01T08:00:00.000Z', pausedOn: status === 'paused' ? '2026-12-02' : null, endedAt: status === 'finished' ? '2026-12-09T08:00:00.000Z' : null, done, total: 4 };
  return {
    ...programmeCard('yoga-foundations', following),
    weekList: [
      { week: 1, classes: ids.slice(0, 2).map((id, i) => item(id, i)) },
      { week: 2, classes: ids.slice(2).map((id, i) => item(id, i + 2)) },
    ],
    canStart,
    blockedBy,
    proposedWeekdays: [2, 4],
  };
}
