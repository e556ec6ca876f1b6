// HLS playlists as a session receives them: a master listing only the renditions its plan
// allows, under the session's grant; the stored media and caption playlists are served as they
// are, their relative URIs asked for under the same grant (docs/decisions/053).
import { mediaUrl } from './signing';
import type { MediaRow } from './store';

const languageNames: Record<string, string> = { en: 'English', es: 'Español' };

/**
 * The rendition playlist a viewer in `language` plays: the one opening in that language where the
 * media has one (the sample classes, docs/decisions/059), `playlist.m3u8` otherwise.
 */
export const renditionPlaylistFile = (media: Pick<MediaRow, 'openings'>, rendition: string, language: string): string =>
  media.openings.includes(language) ? `${rendition}/playlist-${language}.m3u8` : `${rendition}/playlist.m3u8`;

/** The master playlist's own URL: its language rides in the query (the edge passes the request to Node as it is). */
export const masterPlaylistUrl = (mediaId: string, token: string, language: string): string => `${mediaUrl(mediaId, token, 'master.m3u8')}?lang=${language}`;

export function masterPlaylist(media: MediaRow, maxHeight: number, token: string, language: string): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
  const subtitles = media.captions.length > 0;
  for (const language of media.captions) {
    const name = languageNames[language] ?? language;
    lines.push(
      `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="${name}",LANGUAGE="${language}",DEFAULT=NO,AUTOSELECT=YES,URI="${mediaUrl(media.id, token, `captions/${language}.m3u8`)}"`,
    );
  }
  for (const rendition of media.renditions.filter((candidate) => candidate.height <= maxHeight)) {
    const attributes = [
      `BANDWIDTH=${rendition.bandwidth}`,
      `RESOLUTION=${rendition.width}x${rendition.height}`,
      `CODECS="${rendition.codecs}"`,
      ...(rendition.hdr ? ['VIDEO-RANGE=PQ'] : []),
      ...(subtitles ? ['SUBTITLES="subs"'] : []),
    ];
    lines.push(`#EXT-X-STREAM-INF:${attributes.join(',')}`, mediaUrl(media.id, token, renditionPlaylistFile(media, rendition.name, language)));
  }
  return `${lines.join('\n')}\n`;
}

/** The segment URIs of a stored media playlist with the seconds each starts at, in order. */
function segmentsOf(stored: string): { uri: string; startSeconds: number }[] {
  const segments: { uri: string; startSeconds: number }[] = [];
  let at = 0;
  let duration = 0;
  for (const line of stored.split('\n')) {
    if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice('#EXTINF:'.length)) || 0;
    else if (line.trim() && !line.startsWith('#')) {
      segments.push({ uri: line.trim(), startSeconds: at });
      at += duration;
    }
  }
  return segments;
}

/**
 * What a player needs for its first frame, from the session's start answer (docs/decisions/044):
 * the master and the first rendition's media playlist inline (as their GETs would answer), and
 * the signed URLs of that rendition's init segment, first segment and the segment holding the
 * resume position, which the player fetches at once. The first rendition is the lowest the plan
 * allows, where the player starts (hls.js `startLevel: 0`; its ABR then climbs).
 */
export function firstFramePlaylists(
  media: MediaRow,
  maxHeight: number,
  token: string,
  master: { url: string; language: string },
  first: { name: string; stored: string } | null,
  resumeSeconds: number,
): { playlists: { url: string; body: string }[]; preload: string[] } {
  const playlists = [{ url: master.url, body: masterPlaylist(media, maxHeight, token, master.language) }];
  if (!first) return { playlists, preload: [] };
  playlists.push({ url: mediaUrl(media.id, token, renditionPlaylistFile(media, first.name, master.language)), body: first.stored });
  const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(first.stored)?.[1];
  const segments = segmentsOf(first.stored);
  const resumed = resumeSeconds > 0 ? segments.findLast((segment) => segment.startSeconds <= resumeSeconds) : undefined;
  const uris = [...new Set([init, segments[0]?.uri, resumed?.uri].filter((uri): uri is string => Boolean(uri)))];
  return { playlists, preload: uris.map((uri) => mediaUrl(media.id, token, `${first.name}/${uri}`)) };
}

/** The rendition a player starts with: the lowest under the plan's cap (hls.js's first level, `startLevel: 0`). */
export const firstRendition = (media: MediaRow, maxHeight: number) =>
  media.renditions.filter((rendition) => rendition.height <= maxHeight).sort((a, b) => a.height - b.height)[0] ?? null;
