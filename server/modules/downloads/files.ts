// What a device fetches to download a class: the rendition's playlist, init segment, media
// segments, both caption tracks, the chapters tracks and the poster, each with its size; the
// signed ones under a grant long enough to finish the download (the media routes check it like a
// playback grant).
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { components } from '@domain/api-schema';
import { mediaFolder, mediaUrl, renditionPlaylistFile, signFileUrl, signMediaGrant, type MediaRow } from '@server/modules/media';
import type { LicenceRow } from './rules';

export type DownloadFiles = components['schemas']['DownloadFiles'];
type DownloadFile = components['schemas']['DownloadFile'];
export type HeadStart = components['schemas']['DownloadHeadStart'];

/** How long a download's URLs work: hours, so a slow connection finishes; `…/files` signs them again. */
export const DOWNLOAD_URL_TTL_SECONDS = 6 * 60 * 60;
/** How long a head start's URLs work: a visit to the class page (the app asks again when they have expired). */
export const HEAD_START_TTL_SECONDS = 10 * 60;
/** A head start's media segments: as many as the app fetches at once. */
export const HEAD_START_SEGMENTS = 4;

const languageNames: Record<string, string> = { en: 'English', es: 'Español' };

/** A master playlist naming only the downloaded rendition and the captions, its URIs unsigned (the app stores it beside the files). */
export function downloadMaster(media: MediaRow, rendition: string, language: string): string {
  const base = `/media/${media.id}`;
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const language of media.captions) {
    const name = languageNames[language] ?? language;
    lines.push(`#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="${name}",LANGUAGE="${language}",DEFAULT=NO,AUTOSELECT=YES,URI="${base}/captions/${language}.m3u8"`);
  }
  const chosen = media.renditions.find((candidate) => candidate.name === rendition);
  if (chosen) {
    const attributes = [
      `BANDWIDTH=${chosen.bandwidth}`,
      `RESOLUTION=${chosen.width}x${chosen.height}`,
      `CODECS="${chosen.codecs}"`,
      ...(media.captions.length > 0 ? ['SUBTITLES="subs"'] : []),
    ];
    lines.push(`#EXT-X-STREAM-INF:${attributes.join(',')}`, `${base}/${renditionPlaylistFile(media, rendition, language)}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The init segment and media segments a stored rendition playlist names, each once, in the order
 * first named: a sample class's playlist names its body's segments again and again
 * (docs/decisions/059), and a device stores each file once.
 */
export function playlistParts(playlist: string): { init: string | null; segments: string[] } {
  const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(playlist)?.[1] ?? null;
  const segments = playlist
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  return { init, segments: [...new Set(segments)] };
}

/**
 * What a media folder's files weigh and its rendition playlists say, as read once: a media is
 * published whole into a new folder (`publishMedia` renames it into place) and never changed in
 * it, so one `stat` of the folder (its inode and times) tells whether what was read still holds.
 * Kept for the most recently asked folders, a minute at most.
 */
interface KnownFolder {
  stamp: string;
  readAt: number;
  sizes: Map<string, number>;
  playlists: Map<string, string>;
}
const knownFolders = new Map<string, KnownFolder>();
const KNOWN_FOLDERS = 256;
const KNOWN_MAX_AGE_MS = 60_000;

async function knownFolder(folder: string): Promise<KnownFolder> {
  const info = await stat(folder);
  const stamp = `${info.ino}:${info.ctimeMs}:${info.mtimeMs}`;
  const known = knownFolders.get(folder);
  if (known && known.stamp === stamp && Date.now() - known.readAt < KNOWN_MAX_AGE_MS) return known;
  const fresh: KnownFolder = { stamp, readAt: Date.now(), sizes: new Map(), playlists: new Map() };
  knownFolders.delete(folder);
  knownFolders.set(folder, fresh);
  if (knownFolders.size > KNOWN_FOLDERS) knownFolders.delete(knownFolders.keys().next().value!);
  return fresh;
}

async function sizeOf(known: KnownFolder, folder: string, relative: string): Promise<number> {
  let size = known.sizes.get(relative);
  if (size === undefined) {
    size = (await stat(path.join(folder, relative))).size;
    known.sizes.set(relative, size);
  }
  return size;
}

async function playlistOf(known: KnownFolder, folder: string, relative: string): Promise<string> {
  let text = known.playlists.get(relative);
  if (text === undefined) {
    text = await readFile(path.join(folder, relative), 'utf8');
    known.playlists.set(relative, text);
  }
  return text;
}

/** `language`: the page's, whose opening a sample class plays (docs/decisions/059). */
export async function downloadFiles(mediaDir: string, secret: string, licence: LicenceRow, media: MediaRow, now: Date, language: string): Promise<DownloadFiles> {
  const grant = { sessionId: licence.id, mediaId: media.id, maxHeight: licence.height };
  const folder = mediaFolder(mediaDir, media.id);
  const playlistPath = renditionPlaylistFile(media, licence.rendition, language);
  const { token, expiresAt } = signMediaGrant(secret, grant, now, DOWNLOAD_URL_TTL_SECONDS);
  const known = await knownFolder(folder);
  const playlistText = await playlistOf(known, folder, playlistPath);
  const file = async (relative: string, signed = true): Promise<DownloadFile> => ({
    url: signed ? mediaUrl(media.id, token, relative) : `/media/${media.id}/${relative}`,
    bytes: await sizeOf(known, folder, relative),
  });
  const parts = playlistParts(playlistText);
  const [playlist, init, segments, captions, poster] = await Promise.all([
    file(playlistPath),
    file(`${licence.rendition}/${parts.init ?? 'init.mp4'}`),
    Promise.all(parts.segments.map((segment) => file(`${licence.rendition}/${segment}`))),
    Promise.all(
      media.captions.map(async (language) => ({
        language,
        playlist: await file(`captions/${language}.m3u8`),
        track: await file(`captions/${language}.vtt`),
      })),
    ),
    file('poster.jpg', false),
  ]);
  const chapters = await Promise.all(media.chapters.map(async (language) => ({ language, track: await file(`chapters/${language}.vtt`) })));
  const all = [playlist, init, ...segments, ...captions.flatMap((caption) => [caption.playlist, caption.track]), ...chapters.map((chapter) => chapter.track), poster];
  return {
    token,
    token_expires_at: expiresAt.toISOString(),
    master_playlist: downloadMaster(media, licence.rendition, language),
    playlist,
    init,
    segments,
    captions,
    chapters,
    poster,
    total_bytes: all.reduce((sum, part) => sum + part.bytes, 0),
  };
}

/**
 * A download's head start (docs/decisions/051): for each quality this device may download, the
 * files a download fetches first, in its order (the rendition's playlist, the captions, the
 * poster, the init segment and the first media segments), each signed for minutes under a grant
 * naming the device and that one file: none opens anything else of the class, not even the later
 * segments the playlist names (docs/decisions/053). The app fetches them while the licence is asked for and
 * keeps them only once it is issued; the caller hands them out only where a licence would be
 * issued to this device now.
 */
export async function downloadHeadStart(mediaDir: string, secret: string, deviceId: string, media: MediaRow, maxHeight: number, now: Date, language: string): Promise<HeadStart> {
  const folder = mediaFolder(mediaDir, media.id);
  const known = await knownFolder(folder);
  const captions = media.captions.flatMap((language) => [`captions/${language}.m3u8`, `captions/${language}.vtt`]);
  const renditions = await Promise.all(
    media.renditions
      .filter((rendition) => rendition.height <= maxHeight)
      .map(async ({ name }) => {
        const playlist = renditionPlaylistFile(media, name, language);
        const parts = playlistParts(await playlistOf(known, folder, playlist));
        const first = [parts.init ?? 'init.mp4', ...parts.segments.slice(0, HEAD_START_SEGMENTS)].map((file) => `${name}/${file}`);
        const url = (file: string) => signFileUrl(secret, { sessionId: deviceId, mediaId: media.id, file }, now, HEAD_START_TTL_SECONDS).url;
        return { rendition: name, files: [url(playlist), ...captions.map(url), `/media/${media.id}/poster.jpg`, ...first.map(url)] };
      }),
  );
  const expiresAt = new Date((Math.floor(now.getTime() / 1000) + HEAD_START_TTL_SECONDS) * 1000);
  return { expires_at: expiresAt.toISOString(), renditions: renditions };
}
