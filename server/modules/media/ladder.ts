// The HLS rendition ladder every media is transcoded into (H.264 + AAC in fMP4 segments), and
// what the store records of a transcoded media (its `media.json` manifest and database row).
// Which files of a folder may be served is openapi.yaml's to say (the media routes' path patterns).

export interface Rendition {
  /** The folder and the playlist's name: the picture height and "p" ('720p'). */
  name: string;
  width: number;
  height: number;
  /** Peak bits per second over any segment, as the master playlist's BANDWIDTH. */
  bandwidth: number;
  /** RFC 6381 codecs of the video and audio, as the master playlist's CODECS. */
  codecs: string;
  hdr: boolean;
}

export interface MediaManifest {
  id: string;
  durationSeconds: number;
  /** Lowest first. */
  renditions: Rendition[];
  /** Languages with a WebVTT track ('en', 'es'). */
  captions: string[];
  /** Languages with a WebVTT chapters track (absent in manifests made before chapters). */
  chapters?: string[];
  /**
   * Languages with a rendition playlist of their own, `<rendition>/playlist-<language>.m3u8`,
   * opening with a segment in that language (the sample classes, docs/decisions/059); absent or
   * empty: `playlist.m3u8` only.
   */
  openings?: string[];
}

export interface LadderStep {
  height: number;
  profile: 'main' | 'high';
  /** The H.264 level: high enough for 60 frames per second at this size. */
  level: string;
  /** avc1 profile/constraints/level, matching `profile` and `level`. */
  avc: string;
  /** Target video bitrate for camera footage; the sample clips use a fraction of it. */
  videoKbps: number;
}

export const AUDIO_CODEC = 'mp4a.40.2';
export const AUDIO_KBPS = 96;

export const ladder: readonly LadderStep[] = [
  { height: 360, profile: 'main', level: '3.0', avc: 'avc1.4d401e', videoKbps: 800 },
  { height: 720, profile: 'main', level: '3.2', avc: 'avc1.4d4020', videoKbps: 3000 },
  { height: 1080, profile: 'high', level: '4.2', avc: 'avc1.64002a', videoKbps: 6000 },
  { height: 2160, profile: 'high', level: '5.2', avc: 'avc1.640034', videoKbps: 16000 },
];

export function renditionName(height: number): string {
  return `${height}p`;
}

/** The height a rendition name stands for ('1080p' → 1080), or null when it is not one. */
export function renditionHeight(name: string): number | null {
  const match = /^(\d{3,4})p$/.exec(name);
  return match ? Number(match[1]) : null;
}

/** Media ids are folder names: lowercase letters, digits and dashes (openapi.yaml's MediaId too). */
export const MEDIA_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;
