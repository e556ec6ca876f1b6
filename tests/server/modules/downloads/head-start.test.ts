// The class panel's head start (GET /api/v1/downloads/licences?class_id=…, decisions 038 and 051):
// handed out only where a licence would be issued to this device now, and its tokens open the
// files listed with them and nothing else of the class, on a class longer than the head start.
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HEAD_START_SEGMENTS } from '@server/modules/downloads/files';
import { grantCookieName, mediaUrl, signMediaGrant } from '@server/modules/media';
import { unsignedPath } from '@domain/media-urls';
import { signUp, testAppForFile } from '../../harness';
import { roomyRateLimits } from '../../fixtures/payments-flow';
import { anotherDevice, CLASS_ID, getMedia, playlistUris, seedPlayableClass, subscriber, TINY_MEDIA_ID, UNMADE_CLASS_ID, userAgents } from '../../fixtures/playback';
import { createLicence, deleteLicence, deviceIdOf, licenceOf, listDownloads, longerTinyMedia, seedMoreClasses, storedLicences } from '../../fixtures/downloads';

/** Two segments more than the head start: the class's later segments exist and are refused to it. */
const SEGMENTS = HEAD_START_SEGMENTS + 2;
const mediaDir = mkdtempSync(path.join(tmpdir(), 'fitstream-head-start-'));
const t = testAppForFile({ rateLimits: roomyRateLimits, mediaDir });
let moreClasses: string[] = [];
beforeAll(async () => {
  await longerTinyMedia(mediaDir, SEGMENTS);
  await seedPlayableClass(t.app);
  moreClasses = await seedMoreClasses(t.app, 25);
}, 240_000);
afterEach(() => {
  vi.useRealTimers();
});
afterAll(() => rm(mediaDir, { recursive: true, force: true }));

interface HeadStart {
  expires_at: string;
  renditions: Array<{ rendition: string; files: string[] }>;
}
interface LicensedFile {
  url: string;
  bytes: number;
}
interface Files {
  playlist: LicensedFile;
  init: LicensedFile;
  segments: LicensedFile[];
  captions: Array<{ playlist: LicensedFile; track: LicensedFile }>;
  poster: LicensedFile;
}

const headStartOf = (response: { json<T>(): T }) => response.json<{ head_start: HeadStart | null }>().head_start;
const filesOf = (response: { json<T>(): T }) => response.json<{ files: Files }>().files;
const pathOf = (url: string) => unsignedPath(url);
/** The grant in a signed URL's path (`/media/<media>/<grant>/…`). */
const grantOf = (url: string) => url.split('/')[3]!;
const filesAt = (headStart: HeadStart | null, rendition: string) => headStart!.renditions.find((listed) => listed.rendition === rendition)!.files;

/** Expects the contract's 403 for a file the token does not open. */
async function expectRefused(url: string, headers: Record<string, string> = {}): Promise<void> {
  const response = await getMedia(t.app, url, headers);
  expect(response.statusCode, url).toBe(403);
  expect(response.json()).toEqual({ isSuccess: false, message: expect.any(String), statusCode: 403, code: expect.any(String) });
}

describe('what the head start lists', () => {
  it('gives a device that may download the class its first files at each quality of its plan, signed for minutes, opening nothing above the cap', async () => {
    const user = await subscriber(t.app, 'basic');
    const before = Date.now();
    const headStart = headStartOf(await listDownloads(t.app, user, CLASS_ID));
    expect(headStart).not.toBeNull();
    expect(Date.parse(headStart!.expires_at) - before).toBeGreaterThanOrEqual(10 * 60_000 - 1000);
    expect(Date.parse(headStart!.expires_at) - before).toBeLessThan(11 * 60_000);
    expect(headStart!.renditions.map((listed) => listed.rendition)).toEqual(['360p', '720p']);
    // The files are the licence's first ones, in its order, with the same bytes: the playlist, the
    // captions, the poster, the init segment and the first segments (of the class's six).
    for (const { rendition, files } of headStart!.renditions) {
      const licensed = filesOf(await createLicence(t.app, user, { class_id: CLASS_ID, rendition }));
      expect(licensed.segments).toHaveLength(SEGMENTS);
      const captions = licensed.captions.flatMap((caption) => [caption.playlist, caption.track]);
      const first = [licensed.playlist, ...captions, licensed.poster, licensed.init, ...licensed.segments.slice(0, HEAD_START_SEGMENTS)];
      expect(files.map(pathOf)).toEqual(first.map((file) => pathOf(file.url)));
      for (const [index, url] of files.entries()) {
        const fetched = await getMedia(t.app, url);
        expect(fetched.statusCode).toBe(200);
        expect(fetched.rawPayload.length).toBe(first[index]!.bytes);
      }
    }
    const grant = grantOf(filesAt(headStart, '720p').at(-1)!);
    await expectRefused(mediaUrl(TINY_MEDIA_ID, grant, '1080p/init.mp4'));
    // Minutes, not hours: the licence's files are what last.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11 * 60_000 });
    await expectRefused(filesAt(headStart, '360p').at(-1)!);
  });

  it('is null without a class, for a class not made yet or unknown, and where this device may not download; it issues nothing', async () => {
    const user = await subscriber(t.app, 'premium');
    expect(headStartOf(await listDownloads(t.app, user))).toBeNull();
    expect(headStartOf(await listDownloads(t.app, user, UNMADE_CLASS_ID))).toBeNull();
    expect(headStartOf(await listDownloads(t.app, user, 'no-such-class'))).toBeNull();
    const mobile = await subscriber(t.app, 'mobile');
    expect(headStartOf(await listDownloads(t.app, mobile, CLASS_ID, userAgents.desktop))).toBeNull();
    expect(headStartOf(await listDownloads(t.app, mobile, CLASS_ID, userAgents.iphone))).not.toBeNull();
    const lapsed = await signUp(t.app);
    expect(headStartOf(await listDownloads(t.app, lapsed, CLASS_ID))).toBeNull();
    expect(await storedLicences(t.app, user)).toEqual([]);
    expect(await storedLicences(t.app, mobile)).toEqual([]);
  });

  it('answers a malformed class in the error shape', async () => {
    const user = await subscriber(t.app, 'basic');
    const response = await listDownloads(t.app, user, 'x'.repeat(101));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ isSuccess: false, message: expect.any(String), statusCode: 400, code: expect.any(String) });
  });
});

