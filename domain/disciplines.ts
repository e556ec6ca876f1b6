// How each seeded discipline looks: its colour, shared by the poster placeholder the app draws
// and the sample media's title cards the server draws, so both read as the same class.

export type DisciplineLook = {
  /** A background for white text, at least 4.5:1 against it (WCAG AA for any size) (#rrggbb). */
  colour: string;
};

const looks: Record<string, DisciplineLook> = {
  yoga: { colour: '#1f7a6d' },
  hiit: { colour: '#c2410c' },
  strength: { colour: '#4f46a5' },
  pilates: { colour: '#a3367a' },
  cycling: { colour: '#1d6fb8' },
  mobility: { colour: '#4d6b1a' },
};

/** A discipline added later (an import) gets a neutral look until it is given one here. */
const neutral: DisciplineLook = { colour: '#3b4252' };

export function disciplineLook(disciplineId: string): DisciplineLook {
  return looks[disciplineId] ?? neutral;
}
