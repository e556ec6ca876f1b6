// Programmes as the app shows them (the contract's types) and the few rules the screens share:
// the weekdays a subscriber picks, and the next class of a programme. Decision 033.
import type { Schemas } from './contract';

export type ProgrammeCard = Schemas['ProgrammeCard'];
export type ProgrammeDetail = Schemas['ProgrammeDetail'];
export type ProgrammeClass = Schemas['ProgrammeClass'];
export type ProgrammeFacets = Schemas['ProgrammeListSuccess']['facets'];
export type ProgrammeUpNext = NonNullable<Schemas['ProgrammeUpNextSuccess']['upNext']>;
export type ClassLevel = Schemas['ClassLevel'];

export interface ProgrammeFilters {
  discipline: string | null;
  level: ClassLevel | null;
}

export const noProgrammeFilters: ProgrammeFilters = { discipline: null, level: null };

/** ISO weekdays, Monday first (as the product's weeks are, in English and Spanish). */
export const weekdays = [1, 2, 3, 4, 5, 6, 7] as const;

/** The chosen weekdays with `day` switched; the last one chosen stays (a programme needs a day). */
export function toggleWeekday(chosen: readonly number[], day: number): number[] {
  if (chosen.includes(day)) return chosen.length > 1 ? chosen.filter((d) => d !== day) : [...chosen];
  return [...chosen, day].sort((a, b) => a - b);
}

/** The first class not done yet, in the programme's order. */
export function nextClass(programme: ProgrammeDetail): ProgrammeClass | null {
  for (const week of programme.weekList) for (const item of week.classes) if (!item.done) return item;
  return null;
}
