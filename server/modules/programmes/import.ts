// `npm run programmes:import -- <programmes.json>`: adds or replaces programmes from a JSON file
// (one programme, or an array of them), checked whole before anything is written: the shape,
// 2 to 6 weeks of 2 to 4 classes each, no class twice, and a discipline and classes that exist.
// README, "Programmes".
import { readFile } from 'node:fs/promises';
import { eq, inArray } from 'drizzle-orm';
import * as yup from 'yup';
import type { Database } from '@server/db/client';
import { classes, disciplines, programmeClasses, programmes } from '@server/db/schema';

const ID_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** Paths of the programmes API that an id would shadow. */
const RESERVED_IDS = ['up-next', 'finished'];

const localized = yup.object({ en: yup.string().trim().required(), es: yup.string().trim().required() }).noUnknown().strict();

export const programmeSchema = yup
  .object({
    id: yup.string().max(50).matches(ID_PATTERN, 'id: lowercase letters, digits and dashes').notOneOf(RESERVED_IDS, 'id: "${value}" is reserved').required(),
    discipline_id: yup.string().required(),
    level: yup.string().oneOf(['beginner', 'intermediate', 'advanced'], 'level: beginner, intermediate or advanced').required(),
    position: yup.number().integer().min(0),
    title: localized.required(),
    description: localized.required(),
    weeks: yup
      .array(yup.array(yup.string().required()).min(2, 'weeks: 2 to 4 classes a week').max(4, 'weeks: 2 to 4 classes a week').required())
      .min(2, 'weeks: 2 to 6 weeks')
      .max(6, 'weeks: 2 to 6 weeks')
      .required()
      .test('unique-classes', 'weeks: a class appears at most once in a programme', (weeks) => new Set(weeks.flat()).size === weeks.flat().length),
  })
  .noUnknown()
  .strict();

export type ProgrammeData = yup.InferType<typeof programmeSchema>;

/** The file's programmes, or an error that says what is wrong where. */
export async function readProgrammes(file: string): Promise<ProgrammeData[]> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: not a JSON file (${error instanceof Error ? error.message : String(error)})`);
  }
  const items = Array.isArray(json) ? json : [json];
  if (items.length === 0) throw new Error(`${file}: no programme in it`);
  const problems: string[] = [];
  const valid: ProgrammeData[] = [];
  for (const [index, item] of items.entries()) {
    try {
      valid.push(await programmeSchema.validate(item, { abortEarly: false }));
    } catch (error) {
      if (!(error instanceof yup.ValidationError)) throw error;
      problems.push(...error.errors.map((message) => `programme ${index + 1}: ${message}`));
    }
  }
  const ids = valid.map((p) => p.id);
  if (new Set(ids).size !== ids.length) problems.push('two programmes have the same id');
  if (problems.length > 0) throw new Error(`${file}: ${problems.join('; ')}`);
  return valid;
}

/** Writes the programmes (replacing those with the same id) in one transaction, after checking their discipline and classes exist. */
export async function importProgrammes(db: Database, file: string): Promise<string[]> {
  const data = await readProgrammes(file);
  const classIds = [...new Set(data.flatMap((p) => p.weeks.flat()))];
  const [knownDisciplines, knownClasses] = await Promise.all([
    db.select({ id: disciplines.id }).from(disciplines),
    db.select({ id: classes.id }).from(classes).where(inArray(classes.id, classIds)),
  ]);
  const disciplineIds = new Set(knownDisciplines.map((d) => d.id));
  const known = new Set(knownClasses.map((c) => c.id));
  const problems = data.flatMap((p) => [
    ...(disciplineIds.has(p.discipline_id) ? [] : [`${p.id}: there is no discipline "${p.discipline_id}"`]),
    ...p.weeks.flat().filter((id) => !known.has(id)).map((id) => `${p.id}: there is no class "${id}"`),
  ]);
  if (problems.length > 0) throw new Error(`${file}: ${problems.join('; ')}`);
  await db.transaction(async (tx) => {
    for (const [index, p] of data.entries()) {
      const row = { disciplineId: p.discipline_id, level: p.level, position: p.position ?? 100 + index, title: p.title, description: p.description };
      await tx.insert(programmes).values({ id: p.id, ...row }).onConflictDoUpdate({ target: programmes.id, set: row });
      await tx.delete(programmeClasses).where(eq(programmeClasses.programmeId, p.id));
      await tx.insert(programmeClasses).values(p.weeks.flatMap((week, w) => week.map((classId, position) => ({ programmeId: p.id, week: w + 1, position, classId }))));
    }
  });
  return data.map((p) => p.id);
}
