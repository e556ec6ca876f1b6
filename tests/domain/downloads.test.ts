// The download rules the app follows on this device: the qualities offered, the local URLs the
// service worker answers, and the signed media URLs (their grants swapped, their files named
// whatever grant opens them).
import { describe, expect, it } from 'vitest';
import { classOfLocalPath, defaultQuality, downloadParts, licenceExpired, localBase, localMaster, localUrl, qualityChoices } from '@domain/downloads';
import { unsignedPath, withGrant } from '@domain/media-urls';
import { files } from '../machines/model/download-fixtures';

describe('qualityChoices', () => {
  it('offers every rendition up to the plan cap, the smaller first', () => {
    expect(qualityChoices(720)).toEqual(['360p', '720p']);
    expect(qualityChoices(1080)).toEqual(['360p', '720p', '1080p']);
    expect(qualityChoices(2160)).toEqual(['360p', '720p', '1080p', '2160p']);
    expect(qualityChoices(null)).toEqual([]);
  });
});

describe('defaultQuality', () => {
  it('chooses the one below the cap, or the only one', () => {
    expect(defaultQuality(360)).toBe('360p');
    expect(defaultQuality(720)).toBe('360p');
    expect(defaultQuality(1080)).toBe('720p');
    expect(defaultQuality(2160)).toBe('1080p');
    expect(defaultQuality(null)).toBeNull();
  });
});

describe('local URLs', () => {
  it('keeps the media layout under /offline/<class>/ with no grant', () => {
    expect(localUrl('c 1', '/media/m1/t.s1.720.1800000000.sig/720p/seg1.m4s')).toBe('/offline/c%201/720p/seg1.m4s');
    expect(localUrl('c1', '/media/m1/f.d1.1800000000.sig/captions/en.vtt')).toBe('/offline/c1/captions/en.vtt');
    expect(localUrl('c1', '/media/m1/poster.jpg')).toBe('/offline/c1/poster.jpg');
  });

  it('points the master playlist at the local copies', () => {
    const master = '#EXTM3U\n#EXT-X-MEDIA:TYPE=SUBTITLES,URI="/media/m1/captions/en.m3u8"\n#EXT-X-STREAM-INF:BANDWIDTH=1\n/media/m1/720p/playlist.m3u8\n';
    expect(localMaster('c1', master)).toBe('#EXTM3U\n#EXT-X-MEDIA:TYPE=SUBTITLES,URI="/offline/c1/captions/en.m3u8"\n#EXT-X-STREAM-INF:BANDWIDTH=1\n/offline/c1/720p/playlist.m3u8\n');
  });

  it('lists every file once: playlist, both caption tracks, both chapters tracks, poster, init and segments', () => {
    const parts = downloadParts('c1', files);
    expect(parts.map((part) => part.local)).toEqual([
      '/offline/c1/720p/playlist.m3u8',
      '/offline/c1/captions/en.m3u8',
      '/offline/c1/captions/en.vtt',
      '/offline/c1/captions/es.m3u8',
      '/offline/c1/captions/es.vtt',
      '/offline/c1/chapters/en.vtt',
      '/offline/c1/chapters/es.vtt',
      '/offline/c1/poster.jpg',
      '/offline/c1/720p/init.mp4',
      '/offline/c1/720p/seg1.m4s',
      '/offline/c1/720p/seg2.m4s',
    ]);
    expect(parts.reduce((sum, part) => sum + part.bytes, 0)).toBe(files.total_bytes);
  });
});

describe('signed media URLs', () => {
  const base = 'https://fitstream.test/player/c1';
  it('swaps in a newer grant, leaving the file and unsigned URLs as they are', () => {
    expect(withGrant('/media/m1/t.s1.720.100.old/720p/seg1.m4s', 't.s1.720.400.new', base)).toBe('https://fitstream.test/media/m1/t.s1.720.400.new/720p/seg1.m4s');
    expect(withGrant('https://fitstream.test/media/m1/poster.jpg', 't.s1.720.400.new', base)).toBe('https://fitstream.test/media/m1/poster.jpg');
    expect(withGrant('/media/m1/t.s1.720.100.old/720p/seg1.m4s', '', base)).toBe('/media/m1/t.s1.720.100.old/720p/seg1.m4s');
  });

  it('names one file the same under any grant', () => {
    expect(unsignedPath('/media/m1/t.s1.720.100.a/720p/init.mp4')).toBe(unsignedPath('/media/m1/f.d9.100.b/720p/init.mp4'));
    expect(unsignedPath('/media/m1/f.d9.100.b/720p/init.mp4')).toBe('/media/m1/720p/init.mp4');
  });
});

describe('licenceExpired', () => {
  it('refuses to play a licence past its expiry', () => {
    expect(licenceExpired({ expiresAt: '2026-12-25T20:00:00.000Z' }, new Date('2026-12-25T19:59:59Z'))).toBe(false);
    expect(licenceExpired({ expiresAt: '2026-12-25T20:00:00.000Z' }, new Date('2026-12-25T20:00:00Z'))).toBe(true);
  });
});

describe('classOfLocalPath', () => {
  it('reads back the class of any local URL the app stores, and nothing of another path', () => {
    expect(classOfLocalPath(`${localBase('a b/"c')}720p/segment-000.m4s`)).toBe('a b/"c');
    expect(classOfLocalPath(`${localBase('sunrise')}poster.jpg`)).toBe('sunrise');
    expect(classOfLocalPath('/media/sunrise/720p/segment-000.m4s')).toBeNull();
    expect(classOfLocalPath('/offline')).toBeNull();
  });
});
