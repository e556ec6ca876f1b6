// Playback as the server enforces it: who may start, what each plan's master playlist lists,
// signed URLs (above the plan, expired, forged, another account's), screens and heartbeats.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mediaUrl, signMediaGrant } from '@server/modules/media';
import { expectContract, newDeviceId, signUp, testAppForFile } from '../../harness';
import { authorization, callPayments, listSubscriptions, roomyRateLimits } from '../../fixtures/payments-flow';
import {
  anotherDevice,
  CLASS_ID,
  getMedia,
  heartbeat,
  playlistUris,
  seedPlayableClass,
  setSubscription,
  startPlayback,
  stopPlayback,
  subscriber,
  tinyMedia,
  tinyMediaDir,
  TINY_MEDIA_ID,
  UNMADE_CLASS_ID,
  userAgents,
  type StartedSession,
} from '../../fixtures/playback';
import { ownerProfileName } from '../../fixtures/profiles';

const t = testAppForFile({ rateLimits: roomyRateLimits, mediaDir: tinyMediaDir });
beforeAll(async () => {
  await tinyMedia();
  await seedPlayableClass(t.app);
}, 240_000);
afterEach(() => {
  vi.useRealTimers();
});

function started(response: { json<T>(): T }): StartedSession {
  return response.json<{ session: StartedSession }>().session;
}

/** The heights a master playlist offers. */
function offeredHeights(master: string): number[] {
  return [...master.matchAll(/RESOLUTION=\d+x(\d+)/g)].map((match) => Number(match[1]));
}

async function master(session: StartedSession): Promise<string> {
  const response = await getMedia(t.app, session.master_playlist_url);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('application/vnd.apple.mpegurl');
  return response.body;
}

/** Moves the clock `seconds` ahead of where it stands, for this test (Date only: nothing sleeps). */
function advanceClock(seconds: number): void {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + seconds * 1000 });
}

describe('who may start playback', () => {
  it('needs a signed-in account (401)', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/playback/sessions', payload: { class_id: CLASS_ID, device_id: newDeviceId() } });
    expectContract(response, 'POST', '/api/v1/playback/sessions');
    expect(response.statusCode).toBe(401);
  });

  it('refuses an account without a subscription and says to choose a plan', async () => {
    const response = await startPlayback(t.app, { user: await signUp(t.app) });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ reason: 'no_subscription', message: 'Choose a plan to start watching.' });
  });

  it.each(['past_due', 'incomplete', 'unpaid'])('refuses while the subscription is %s and sends the user to Billing', async (status) => {
    const user = await subscriber(t.app, 'standard');
    await setSubscription(t.app, user, { status });
    const response = await startPlayback(t.app, { user });
    expect(response.statusCode).toBe(403);
    expect(response.json().reason).toBe('payment_required');
  });

  it('plays after cancelling until the paid period ends, and not after it', async () => {
    const user = await subscriber(t.app, 'standard');
    const [current] = (await listSubscriptions(t.app, user)).plans;
    expect((await callPayments(t.app, user, 'subscription-cancel', { subscription_id: current!.subscription_id })).statusCode).toBe(200);
    expect((await startPlayback(t.app, { user })).statusCode).toBe(201);

    await setSubscription(t.app, user, { status: 'canceled', currentPeriodEnd: new Date(Date.now() + 3_600_000) });
    expect((await startPlayback(t.app, { user })).statusCode).toBe(201);

    await setSubscription(t.app, user, { currentPeriodEnd: new Date(Date.now() - 60_000) });
    const after = await startPlayback(t.app, { user });
    expect(after.statusCode).toBe(403);
    expect(after.json().reason).toBe('subscription_ended');
  });

  it('answers 404 for a class that does not exist and 503 while its media is being prepared', async () => {
    const user = await subscriber(t.app, 'basic');
    expect((await startPlayback(t.app, { user }, 'no-such-class')).statusCode).toBe(404);
    const pending = await startPlayback(t.app, { user }, UNMADE_CLASS_ID);
    expect(pending.statusCode).toBe(503);
    expect(pending.headers['retry-after']).toBe('30');
  });
});

