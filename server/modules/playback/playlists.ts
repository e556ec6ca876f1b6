// HLS playlists as a session receives them: a master listing only the renditions its plan
// allows, and the stored media and caption playlists with every URI signed by the same token.
import type { MediaRow } from '@server/modules/media/store';

const languageNames: Record<string, string> = { en: 'English', es: 'Español' };

function signed(uri: string, token: string): string {
  return `${uri}?token=${encodeURIComponent(token)}`;
}

export function masterPlaylist(media: MediaRow, maxHeight: number, token: string): string {
  const base = `/media/${media.id}`;
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
  const subtitles = media.captions.length > 0;
  for (const language of media.captions) {
    const name = languageNames[language] ?? language;
    lines.push(
      `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="${name}",LANGUAGE="${language}",DEFAULT=NO,AUTOSELECT=YES,URI="${signed(`${base}/captions/${language}.m3u8`, token)}"`,
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
    lines.push(`#EXT-X-STREAM-INF:${attributes.join(',')}`, signed(`${base}/${rendition.name}/playlist.m3u8`, token));
  }
  return `${lines.join('\n')}\n`;
}

/** A stored media or subtitle playlist with its (relative) segment and init URIs signed. */
export function signPlaylist(stored: string, token: string): string {
  return stored
    .split('\n')
    .map((line) => {
      if (line.startsWith('#EXT-X-MAP:')) return line.replace(/URI="([^"]+)"/, (_, uri: string) => `URI="${signed(uri, token)}"`);
      return line && !line.startsWith('#') ? signed(line.trim(), token) : line;
    })
    .join('\n');
}