describe('only where a licence would be issued now', () => {
  it("is null for a device the plan's download devices leave out, as its licence is refused, until a slot is free", async () => {
    const holder = await subscriber(t.app, 'basic');
    const licence = licenceOf(await createLicence(t.app, holder));
    const other = await anotherDevice(t.app, holder);
    expect((await createLicence(t.app, other)).json()).toMatchObject({ reason: 'device_limit' });
    expect(headStartOf(await listDownloads(t.app, other, CLASS_ID))).toBeNull();
    expect(headStartOf(await listDownloads(t.app, other, moreClasses[0]))).toBeNull();
    // The device holding the slot may renew its class and download another.
    expect(headStartOf(await listDownloads(t.app, holder, CLASS_ID))).not.toBeNull();
    expect(headStartOf(await listDownloads(t.app, holder, moreClasses[0]))).not.toBeNull();
    // Once the slot is free, the other device gets both.
    expect((await deleteLicence(t.app, holder, licence.id)).statusCode).toBe(200);
    expect(headStartOf(await listDownloads(t.app, other, CLASS_ID))).not.toBeNull();
  });

  it('is null for a class beyond the 25 a device may hold, and given for one it holds', async () => {
    const user = await subscriber(t.app, 'basic');
    for (const classId of moreClasses) expect((await createLicence(t.app, user, { class_id: classId, rendition: '360p' })).statusCode).toBe(201);
    expect((await createLicence(t.app, user)).json()).toMatchObject({ reason: 'class_limit' });
    expect(headStartOf(await listDownloads(t.app, user, CLASS_ID))).toBeNull();
    expect(headStartOf(await listDownloads(t.app, user, moreClasses[0]))).not.toBeNull();
  });
});

describe('what its grants open', () => {
  it("opens each listed file under its own grant only: not a later segment, another quality's files, nor the chapters", async () => {
    const user = await subscriber(t.app, 'basic');
    const files = filesAt(headStartOf(await listDownloads(t.app, user, CLASS_ID)), '360p');
    const later = `360p/segment-${String(HEAD_START_SEGMENTS).padStart(3, '0')}.m4s`;
    for (const url of files) {
      const grant = grantOf(url);
      if (grant === 'poster.jpg') continue;
      for (const file of [later, '720p/init.mp4', '720p/playlist.m3u8', 'chapters/en.vtt']) await expectRefused(mediaUrl(TINY_MEDIA_ID, grant, file));
    }
    // The same file under the licence's grant: the refusal is the head start's grant, not the file.
    const licensed = filesOf(await createLicence(t.app, user, { class_id: CLASS_ID, rendition: '360p' }));
    expect((await getMedia(t.app, mediaUrl(TINY_MEDIA_ID, grantOf(licensed.init.url), later))).statusCode).toBe(200);
  });

  it('lets its playlist name every segment, none of which opens under the playlist\'s grant', async () => {
    const user = await subscriber(t.app, 'basic');
    const files = filesAt(headStartOf(await listDownloads(t.app, user, CLASS_ID)), '720p');
    const playlist = await getMedia(t.app, files[0]!);
    expect(playlist.statusCode).toBe(200);
    const segments = playlistUris(playlist.body).map((uri) => new URL(uri, `http://edge${files[0]!}`).pathname);
    expect(segments).toHaveLength(SEGMENTS);
    const answers = [];
    for (const url of segments) answers.push((await getMedia(t.app, url)).statusCode);
    expect(answers).toEqual(Array<number>(SEGMENTS).fill(403));
  });

  it('is not stretched past its minutes by a grant cookie, nor opens a playback master playlist', async () => {
    const user = await subscriber(t.app, 'basic');
    const deviceId = await deviceIdOf(t.app, user);
    const files = filesAt(headStartOf(await listDownloads(t.app, user, CLASS_ID)), '360p');
    await expectRefused(mediaUrl(TINY_MEDIA_ID, grantOf(files[0]!), 'master.m3u8'));
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11 * 60_000 });
    // A live grant cookie of the same id and media, as a playback session's would be: the expired
    // head start is not renewed by it (a playback grant opens every file).
    const cookieGrant = { sessionId: deviceId, mediaId: TINY_MEDIA_ID, maxHeight: 720 };
    const cookie = `${grantCookieName(deviceId)}=${signMediaGrant(t.app.config.playbackSecret, cookieGrant, new Date(), 60).token}`;
    await expectRefused(files.at(-1)!, { cookie });
  });
});
