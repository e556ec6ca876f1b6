// `npm run programmes:import`: a valid file adds (or replaces) programmes the API lists at once;
// a bad one is refused whole with a message that says what is wrong, and changes nothing.
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importProgrammes } from '@server/modules/programmes/import';
import { signUp, testAppForFile } from '../../harness';
import { authorization, roomyRateLimits } from '../../fixtures/payments-flow';

const t = testAppForFile({ rateLimits: roomyRateLimits });

async function file(content: unknown): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'programmes-import-'));
  const name = path.join(dir, 'programmes.json');
  await writeFile(name, typeof content === 'string' ? content : JSON.stringify(content));
  return name;
}

const mobility = {
  id: 'mobility-reset',
  discipline_id: 'mobility',
  level: 'beginner',
  title: { en: 'Mobility reset', es: 'Reinicio de movilidad' },
  description: { en: 'Two weeks of easy mobility.', es: 'Dos semanas de movilidad suave.' },
  weeks: [
    ['morning-mobility', 'desk-break-stretch'],
    ['full-body-stretch', 'hip-opener-flow'],
  ],
};

async function listedIds(): Promise<string[]> {
  const user = await signUp(t.app);
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/programmes', headers: authorization(user) });
  return response.json().programmes.map((p: { id: string }) => p.id);
}

describe('programmes:import', () => {
  it('adds a programme the list shows, with minutes from its classes, and replaces it on a second import', async () => {
    expect(await importProgrammes(t.app.db, await file([mobility]))).toEqual(['mobility-reset']);
    expect(await listedIds()).toContain('mobility-reset');
    await importProgrammes(t.app.db, await file({ ...mobility, weeks: [['morning-mobility', 'desk-break-stretch'], ['full-body-stretch', 'recovery-spin', 'bedtime-yoga']] }));
    const user = await signUp(t.app);
    const detail = (await t.app.inject({ method: 'GET', url: '/api/v1/programmes/mobility-reset', headers: authorization(user) })).json().programme;
    expect(detail).toMatchObject({ classCount: 5, totalMinutes: (600 + 600 + 1800 + 900 + 900) / 60 });
  });

  it.each([
    ['not JSON', '{ nope', /not a JSON file/],
    ['an empty list', [], /no programme/],
    ['a missing title', { ...mobility, title: undefined }, /title/],
    ['one week', { ...mobility, weeks: [['morning-mobility', 'desk-break-stretch']] }, /2 to 6 weeks/],
    ['five classes in a week', { ...mobility, weeks: [['a', 'b', 'c', 'd', 'e'], ['f', 'g']] }, /2 to 4 classes a week/],
    ['a class twice', { ...mobility, weeks: [['morning-mobility', 'desk-break-stretch'], ['morning-mobility', 'hip-opener-flow']] }, /at most once/],
    ['a reserved id', { ...mobility, id: 'up-next' }, /reserved/],
    ['an unknown field', { ...mobility, colour: 'red' }, /colour/],
    ['an unknown class', { ...mobility, id: 'bad-class', weeks: [['morning-mobility', 'no-such-class'], ['full-body-stretch', 'hip-opener-flow']] }, /no class "no-such-class"/],
    ['an unknown discipline', { ...mobility, id: 'bad-discipline', discipline_id: 'rowing' }, /no discipline "rowing"/],
  ])('refuses %s and changes nothing', async (_name, content, message) => {
    const before = await listedIds();
    await expect(importProgrammes(t.app.db, await file(content))).rejects.toThrow(message);
    expect(await listedIds()).toEqual(before);
  });
});
