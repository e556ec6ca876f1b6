// Playback's screen limit counts devices the server told apart (issue 22, item 8): each sign-in
// session is one device whatever `device_id` its client sends, so sign-ins sharing one label
// cannot all play. And only a published class plays (item 9a).
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { classes } from '@server/db/schema';
import { testAppForFile } from '../harness';
import { anotherDevice, CLASS_ID, getMedia, heartbeat, seedPlayableClass, startPlayback, subscriber, tinyMedia, tinyMediaDir, type StartedSession } from '../fixtures/playback';
import { roomyLimits } from './shared';

const t = testAppForFile({ rateLimits: roomyLimits, mediaDir: tinyMediaDir });
const UNPUBLISHED_CLASS_ID = 'test-yoga-later';
beforeAll(async () => {
  await tinyMedia();
  await seedPlayableClass(t.app);
  const [playable] = await t.app.db.select().from(classes).where(eq(classes.id, CLASS_ID));
  await t.app.db
    .insert(classes)
    .values({ ...playable!, id: UNPUBLISHED_CLASS_ID, publishedAt: new Date(Date.now() + 7 * 86_400_000) })
    .onConflictDoNothing();
}, 240_000);

const SHARED_LABEL = 'dev-shared-label-1';

/** Three sign-ins of one account on `plan`, each starting the class with the same `device_id`. */
async function threeSignInsPlaying(plan: string) {
  const first = await subscriber(t.app, plan);
  const devices = [first, await anotherDevice(t.app, first), await anotherDevice(t.app, first)];
  const answers = [];
  for (const device of devices) answers.push(await startPlayback(t.app, { user: device, deviceId: SHARED_LABEL }));
  return { devices, answers };
}

/** How many of the started sessions still play: a live heartbeat and a master playlist served. */
async function playingNow(devices: Array<{ token: string }>, answers: Array<{ statusCode: number; json<T>(): T }>): Promise<number> {
  let playing = 0;
  for (const [index, answer] of answers.entries()) {
    if (answer.statusCode !== 201) continue;
    const session = answer.json<{ session: StartedSession }>().session;
    const beat = await heartbeat(t.app, devices[index]!, session.id);
    if (beat.statusCode === 200 && (await getMedia(t.app, session.master_playlist_url)).statusCode === 200) playing += 1;
  }
  return playing;
}

describe('the screen limit with sign-ins sending one device_id', () => {
  it('on Basic (one screen), plays on one sign-in and refuses the other two', async () => {
    const { devices, answers } = await threeSignInsPlaying('basic');
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 409, 409]);
    const refused = answers[1]!.json();
    expect(refused).toMatchObject({ isSuccess: false, statusCode: 409, code: 'playback.screenLimit', reason: 'screen_limit', simultaneous_screens: 1 });
    expect(refused.watching).toHaveLength(1);
    expect(await playingNow(devices, answers)).toBe(1);
  });

  it('on Standard (two screens), plays on two sign-ins and refuses the third', async () => {
    const { devices, answers } = await threeSignInsPlaying('standard');
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 409]);
    expect(await playingNow(devices, answers)).toBe(2);
  });

  it('lets one sign-in start again under any label without taking a second screen', async () => {
    const user = await subscriber(t.app, 'basic');
    expect((await startPlayback(t.app, { user, deviceId: SHARED_LABEL })).statusCode).toBe(201);
    expect((await startPlayback(t.app, { user, deviceId: 'dev-another-label' })).statusCode).toBe(201);
  });

  it('frees the screen of a device that signed out, for the account\'s next device', async () => {
    const user = await subscriber(t.app, 'basic');
    const playing = await startPlayback(t.app, { user });
    expect(playing.statusCode).toBe(201);
    const logout = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { authorization: `FitStream ${user.token}`, cookie: user.cookie } });
    expect(logout.statusCode).toBe(200);
    const next = await anotherDevice(t.app, user);
    expect((await startPlayback(t.app, { user: next })).statusCode).toBe(201);
    const master = await getMedia(t.app, playing.json<{ session: StartedSession }>().session.master_playlist_url);
    expect(master.statusCode).toBe(410);
  });
});

describe('a class published later', () => {
  it('does not play before its published_at: 404 in the user\'s language, like a class that does not exist', async () => {
    const user = await subscriber(t.app, 'premium');
    const english = await startPlayback(t.app, { user }, UNPUBLISHED_CLASS_ID);
    expect(english.statusCode).toBe(404);
    expect(english.json()).toMatchObject({ isSuccess: false, statusCode: 404, code: 'playback.classNotFound', message: 'No such class.' });
    const spanish = await startPlayback(t.app, { user, headers: { 'accept-language': 'es' } }, UNPUBLISHED_CLASS_ID);
    expect(spanish.json().message).toBe('Esa clase no existe.');
    expect((await startPlayback(t.app, { user }, CLASS_ID)).statusCode).toBe(201);
  });
});
