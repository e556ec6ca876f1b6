// `npm run media:import` as an operator runs it: a short real video file and its metadata.json
// become a playable media (the whole ladder, captions, poster) and a class in the database.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '@server/db/client';
import { classes, disciplines, instructors, media } from '@server/db/schema';
import { runFfmpeg } from '@server/modules/media/ffmpeg';
import { freshPostgres } from '../../harness';
import { parseWebVtt } from '../../fixtures/webvtt';

let dir: string;
let handle: DatabaseHandle;
/** A scratch PostgreSQL database when TEST_DATABASE_URL is set; PGlite in DATA_DIR otherwise. */
let postgres: Awaited<ReturnType<typeof freshPostgres>> | undefined;
const env = () => ({ ...process.env, DATA_DIR: path.join(dir, 'data'), DATABASE_URL: postgres?.url ?? '' });
const openScriptDatabase = () => openDatabase({ dataDir: path.join(dir, 'data'), databaseUrl: postgres?.url ?? null });

function importScript(...args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'media:import', '--', ...args], { env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

const metadata = {
  id: 'sunrise-stretch',
  discipline_id: 'import-stretching',
  instructor_id: 'import-lee',
  level: 'beginner',
  title: { en: 'Sunrise stretch', es: 'Estiramiento al amanecer' },
  description: { en: 'Wake up gently.', es: 'Despierta con suavidad.' },
  equipment: { en: ['Mat'], es: ['Esterilla'] },
  captions: { en: 'stretch.en.vtt', es: 'stretch.es.srt' },
  // Listed out of order: the track puts them in order.
  chapters: [
    { start_seconds: 1.5, title: { en: 'Cool-down', es: 'Vuelta a la calma' } },
    { start_seconds: 0, title: { en: 'Warm-up', es: 'Calentamiento' } },
    { start_seconds: 0.5, title: { en: 'Block 1: reach', es: 'Bloque 1: estirar' } },
  ],
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'fs-import-'));
  // A real file as a camera would give it: 4:3 picture with sound, 2 seconds.
  await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10:duration=2', '-f', 'lavfi', '-i', 'sine=frequency=330:duration=2', '-c:v', 'libx264', '-c:a', 'aac', '-shortest', 'input.mp4'], { cwd: dir });
  await writeFile(path.join(dir, 'stretch.en.vtt'), 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nReach up\n');
  await writeFile(path.join(dir, 'stretch.es.srt'), '1\n00:00:00,000 --> 00:00:02,000\nEstira hacia arriba\n');
  await writeFile(path.join(dir, 'class.json'), JSON.stringify(metadata));
  await writeFile(path.join(dir, 'broken.json'), JSON.stringify({ ...metadata, level: 'expert' }));
  if (process.env.TEST_DATABASE_URL) postgres = await freshPostgres(process.env.TEST_DATABASE_URL);
  else await cp(path.join(inject('pgliteTemplateDir'), 'pglite'), path.join(dir, 'data', 'pglite'), { recursive: true });
  handle = await openScriptDatabase();
  await handle.db.insert(disciplines).values({ id: 'import-stretching', position: 50, name: { en: 'Stretching', es: 'Estiramientos' } });
  await handle.db.insert(instructors).values({ id: 'import-lee', name: 'Lee', bio: { en: 'Coach', es: 'Entrenador' } });
  // PGlite has one owner at a time: the script opens it while the test does not.
  await handle.close();
}, 120_000);

afterAll(async () => {
  await handle.close().catch(() => undefined);
  await postgres?.drop();
  await rm(dir, { recursive: true, force: true });
});

describe('npm run media:import', () => {
  it('refuses metadata that breaks the format, naming the field, and adds nothing', async () => {
    const result = await importScript(path.join(dir, 'input.mp4'), path.join(dir, 'broken.json'));
    expect(result.code).toBe(1);
    expect(result.output).toContain('level must be one of the following values');
    expect(existsSync(path.join(dir, 'data', 'media', 'sunrise-stretch'))).toBe(false);
  });

  it('transcodes the video into the ladder and adds the class', async () => {
    const result = await importScript(path.join(dir, 'input.mp4'), path.join(dir, 'class.json'));
    expect(result.output).toContain('class "sunrise-stretch" plays media "sunrise-stretch"');
    expect(result.code).toBe(0);

    const folder = path.join(dir, 'data', 'media', 'sunrise-stretch');
    expect((await readdir(folder)).sort()).toEqual(['1080p', '2160p', '360p', '720p', 'captions', 'chapters', 'media.json', 'poster.jpg']);
    expect((await readdir(path.join(folder, 'chapters'))).sort()).toEqual(['en.vtt', 'es.vtt']);
    const chapters = parseWebVtt(await readFile(path.join(folder, 'chapters', 'es.vtt'), 'utf8'));
    expect(chapters.map((cue) => [cue.start, cue.text])).toEqual([
      [0, 'Calentamiento'],
      [0.5, 'Bloque 1: estirar'],
      [1.5, 'Vuelta a la calma'],
    ]);
    expect((await readdir(path.join(folder, 'captions'))).sort()).toEqual(['en.m3u8', 'en.vtt', 'es.m3u8', 'es.vtt']);

    handle = await openScriptDatabase();
    const [row] = await handle.db.select().from(media).where(eq(media.id, 'sunrise-stretch'));
    expect(row?.captions).toEqual(['en', 'es']);
    expect(row?.chapters).toEqual(['en', 'es']);
    // The 4:3 picture keeps its shape at every height.
    expect(row?.renditions.map((r) => `${r.width}x${r.height}`)).toEqual(['480x360', '960x720', '1440x1080', '2880x2160']);
    expect(row?.durationSeconds).toBeCloseTo(2, 0);
    const [added] = await handle.db.select().from(classes).where(eq(classes.id, 'sunrise-stretch'));
    expect(added).toMatchObject({ mediaId: 'sunrise-stretch', level: 'beginner', durationSeconds: 2, title: metadata.title });
  }, 300_000);
});
