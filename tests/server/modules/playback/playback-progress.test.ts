// Saving where a subscriber is in a class: the position comes back as the resume point, and
// 90 % of the media's length marks the class completed, for good.
import { beforeAll, describe, expect, it } from 'vitest';
import { expectContract, signUp, testAppForFile, type SignedUpUser } from '../../harness';
import { authorization, roomyRateLimits } from '../../fixtures/payments-flow';
import { CLASS_ID, seedPlayableClass, startPlayback, subscriber, tinyMedia, tinyMediaDir, TINY_CLIP } from '../../fixtures/playback';

const t = testAppForFile({ rateLimits: roomyRateLimits, mediaDir: tinyMediaDir });
beforeAll(async () => {
  await tinyMedia();
  await seedPlayableClass(t.app);
}, 240_000);

const progressUrl = (classId: string) => `/api/v1/playback/progress/${classId}`;

async function save(user: Pick<SignedUpUser, 'token'> | null, position: unknown, classId = CLASS_ID) {
  const url = progressUrl(classId);
  const response = await t.app.inject({ method: 'PUT', url, headers: user ? authorization(user) : {}, payload: { position_seconds: position } });
  expectContract(response, 'PUT', url);
  return response;
}

async function resumeAt(user: SignedUpUser): Promise<number> {
  return (await startPlayback(t.app, { user, deviceId: user.deviceId })).json<{ resume_position_seconds: number }>().resume_position_seconds;
}

describe('progress', () => {
  const duration = TINY_CLIP.durationSeconds;

  it('is saved and offered as the resume point, not completed below 90 %', async () => {
    const user = await subscriber(t.app, 'basic');
    const response = await save(user, duration * 0.5);
    expect(response.statusCode).toBe(200);
    expect(response.json().progress).toMatchObject({ class_id: CLASS_ID, position_seconds: duration * 0.5, completed: false, completed_at: null });
    expect(await resumeAt(user)).toBe(duration * 0.5);
  });

  it('marks the class completed at 90 % and keeps it completed when watched again', async () => {
    const user = await subscriber(t.app, 'basic');
    const done = await save(user, duration * 0.9);
    expect(done.json().progress.completed).toBe(true);
    const completedAt = done.json().progress.completed_at;
    expect(completedAt).toEqual(expect.any(String));
    expect(await resumeAt(user)).toBe(0);

    const again = await save(user, 1);
    expect(again.json().progress).toMatchObject({ position_seconds: 1, completed: true, completed_at: completedAt });
  });

  it('shows on the home and the catalog at once, though both keep progress in memory', async () => {
    const user = await subscriber(t.app, 'basic');
    const home = async () => (await t.app.inject({ method: 'GET', url: '/api/v1/classes/home', headers: authorization(user) })).json();
    const card = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/classes?limit=50', headers: authorization(user) })).json().classes.find((c: { id: string }) => c.id === CLASS_ID);
    expect((await home()).continueWatching).toEqual([]);
    expect((await card()).progress).toBeNull();
    await save(user, duration * 0.25);
    expect((await home()).continueWatching).toMatchObject([{ id: CLASS_ID, progress: { positionSeconds: duration * 0.25, completed: false } }]);
    await save(user, duration * 0.5);
    expect((await card()).progress).toMatchObject({ positionSeconds: duration * 0.5, completed: false });
  });

  it('never records a position past the end of the media', async () => {
    const user = await subscriber(t.app, 'basic');
    expect((await save(user, duration * 10)).json().progress).toMatchObject({ position_seconds: duration, completed: true });
  });

  it('refuses a bad position, an unknown class and a visitor', async () => {
    const user = await signUp(t.app);
    expect((await save(user, -1)).statusCode).toBe(400);
    expect((await save(user, 'soon')).statusCode).toBe(400);
    expect((await save(user, 5, 'no-such-class')).statusCode).toBe(404);
    expect((await save(null, 5)).statusCode).toBe(401);
  });
});
