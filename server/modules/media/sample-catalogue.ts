// The sample catalogue's media, made once per MEDIA_DIR (docs/decisions/059): each discipline's
// workout body, then each seeded class's own media (its openings and playlists), then their rows.
// The server makes what is missing in the background at start (a class pressed before its media is
// ready answers 503 with when it will be); the browser tests and benchmarks make them beforehand.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPglite, type Queryable } from '@server/db/client';
import { ladder, type MediaManifest } from './ladder';
import { cardFont, openingLanguages } from './opening-cards';
import { preparationStarted, preparationStep, secondsUntilReady } from './preparation';
import { defaultSampleClips, makeBody, bodyMediaId, type SampleClipSettings } from './sample-bodies';
import { makeClassMedia, sampleClassRows, type SampleClassRow } from './sample-classes';
import { readManifest, saveMediaRow } from './store';

export { defaultSampleClips, type SampleClipSettings };

/** Where the browser tests and the benchmarks keep the samples, made once per checkout for all their servers. */
export const sharedSampleMediaDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../node_modules/.cache/fitstream/sample-media-v6');

export interface SampleProgress {
  /** Encodings (renditions of a body, or a class's openings in one rendition) finished so far, of `total`. */
  done: number;
  total: number;
  step: string;
}

/** The seeded catalogue's classes, read from a scratch database migrated for the purpose (for callers without one). */
async function seededClasses(): Promise<SampleClassRow[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'fitstream-catalogue-'));
  try {
    const handle = await openPglite(path.join(dir, 'pglite'));
    try {
      return await sampleClassRows(handle.db);
    } finally {
      await handle.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Makes whichever bodies and class media are missing from `mediaDir` for `rows` (the seeded
 * catalogue's when not given); answers every class's manifest.
 */
export async function makeMissingSamples(
  mediaDir: string,
  settings: SampleClipSettings = defaultSampleClips,
  onProgress?: (progress: SampleProgress) => void,
  rows?: SampleClassRow[],
): Promise<MediaManifest[]> {
  const classes = rows ?? (await seededClasses());
  const disciplines = [...new Set(classes.map((row) => row.disciplineId))].sort();
  const bodies = new Map(await Promise.all(disciplines.map(async (id) => [id, await readManifest(mediaDir, bodyMediaId(id))] as const)));
  const present = await Promise.all(classes.map((row) => readManifest(mediaDir, row.mediaId)));
  const missingBodies = disciplines.filter((id) => !bodies.get(id));
  const missingClasses = classes.filter((_, i) => !present[i]);
  const total = missingBodies.length * ladder.length + missingClasses.length * ladder.length;
  preparationStarted(total);
  let done = 0;
  const step = (name: string) => {
    done += 1;
    preparationStep(done);
    onProgress?.({ done, total, step: name });
  };
  for (const id of missingBodies) bodies.set(id, await makeBody(mediaDir, id, settings, step));
  const font = cardFont();
  const manifests: MediaManifest[] = [];
  for (const [i, row] of classes.entries()) {
    const body = bodies.get(row.disciplineId);
    if (!body) throw new Error(`no body for ${row.disciplineId}`);
    let languagesDone = 0;
    manifests.push(
      present[i] ??
        (await makeClassMedia(mediaDir, row, body, settings, font, (name) => {
          languagesDone += 1;
          // One step a rendition: its openings in every language.
          if (languagesDone % openingLanguages.length === 0) step(name);
        })),
    );
  }
  return manifests;
}

/** The sample classes' media and their rows: a fresh database on an existing MEDIA_DIR costs no encoding. */
export async function ensureSampleMedia(
  db: Queryable,
  mediaDir: string,
  settings: SampleClipSettings = defaultSampleClips,
  onProgress?: (progress: SampleProgress) => void,
): Promise<void> {
  const rows = await sampleClassRows(db);
  for (const manifest of await makeMissingSamples(mediaDir, settings, onProgress, rows)) await saveMediaRow(db, manifest);
}

/** The seeded catalogue's encodings, a rendition each: its 6 disciplines' bodies and its 30 classes' openings. */
const SEEDED_ENCODINGS = ladder.length * (6 + 30);

/** Seconds until the sample media are ready, an estimate for a class pressed before they are. */
export function samplesReadyInSeconds(now = Date.now()): number {
  return secondsUntilReady(SEEDED_ENCODINGS, now);
}
