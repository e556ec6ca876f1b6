// Downloads on this device (docs/decisions/038 and 040): what the app keeps of a download, the
// qualities a plan may download, and the stable local URLs (`/offline/<class>/…`) the service
// worker answers from Cache Storage, with the playlists rewritten to point at them.
import type { Schemas } from './contract';
import { unsignedPath } from './media-urls';

export type DownloadFiles = Schemas['DownloadFiles'];
export type DownloadLicence = Schemas['DownloadLicence'];
export type DownloadDevice = Schemas['DownloadDevice'];
export type RevokeReason = Schemas['DownloadRevokeReason'];
export type DownloadRefusal = NonNullable<Schemas['DownloadRefusedError']['reason']>;

/** What the app keeps of one download (IndexedDB); the files themselves are in Cache Storage. */
export interface DownloadRecord {
  classId: string;
  title: Schemas['LocalizedText'];
  /** The rendition, e.g. `720p`. */
  quality: string;
  bytes: number;
  licenceId: string;
  expiresAt: string;
  /** Local URLs already stored (a resumed download skips them). */
  done: string[];
  /** How many files the download has (the master playlist included). */
  fileCount: number;
  complete: boolean;
  /** Where the account was in the class when last watched here (resume offline). */
  positionSeconds: number;
  durationSeconds: number;
  savedAt: string;
}

/** The answer to "a licence for this class at this quality". */
export type LicenceAnswer =
  | { kind: 'issued'; licence: DownloadLicence; files: DownloadFiles }
  | { kind: 'deviceLimit'; downloadDevices: number; devices: DownloadDevice[] }
  | { kind: 'classLimit'; classesPerDevice: number }
  | { kind: 'refused'; reason: DownloadRefusal | null };

/** The renditions of the media ladder (decision 011's sample media), by height. */
export const DOWNLOAD_LADDER = [360, 720, 1080, 2160] as const;

/**
 * The qualities a plan capped at `maxHeight` may download: every rendition up to the cap, the
 * smaller first, so a device short of space can take a smaller one (issue 40).
 */
export function qualityChoices(maxHeight: number | null): string[] {
  if (maxHeight === null) return [];
  return DOWNLOAD_LADDER.filter((height) => height <= maxHeight).map((height) => `${height}p`);
}

/**
 * The quality chosen until the subscriber picks another: the one below the cap (less space and
 * a faster download than the cap, sharp enough on any screen), the cap when it is the smallest.
 */
export function defaultQuality(maxHeight: number | null): string | null {
  const choices = qualityChoices(maxHeight);
  return choices.at(-2) ?? choices[0] ?? null;
}

export const heightOf = (quality: string): number => Number.parseInt(quality, 10) || 0;

/** Where downloaded files live, by their local URLs: the service worker answers them from their class's cache. */
export const OFFLINE_ROOT = '/offline/';
/** Where a class's files live on this device. */
export const localBase = (classId: string): string => `${OFFLINE_ROOT}${encodeURIComponent(classId)}/`;
/** The class a local URL's path belongs to (`/offline/<class>/…`), or null for any other path. */
export const classOfLocalPath = (pathname: string): string | null => (pathname.startsWith(OFFLINE_ROOT) ? decodeURIComponent(pathname.split('/')[2] ?? '') : null);
export const localMasterUrl = (classId: string): string => `${localBase(classId)}master.m3u8`;
export const localPosterUrl = (classId: string): string => `${localBase(classId)}poster.jpg`;
/** Where a downloaded class's chapters track in `language` lives on this device. */
export const localChaptersUrl = (classId: string, language: string): string => `${localBase(classId)}chapters/${language}.vtt`;

/** The local URL of a media file (`/media/<media>/<grant>/720p/seg1.m4s` → `/offline/<class>/720p/seg1.m4s`). */
export function localUrl(classId: string, mediaUrl: string): string {
  const path = unsignedPath(mediaUrl.split('?')[0] ?? '');
  const rest = path.replace(/^\/media\/[^/]+\//, '');
  return `${localBase(classId)}${rest}`;
}

/** The server's master playlist of the downloaded rendition, its `/media/<media>/` URIs made local. */
export function localMaster(classId: string, master: string): string {
  return master.replace(/\/media\/[^/"\s]+\//g, localBase(classId));
}

export interface DownloadPart {
  /** Signed URL on the server. */
  url: string;
  /** Where it is kept on this device. */
  local: string;
  bytes: number;
}

/** Every file a download stores, in the order fetched (the small ones first: the player needs them before any segment). */
export function downloadParts(classId: string, files: DownloadFiles): DownloadPart[] {
  const part = (file: { url: string; bytes: number }): DownloadPart => ({ url: file.url, local: localUrl(classId, file.url), bytes: file.bytes });
  return [
    part(files.playlist),
    ...files.captions.flatMap((caption) => [part(caption.playlist), part(caption.track)]),
    ...files.chapters.map((chapter) => part(chapter.track)),
    part(files.poster),
    part(files.init),
    ...files.segments.map((segment) => part(segment)),
  ];
}

/** A licence past its expiry does not play offline (decision 038). */
export const licenceExpired = (record: Pick<DownloadRecord, 'expiresAt'>, now: Date): boolean => new Date(record.expiresAt).getTime() <= now.getTime();

/** A local playback session's id: never sent to the server. */
export const OFFLINE_SESSION_PREFIX = 'offline:';
export const isOfflineSession = (sessionId: string): boolean => sessionId.startsWith(OFFLINE_SESSION_PREFIX);
