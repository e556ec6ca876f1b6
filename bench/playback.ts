// Playback figures (issue 10): a subscriber's playback session on the real server, then the
// throughput of one segment (with and without a byte range, as players ask) against a bare
// Fastify + @fastify/static server serving the same file from the same directory.
import autocannon, { type Result } from 'autocannon';
import { ApiError, ApiSession, benchPassword, newIdentity } from './api-session';
import { startBareServer, type RunningServer } from './server-process';
import { ratioOf, type Row } from './table';

const desktopAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

/** Signs up, subscribes with the sandbox card and confirms: a trialing subscriber of `planId`. */
export async function subscriber(origin: string, planId = 'premium'): Promise<ApiSession & { email: string }> {
  const session = Object.assign(new ApiSession(origin), { email: '' });
  const { email, deviceId } = newIdentity('playback');
  session.email = email;
  await session.signUp(email, benchPassword, deviceId);
  const { url } = await session.call<{ url?: string }>('subscribe', 'POST', '/api/v1/payments/subscribe', 200, { auth: true, json: { plan: planId } });
  if (!url) throw new Error('subscribe: no checkout url');
  const checkout = new URL(url, origin).pathname; // the sandbox answers a root-relative url
  const paid = await session.request('POST', checkout, { form: { card_number: '4242 4242 4242 4242', exp: '12/30', cvc: '123', name: 'Bench User' } });
  const sessionId = new URL(paid.headers.location ?? '', origin).searchParams.get('session_id');
  if (paid.status !== 303 || !sessionId) throw new ApiError('sandbox card', paid);
  await session.call('confirm', 'POST', '/api/v1/payments/subscription-current', 200, { auth: true, json: { customer: sessionId, deviceId: 'bench-device-1' } });
  return session;
}

export interface PlaybackStart {
  /** Root-relative URLs, signed for this session. */
  masterPlaylist: string;
  firstSegment: string;
  /** The segment's path under MEDIA_DIR. */
  segmentFile: string;
}

/** A signed media path's file under MEDIA_DIR: `/media/<media>/<grant>/<file>` is `<media>/<file>` (decision 053). */
export const mediaFileOf = (pathname: string): string => decodeURIComponent(pathname.replace(/^\/media\/([^/]+)\/[^/]+\//, '$1/'));

const uris = (playlist: string) => playlist.split('\n').filter((line) => line && !line.startsWith('#'));

/** Starts playback of the first class with media and follows the playlists to a segment. */
export async function startPlayback(session: ApiSession, origin: string): Promise<PlaybackStart> {
  const { classes } = await session.call<{ classes: { id: string }[] }>('classes', 'GET', '/api/v1/classes', 200, { auth: true });
  for (const listed of classes) {
    const started = await session.request('POST', '/api/v1/playback/sessions', {
      auth: true,
      headers: { 'user-agent': desktopAgent },
      json: { class_id: listed.id, device_id: `bench${Date.now().toString(36)}`.slice(0, 20) },
    });
    if (started.status === 503) continue;
    if (started.status !== 201) throw new ApiError('start playback', started);
    const masterPlaylist = new URL((JSON.parse(started.text()) as { session: { master_playlist_url: string } }).session.master_playlist_url, origin);
    const master = await session.request('GET', masterPlaylist.pathname + masterPlaylist.search);
    const rendition = new URL(uris(master.text())[0] ?? '', masterPlaylist);
    const renditionPlaylist = await session.request('GET', rendition.pathname + rendition.search);
    const segment = new URL(uris(renditionPlaylist.text())[0] ?? '', rendition);
    if (!segment.pathname.startsWith('/media/')) throw new Error(`unexpected segment URL ${segment.pathname}`);
    return {
      masterPlaylist: masterPlaylist.pathname + masterPlaylist.search,
      firstSegment: segment.pathname + segment.search,
      segmentFile: mediaFileOf(segment.pathname),
    };
  }
  throw new Error('no class has media yet');
}

export interface SegmentOptions {
  label: string;
  mediaDir: string;
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
}

function load(url: string, seconds: number, connections: number, range: string | null): Promise<Result> {
  return autocannon({ url, connections, duration: seconds, headers: range ? { range } : {} });
}

/** Segment requests/s against the bare static server, whole and as a 64 KiB range. */
export async function measureSegments(server: RunningServer, options: SegmentOptions): Promise<Row[]> {
  const session = await subscriber(server.origin);
  const playback = await startPlayback(session, server.origin);
  const bare = await startBareServer([], { staticRoot: options.mediaDir });
  const rows: Row[] = [];
  try {
    for (const range of [null, 'bytes=0-65535']) {
      const product = `${server.origin}${playback.firstSegment}`;
      const baseline = `${bare.origin}/static/${playback.segmentFile}`;
      if (options.warmupSeconds > 0) {
        await load(product, options.warmupSeconds, options.connections, range);
        await load(baseline, options.warmupSeconds, options.connections, range);
      }
      const ours = await load(product, options.durationSeconds, options.connections, range);
      const theirs = await load(baseline, options.durationSeconds, options.connections, range);
      // 206 Partial Content is a 2xx: anything else is a failure.
      const failures = ours.errors + ours.timeouts + ours.non2xx;
      if (theirs.errors + theirs.timeouts + theirs.non2xx > 0) throw new Error(`the bare static server failed requests for ${playback.segmentFile}`);
      const name = `segment GET${range ? ' (Range 64 KiB)' : ''}`;
      const group = `playback ${options.label}`;
      const bytes = Math.round(ours.throughput.average / Math.max(1, ours.requests.average));
      rows.push(
        {
          group,
          figure: `${name} requests/s`,
          value: Math.round(ours.requests.average),
          unit: 'req/s',
          baseline: Math.round(theirs.requests.average),
          ratio: ratioOf(ours.requests.average, theirs.requests.average),
          budget: { kind: 'min', limit: 0.8, of: 'ratio' },
          note: `${options.durationSeconds} s, ${options.connections} connections, ${bytes} B per response, bare = Fastify + @fastify/static`,
        },
        { group, figure: `${name} p99 latency`, value: ours.latency.p99, unit: 'ms', baseline: theirs.latency.p99, ratio: ratioOf(ours.latency.p99, theirs.latency.p99) },
        { group, figure: `${name} errors`, value: failures, unit: '', budget: { kind: 'equal', limit: 0, of: 'value' } },
      );
      console.log(`  ${options.label} ${name}: ${Math.round(ours.requests.average)} req/s vs bare ${Math.round(theirs.requests.average)}`);
    }
  } finally {
    await bare.stop();
  }
  return rows;
}