describe('the Mobile plan', () => {
  it('refuses a computer and plays on a phone, told by the user agent', async () => {
    const user = await subscriber(t.app, 'mobile');
    const desktop = await startPlayback(t.app, { user, userAgent: userAgents.desktop });
    expect(desktop.statusCode).toBe(403);
    expect(desktop.json().reason).toBe('device_not_allowed');
    const phone = await startPlayback(t.app, { user, userAgent: userAgents.iphone });
    expect(phone.statusCode).toBe(201);
    expect(started(phone).device_name).toBe('Safari on iPhone');
  });

  it('follows the mobile client hint when the browser sends it', async () => {
    const user = await subscriber(t.app, 'mobile');
    expect((await startPlayback(t.app, { user, userAgent: userAgents.iphone, headers: { 'sec-ch-ua-mobile': '?0' } })).statusCode).toBe(403);
    expect((await startPlayback(t.app, { user, userAgent: userAgents.windows, headers: { 'sec-ch-ua-mobile': '?1' } })).statusCode).toBe(201);
  });
});

describe('the master playlist', () => {
  it.each([
    ['basic', userAgents.desktop, [360, 720]],
    ['mobile', userAgents.iphone, [360, 720]],
    ['standard', userAgents.desktop, [360, 720, 1080]],
    ['premium', userAgents.desktop, [360, 720, 1080, 2160]],
  ])('lists on %s only the renditions up to its cap, with captions in en and es', async (plan, userAgent, heights) => {
    const user = await subscriber(t.app, plan);
    const session = started(await startPlayback(t.app, { user, userAgent }));
    expect(session.max_video_height).toBe(Math.max(...heights));
    const playlist = await master(session);
    expect(offeredHeights(playlist)).toEqual(heights);
    expect(playlist).toContain('CODECS="avc1.');
    expect(playlist).toMatch(/TYPE=SUBTITLES.*LANGUAGE="en"/);
    expect(playlist).toMatch(/TYPE=SUBTITLES.*LANGUAGE="es"/);
    // Every rendition it lists can be played: its playlist and first segment answer.
    for (const uri of playlistUris(playlist)) {
      const rendition = await getMedia(t.app, uri);
      expect(rendition.statusCode).toBe(200);
      const [init] = rendition.body.match(/URI="([^"]+)"/)!.slice(1);
      const base = uri.slice(0, uri.indexOf('playlist.m3u8'));
      expect((await getMedia(t.app, `${base}${init}`)).statusCode).toBe(200);
      expect((await getMedia(t.app, `${base}${playlistUris(rendition.body)[0]}`)).statusCode).toBe(200);
    }
  });

  it('follows a change of plan from the next playlist request', async () => {
    const user = await subscriber(t.app, 'premium');
    const session = started(await startPlayback(t.app, { user }));
    expect(offeredHeights(await master(session))).toContain(2160);
    await setSubscription(t.app, user, { planId: 'basic' });
    expect(offeredHeights(await master(session))).toEqual([360, 720]);
  });
});

