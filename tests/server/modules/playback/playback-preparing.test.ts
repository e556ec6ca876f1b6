// Starting a class whose media is still being made (a fresh server's first minutes): a 503 in
// the contract that says, in the user's language, about how long the preparation still takes.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ladder } from '@server/modules/media/ladder';
import { preparationStarted, preparationStep } from '@server/modules/media/preparation';
import { sampleMediaIds } from '@server/modules/media/samples';
import { testAppForFile } from '../../harness';
import { roomyRateLimits } from '../../fixtures/payments-flow';
import { seedPlayableClass, startPlayback, subscriber, tinyMedia, tinyMediaDir, UNMADE_CLASS_ID } from '../../fixtures/playback';

const t = testAppForFile({ rateLimits: roomyRateLimits, mediaDir: tinyMediaDir });
beforeAll(async () => {
  await tinyMedia();
  await seedPlayableClass(t.app);
}, 240_000);
afterEach(() => preparationStarted(0));

const allEncodings = sampleMediaIds.length * (ladder.length + 1);

describe('a class whose media is being prepared', () => {
  it('answers 503 playback.preparing with when it will be ready, from the pace so far', async () => {
    const user = await subscriber(t.app, 'basic');
    // 5 of 15 encodings took 100 s: the other 10 take about 200 s more.
    preparationStarted(allEncodings, Date.now() - 100_000);
    preparationStep(5);
    const response = await startPlayback(t.app, { user }, UNMADE_CLASS_ID);
    expect(response.statusCode).toBe(503);
    const body = response.json<{ code: string; reason: string; ready_in_seconds: number; message: string }>();
    expect(body).toMatchObject({ isSuccess: false, statusCode: 503, code: 'playback.preparing', reason: 'preparing' });
    expect(body.ready_in_seconds).toBeGreaterThanOrEqual(195);
    expect(body.ready_in_seconds).toBeLessThanOrEqual(205);
    expect(body.message).toBe('This class is being prepared. It will be ready in about 4 minutes.');
    expect(response.headers['retry-after']).toBe('30');
  });

  it('says it in Spanish to a Spanish client, and soon is one minute', async () => {
    const user = await subscriber(t.app, 'basic');
    preparationStarted(allEncodings, Date.now() - 70_000);
    preparationStep(14);
    const response = await startPlayback(t.app, { user, headers: { 'accept-language': 'es' } }, UNMADE_CLASS_ID);
    expect(response.statusCode).toBe(503);
    const body = response.json<{ ready_in_seconds: number; message: string }>();
    expect(body.ready_in_seconds).toBeLessThanOrEqual(6);
    expect(body.message).toBe('Esta clase se está preparando. Estará lista en alrededor de un minuto.');
    expect(response.headers['retry-after']).toBe(String(body.ready_in_seconds));
  });

  it('guesses a whole preparation when none is under way in this server', async () => {
    const user = await subscriber(t.app, 'basic');
    const response = await startPlayback(t.app, { user }, UNMADE_CLASS_ID);
    expect(response.statusCode).toBe(503);
    expect(response.json<{ ready_in_seconds: number }>().ready_in_seconds).toBeGreaterThanOrEqual(60);
  });
});
