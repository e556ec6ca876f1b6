// A download's fixtures for the download machines' tests: a licence, its files and records.
import type { DownloadFiles, DownloadLicence, DownloadRecord } from '@domain/downloads';

export const LICENCE_ID = '00000000-0000-4000-8000-00000000000a';
export const PHONE = '00000000-0000-4000-8000-000000000002';

const file = (url: string, bytes: number) => ({ url, bytes });
export const files: DownloadFiles = {
  token: 't',
  token_expires_at: '2026-11-26T03:00:00.000Z',
  master_playlist: '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\n/media/m1/720p/playlist.m3u8\n',
  playlist: file('/media/m1/t.l1.720.1800000000.sig/720p/playlist.m3u8', 100),
  init: file('/media/m1/t.l1.720.1800000000.sig/720p/init.mp4', 1000),
  segments: [file('/media/m1/t.l1.720.1800000000.sig/720p/seg1.m4s', 4_000_000), file('/media/m1/t.l1.720.1800000000.sig/720p/seg2.m4s', 4_000_000)],
  captions: [
    { language: 'en', playlist: file('/media/m1/t.l1.720.1800000000.sig/captions/en.m3u8', 50), track: file('/media/m1/t.l1.720.1800000000.sig/captions/en.vtt', 500) },
    { language: 'es', playlist: file('/media/m1/t.l1.720.1800000000.sig/captions/es.m3u8', 50), track: file('/media/m1/t.l1.720.1800000000.sig/captions/es.vtt', 500) },
  ],
  chapters: [
    { language: 'en', track: file('/media/m1/t.l1.720.1800000000.sig/chapters/en.vtt', 100) },
    { language: 'es', track: file('/media/m1/t.l1.720.1800000000.sig/chapters/es.vtt', 100) },
  ],
  poster: file('/media/m1/poster.jpg', 20_000),
  total_bytes: 8_022_400,
};

export const licence: DownloadLicence = {
  id: LICENCE_ID,
  class_id: 'c1',
  media_id: 'm1',
  rendition: '720p',
  height: 720,
  device_id: '00000000-0000-4000-8000-000000000001',
  issued_at: '2026-11-25T20:00:00.000Z',
  renewed_at: '2026-11-25T20:00:00.000Z',
  expires_at: '2026-12-25T20:00:00.000Z',
};

export const record = (complete: boolean): DownloadRecord => ({
  classId: 'c1',
  title: { en: 'Morning flow', es: 'Flujo matinal' },
  quality: '720p',
  bytes: files.total_bytes,
  licenceId: LICENCE_ID,
  expiresAt: licence.expires_at,
  done: [],
  fileCount: 8,
  complete,
  positionSeconds: 0,
  durationSeconds: 600,
  savedAt: '2026-11-25T20:00:00.000Z',
});

export const device = { device_id: PHONE, device_name: 'Chrome on Android', profile_name: 'Leo', last_seen_at: '2026-11-20T10:00:00.000Z', classes: 3, current: false };