describe('the first playlists inline in the start answer (docs/decisions/044)', () => {
  type FirstFrame = { playlists: { url: string; body: string }[]; preload: string[] };
  const GRANT = /\/media\/[^/]+\/([tf]\.[^/]+)\//g;
  const unsigned = (text: string) => text.replace(GRANT, (whole, grant: string) => whole.replace(grant, '…'));
  const grantsIn = (text: string) => [...new Set([...text.matchAll(GRANT)].map((match) => match[1]!))];

  it('carries the master (the plan capped) and the first rendition as their GETs answer, signed with the session token, and names segments that play', async () => {
    const user = await subscriber(t.app, 'basic');
    const response = await startPlayback(t.app, { user });
    const session = started(response);
    const { playlists, preload } = response.json<FirstFrame>();
    const [inlineMaster, inlineRendition] = playlists;
    expect(playlists).toHaveLength(2);
    expect(inlineMaster!.url).toBe(session.master_playlist_url);
    // The Basic cap applies inline as it does on the master's own URL.
    expect(offeredHeights(inlineMaster!.body)).toEqual([360, 720]);
    expect(unsigned(inlineMaster!.body)).toBe(unsigned(await master(session)));
    // The first rendition listed (the lowest), exactly as its signed URL answers.
    expect(inlineRendition!.url).toBe(playlistUris(inlineMaster!.body)[0]);
    expect(inlineRendition!.url).toBe(mediaUrl(TINY_MEDIA_ID, session.token, '360p/playlist.m3u8'));
    const fetched = await getMedia(t.app, inlineRendition!.url);
    expect(fetched.statusCode).toBe(200);
    expect(inlineRendition!.body).toBe(fetched.body);
    // Every URL carries the session's own grant, which the media routes accept.
    expect(grantsIn([...playlists.map((playlist) => `${playlist.url}\n${playlist.body}`), ...preload].join('\n'))).toEqual([session.token]);
    expect(preload).toEqual([mediaUrl(TINY_MEDIA_ID, session.token, '360p/init.mp4'), mediaUrl(TINY_MEDIA_ID, session.token, '360p/segment-000.m4s')]);
    for (const url of preload) {
      const segment = await getMedia(t.app, url);
      expect(segment.statusCode).toBe(200);
      expect(segment.headers['cache-control']).toContain('immutable');
    }
  });

  it('names the segment holding the resume position too', async () => {
    const user = await subscriber(t.app, 'standard');
    const saved = await t.app.inject({ method: 'PUT', url: `/api/v1/playback/progress/${CLASS_ID}`, headers: authorization(user), payload: { position_seconds: 2.5 } });
    expect(saved.statusCode).toBe(200);
    const response = await startPlayback(t.app, { user });
    expect(response.json<{ resume_position_seconds: number }>().resume_position_seconds).toBe(2.5);
    const { preload } = response.json<FirstFrame>();
    expect(preload.map((url) => url.replace(/^.*\//, ''))).toEqual(['init.mp4', 'segment-000.m4s', 'segment-001.m4s']);
  });
});

describe('signed media URLs', () => {
  let basic: StartedSession;
  beforeAll(async () => {
    basic = started(await startPlayback(t.app, { user: await subscriber(t.app, 'basic') }));
  });
  const segment = (rendition: string, token: string) => mediaUrl(TINY_MEDIA_ID, token, `${rendition}/segment-000.m4s`);

  it('serves a rendition within the plan', async () => {
    const response = await getMedia(t.app, segment('720p', basic.token));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('video/mp4');
  });

  it('refuses a rendition above the plan: neither its playlist nor a segment', async () => {
    for (const url of [segment('1080p', basic.token), segment('2160p', basic.token), mediaUrl(TINY_MEDIA_ID, basic.token, '1080p/playlist.m3u8')]) {
      const response = await getMedia(t.app, url);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Your plan does not include this video quality.');
    }
  });

  it('refuses an expired signature', async () => {
    advanceClock(t.config.playbackUrlTtlSeconds + 1);
    const response = await getMedia(t.app, segment('360p', basic.token));
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toContain('application/json');
  });

  it('refuses a forged signature: another key, or a raised cap', async () => {
    const otherKey = signMediaGrant('x'.repeat(48), { sessionId: basic.id, mediaId: TINY_MEDIA_ID, maxHeight: 2160 }, new Date(), 300);
    expect((await getMedia(t.app, segment('360p', otherKey.token))).statusCode).toBe(403);
    const [kind, sessionId, , expires, signature] = basic.token.split('.');
    for (const raised of [`${kind}.${sessionId}.2160.${expires}.${signature}`, `${kind}.${sessionId}.720.9999999999.${signature}`]) {
      const refused = await getMedia(t.app, segment('2160p', raised));
      expect([refused.statusCode, refused.json().code]).toEqual([403, 'playback.badLink']);
    }
  });

  it("refuses another media's or another session's grant", async () => {
    expect((await getMedia(t.app, mediaUrl('sample-b', basic.token, '360p/segment-000.m4s'))).statusCode).toBe(403);
    const other = started(await startPlayback(t.app, { user: await subscriber(t.app, 'basic') }));
    const [, , ...otherFields] = other.token.split('.');
    const crossed = mediaUrl(TINY_MEDIA_ID, ['t', basic.id, ...otherFields].join('.'), 'master.m3u8');
    expect((await getMedia(t.app, crossed)).statusCode).toBe(403);
  });
});

describe('the grant cookie (the browser\'s own HLS, which keeps its first URLs)', () => {
  const segment = (rendition: string, token: string) => mediaUrl(TINY_MEDIA_ID, token, `${rendition}/segment-000.m4s`);
  const cookieOf = (response: { cookies: Array<{ name: string; value: string; path?: string; httpOnly?: boolean; maxAge?: number }> }, sessionId: string) =>
    response.cookies.find((cookie) => cookie.name === `fs_media_${sessionId}`);

  it('comes with the session and every heartbeat: HttpOnly, on its media path, as long as a URL', async () => {
    const user = await subscriber(t.app, 'basic');
    const response = await startPlayback(t.app, { user });
    const session = started(response);
    expect(cookieOf(response, session.id)).toMatchObject({ value: session.token, path: `/media/${TINY_MEDIA_ID}/`, httpOnly: true, maxAge: t.config.playbackUrlTtlSeconds });
    const beat = await heartbeat(t.app, user, session.id);
    expect(cookieOf(beat, session.id)?.value).toBe(beat.json<{ session: StartedSession }>().session.token);
    const stopped = await stopPlayback(t.app, user, session.id);
    expect(cookieOf(stopped, session.id)).toMatchObject({ value: '', path: `/media/${TINY_MEDIA_ID}/` });
  });

  it('stands in for an expired URL token of its own session while the heartbeats renew it', async () => {
    const user = await subscriber(t.app, 'basic');
    const session = started(await startPlayback(t.app, { user }));
    // The player heartbeats every 30 s; past the URL's lifetime, it has the newest beat's cookie.
    const later = t.config.playbackUrlTtlSeconds + 60;
    let beat = await heartbeat(t.app, user, session.id);
    for (let elapsed = 30; elapsed <= later; elapsed += 30) {
      advanceClock(30); // from the clock as it stands: 30 s after the previous beat
      beat = await heartbeat(t.app, user, session.id);
      expect(beat.statusCode).toBe(200);
    }
    expect((await getMedia(t.app, segment('360p', session.token))).statusCode).toBe(403);
    const cookie = `fs_media_${session.id}=${cookieOf(beat, session.id)!.value}`;
    const renewed = await getMedia(t.app, segment('360p', session.token), { cookie });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.headers['content-type']).toBe('video/mp4');
    expect((await getMedia(t.app, mediaUrl(TINY_MEDIA_ID, session.token, '720p/playlist.m3u8'), { cookie })).statusCode).toBe(200);
    // Never above the plan, never another session's expired URL, never a forged one.
    expect((await getMedia(t.app, segment('1080p', session.token), { cookie })).statusCode).toBe(403);
    const other = started(await startPlayback(t.app, { user: await subscriber(t.app, 'basic') }));
    const otherExpired = signMediaGrant(t.config.playbackSecret, { sessionId: other.id, mediaId: TINY_MEDIA_ID, maxHeight: 720 }, new Date(Date.now() - 3600_000), 60);
    expect((await getMedia(t.app, segment('360p', otherExpired.token), { cookie })).statusCode).toBe(403);
    const forged = signMediaGrant('x'.repeat(48), { sessionId: session.id, mediaId: TINY_MEDIA_ID, maxHeight: 720 }, new Date(Date.now() - 3600_000), 60);
    expect((await getMedia(t.app, segment('360p', forged.token), { cookie })).statusCode).toBe(403);
    // Once the heartbeats stop, the cookie's grant runs out like any URL.
    advanceClock(t.config.playbackUrlTtlSeconds + 1);
    expect((await getMedia(t.app, segment('360p', session.token), { cookie })).statusCode).toBe(403);
  });
});

describe("another account's session", () => {
  it('cannot be kept alive or stopped by another account (403)', async () => {
    const owner = await subscriber(t.app, 'standard');
    const session = started(await startPlayback(t.app, { user: owner }));
    const stranger = await subscriber(t.app, 'standard');
    for (const response of [await heartbeat(t.app, stranger, session.id), await stopPlayback(t.app, stranger, session.id)]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().reason).toBe('other_account');
    }
    expect((await heartbeat(t.app, owner, session.id)).statusCode).toBe(200);
  });
});

describe('simultaneous screens', () => {
  it('refuses a second device on Basic, lists who watches, and lets it stop the first', async () => {
    const user = await subscriber(t.app, 'basic');
    const first = started(await startPlayback(t.app, { user, userAgent: userAgents.windows }));
    const secondDevice = await anotherDevice(t.app, user);
    const refused = await startPlayback(t.app, { user: secondDevice });
    expect(refused.statusCode).toBe(409);
    const body = refused.json();
    expect(body).toMatchObject({ reason: 'screen_limit', simultaneous_screens: 1, message: 'Too many devices are watching on this account right now.' });
    expect(body.watching).toEqual([{ session_id: first.id, device_name: 'Microsoft Edge on Windows', profile_name: ownerProfileName(user), started_at: expect.any(String), class_id: CLASS_ID }]);

    expect((await stopPlayback(t.app, user, first.id)).statusCode).toBe(200);
    expect((await startPlayback(t.app, { user: secondDevice })).statusCode).toBe(201);
    const learned = await heartbeat(t.app, user, first.id);
    expect(learned.statusCode).toBe(410);
    expect(learned.json()).toMatchObject({ reason: 'stopped', message: 'Playback was stopped from another device on your account.' });
    expect((await getMedia(t.app, first.master_playlist_url)).statusCode).toBe(410);
  });

  it('gives the last screen to one of two devices starting at the same moment', async () => {
    const user = await subscriber(t.app, 'basic');
    const other = await anotherDevice(t.app, user);
    const answers = await Promise.all([startPlayback(t.app, { user }), startPlayback(t.app, { user: other })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
  });

  it('allows two devices on Standard and refuses the third', async () => {
    const user = await subscriber(t.app, 'standard');
    expect((await startPlayback(t.app, { user })).statusCode).toBe(201);
    expect((await startPlayback(t.app, { user: await anotherDevice(t.app, user) })).statusCode).toBe(201);
    const third = await startPlayback(t.app, { user: await anotherDevice(t.app, user) });
    expect(third.statusCode).toBe(409);
    expect(third.json().watching).toHaveLength(2);
  });

  it('lets the same device start again without counting it twice', async () => {
    const user = await subscriber(t.app, 'basic');
    const deviceId = newDeviceId();
    const first = started(await startPlayback(t.app, { user, deviceId }));
    expect((await startPlayback(t.app, { user, deviceId })).statusCode).toBe(201);
    expect((await heartbeat(t.app, user, first.id)).json().reason).toBe('replaced');
  });
});

describe('heartbeats', () => {
  it('keep a session live with fresh signed URLs; 90 s of silence ends it and frees the screen', async () => {
    const user = await subscriber(t.app, 'basic');
    const session = started(await startPlayback(t.app, { user }));
    advanceClock(60);
    const alive = await heartbeat(t.app, user, session.id);
    expect(alive.statusCode).toBe(200);
    expect(started(alive).token).not.toBe(session.token);
    expect(started(alive).token_expires_at).toBe(new Date(Date.now() + t.config.playbackUrlTtlSeconds * 1000).toISOString().replace(/\.\d+Z$/, '.000Z'));

    const other = await anotherDevice(t.app, user);
    advanceClock(60 + 91);
    expect((await startPlayback(t.app, { user: other })).statusCode).toBe(201);
    const late = await heartbeat(t.app, user, session.id);
    expect(late.statusCode).toBe(410);
    expect(late.json().reason).toBe('expired');
  });

  it('end the session when the subscription stops giving access', async () => {
    const user = await subscriber(t.app, 'basic');
    const session = started(await startPlayback(t.app, { user }));
    await setSubscription(t.app, user, { status: 'past_due' });
    const response = await heartbeat(t.app, user, session.id);
    expect(response.statusCode).toBe(403);
    expect(response.json().reason).toBe('payment_required');
    await setSubscription(t.app, user, { status: 'active' });
    expect((await heartbeat(t.app, user, session.id)).json().reason).toBe('no_access');
  });
});
