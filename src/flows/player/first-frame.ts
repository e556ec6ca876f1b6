// The first frame without round trips (docs/decisions/044): the playback session's start answer
// carries the master and first media playlists inline and names the first segments. While the
// start is on its way, hls.js loads; when it answers, the segments are fetched into the HTTP
// cache (immutable, so hls.js's own requests for the same URLs are served from it) and the
// playlists are kept here, for the media actor's playlist loader to answer without a request.
import type Hls from 'hls.js';
import { unsignedPath } from '@domain/media-urls';
import type { LoaderCallbacks, LoaderConfiguration, LoaderContext, PlaylistLoaderConstructor } from 'hls.js';

export interface FirstFrame {
  /** Playlists inline: their signed URL (root-relative) and body. */
  playlists: { url: string; body: string }[];
  /** Signed URLs (root-relative) of the first rendition's init and first segments. */
  preload: string[];
}

/** Inline playlists by path without the grant (a heartbeat's newer grant must not make one miss); each is served once. */
const inline = new Map<string, string>();

const pathOf = (url: string) => unsignedPath(new URL(url, window.location.href).pathname);

/** Starts loading hls.js (the media actor imports the same module, then from the cache). */
export function warmPlayer(): void {
  void import('hls.js').catch(() => {});
}

/** Keeps the start answer's playlists and fetches its first segments now, in parallel. */
export function primeFirstFrame({ playlists, preload }: FirstFrame): void {
  inline.clear();
  for (const { url, body } of playlists) inline.set(pathOf(url), body);
  for (const url of preload) {
    // Read to the end, so the response is in the cache; a failure only means hls.js asks again.
    void fetch(url, { credentials: 'same-origin' })
      .then((response) => response.arrayBuffer())
      .catch(() => {});
  }
}

/** The inline body for a playlist URL, once (later reloads go to the server). */
export function takeInlinePlaylist(url: string): string | undefined {
  const path = pathOf(url);
  const body = inline.get(path);
  inline.delete(path);
  return body;
}

/** hls.js's playlist loader, answering inline playlists from memory and every other one over the network. */
export function inlinePlaylistLoader(Engine: typeof Hls): PlaylistLoaderConstructor {
  const Network = Engine.DefaultConfig.loader;
  class InlinePlaylistLoader extends Network {
    override load(context: LoaderContext, config: LoaderConfiguration, callbacks: LoaderCallbacks<LoaderContext>): void {
      const body = takeInlinePlaylist(context.url);
      if (body === undefined) return super.load(context, config, callbacks);
      const now = performance.now();
      const { stats } = this;
      stats.loading.start = stats.loading.first = stats.loading.end = now;
      stats.loaded = stats.total = body.length;
      // Asynchronously, as a request would answer.
      queueMicrotask(() => callbacks.onSuccess({ url: context.url, data: body }, stats, context, null));
    }
  }
  return InlinePlaylistLoader as unknown as PlaylistLoaderConstructor;
}
