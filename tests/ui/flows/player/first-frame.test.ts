// The first frame's shortcuts (src/flows/player/first-frame.ts): the start answer's playlists are
// served to hls.js from memory once (whatever grant a later URL carries), every other playlist
// goes to the network, and the named segments are fetched at once; a downloaded class's stored
// playlists are read from its cache (decision 046).
import { afterEach, describe, expect, it, vi } from 'vitest';
import type Hls from 'hls.js';
import { inlinePlaylistLoader, primeFirstFrame, takeInlinePlaylist } from '@flows/player/first-frame';
import { readFirstPlaylists } from '@features/downloads/store';

const MASTER = '/media/m-1/t.s-1.720.100.sig1/master.m3u8';
const RENDITION = '/media/m-1/t.s-1.720.100.sig1/360p/playlist.m3u8';

/** hls.js's own loader, as far as the inline loader uses it: stats, and load() going to the network. */
class NetworkLoader {
  static loaded: string[] = [];
  stats = { loading: { start: 0, first: 0, end: 0 }, loaded: 0, total: 0 };
  load(context: { url: string }) {
    NetworkLoader.loaded.push(context.url);
  }
}
const FakeHls = { DefaultConfig: { loader: NetworkLoader } } as unknown as typeof Hls;

afterEach(() => {
  vi.unstubAllGlobals();
  NetworkLoader.loaded = [];
});

describe('the first frame from the start answer', () => {
  it('fetches each named segment at once, and serves each playlist once, by its path', () => {
    const fetched: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      fetched.push(url);
      return Promise.resolve(new Response(new ArrayBuffer(8)));
    });
    primeFirstFrame({ playlists: [{ url: MASTER, body: '#EXTM3U master' }, { url: RENDITION, body: '#EXTM3U rendition' }], preload: ['/media/m-1/t.s-1.720.100.sig1/360p/init.mp4'] });
    expect(fetched).toEqual(['/media/m-1/t.s-1.720.100.sig1/360p/init.mp4']);
    // hls.js asks with absolute URLs, and a renewed grant must not make the playlist miss.
    expect(takeInlinePlaylist(`${window.location.origin}${MASTER}`)).toBe('#EXTM3U master');
    expect(takeInlinePlaylist(RENDITION.replace('t.s-1.720.100.sig1', 't.s-1.720.130.sig2'))).toBe('#EXTM3U rendition');
    expect(takeInlinePlaylist(MASTER)).toBeUndefined();
  });

  it("answers hls.js's playlist requests from memory, and any other over the network", async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('')));
    primeFirstFrame({ playlists: [{ url: MASTER, body: '#EXTM3U master' }], preload: [] });
    const Loader = inlinePlaylistLoader(FakeHls) as unknown as new () => { load: (context: { url: string }, config: unknown, callbacks: unknown) => void };
    const onSuccess = vi.fn();
    new Loader().load({ url: `${window.location.origin}${MASTER}` }, {}, { onSuccess });
    new Loader().load({ url: `${window.location.origin}${RENDITION}` }, {}, { onSuccess });
    await Promise.resolve();
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(onSuccess.mock.calls[0]![0]).toEqual({ url: `${window.location.origin}${MASTER}`, data: '#EXTM3U master' });
    expect(NetworkLoader.loaded).toEqual([`${window.location.origin}${RENDITION}`]);
  });
});

describe('the first frame of a downloaded class', () => {
  it('reads the stored master and its rendition playlist from the class cache, by their local paths', async () => {
    const stored: Record<string, string> = {
      '/offline/yoga/master.m3u8': '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=1280x720\n/offline/yoga/720p/playlist.m3u8\n',
      '/offline/yoga/720p/playlist.m3u8': '#EXTM3U\n#EXT-X-MAP:URI="/offline/yoga/720p/init.mp4"\n',
    };
    const asked: { url: string; cacheName?: string }[] = [];
    vi.stubGlobal('caches', {
      match: (url: string, options?: { cacheName?: string }) => {
        asked.push({ url, cacheName: options?.cacheName });
        const body = options?.cacheName === 'fitstream-offline-yoga' ? stored[url] : undefined;
        return Promise.resolve(body === undefined ? undefined : new Response(body));
      },
    });
    expect(await readFirstPlaylists('yoga')).toEqual([
      { url: '/offline/yoga/master.m3u8', body: stored['/offline/yoga/master.m3u8'] },
      { url: '/offline/yoga/720p/playlist.m3u8', body: stored['/offline/yoga/720p/playlist.m3u8'] },
    ]);
    // Only that class's cache is read (no cache is opened, so none is created for a class never downloaded).
    expect(asked.every((entry) => entry.cacheName === 'fitstream-offline-yoga')).toBe(true);
    expect(await readFirstPlaylists('pilates')).toEqual([]);
  });
});
