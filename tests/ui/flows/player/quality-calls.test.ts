// The player's calls carry the quality report (src/flows/player/calls.ts) through the real client:
// the heartbeat and the stop send it in their body; a report the server refuses (400) is dropped
// and the call made again without it, so measuring can never end playback or keep a session open.
import { describe, expect, it } from 'vitest';
import { createApiClient } from '@api/client';
import { calls } from '@flows/player/calls';
import type { PlaybackQualityReport } from '@domain/playback';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const session = {
  id: 's-1',
  class_id: 'c-1',
  media_id: 'm-1',
  device_name: 'Chrome on Linux',
  started_at: '2026-11-28T10:00:00.000Z',
  heartbeat_seconds: 30,
  max_video_height: 1080,
  master_playlist_url: '/api/v1/playback/sessions/s-1/master.m3u8?token=t2',
  token: 't2',
  token_expires_at: '2026-11-28T10:05:00.000Z',
};
const refused = () => json(400, { isSuccess: false, statusCode: 400, code: 'playback.quality.wentDown', message: 'Not saved.' });
const quality: PlaybackQualityReport = { startup_ms: 900, watched_ms: 20_000, stalls: 0, stalled_ms: 0, switches: 1, rendition: '720p', failures: { network: 0, media: 0, unsupported: 0, other: 0 } };

function player(answers: Response[]) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  const fetch = async (request: Request) => {
    const text = await request.text();
    sent.push({ method: request.method, path: new URL(request.url).pathname, body: text ? JSON.parse(text) : null });
    return answers.shift() ?? json(500, {});
  };
  const auth = { token: () => 'token', freshToken: async () => ({ kind: 'noResponse' as const }), expired: () => {} };
  return { api: calls(createApiClient({ auth, fetch, baseUrl: 'http://app.test' })), sent };
}

describe('quality reports in the player calls', () => {
  it('go with the heartbeat, and a refused one is dropped, never the heartbeat', async () => {
    const { api, sent } = player([json(200, { isSuccess: true, session }), refused(), json(200, { isSuccess: true, session })]);
    expect(await api.playbackHeartbeat({ sessionId: 's-1', quality })).toMatchObject({ kind: 'ok', data: { kind: 'live' } });
    expect(await api.playbackHeartbeat({ sessionId: 's-1', quality })).toMatchObject({ kind: 'ok', data: { kind: 'live' } });
    expect(sent).toEqual([
      { method: 'POST', path: '/api/v1/playback/sessions/s-1/heartbeat', body: { quality } },
      { method: 'POST', path: '/api/v1/playback/sessions/s-1/heartbeat', body: { quality } },
      { method: 'POST', path: '/api/v1/playback/sessions/s-1/heartbeat', body: {} },
    ]);
  });

  it('go with the stop as the end report; a refused one does not keep the session open', async () => {
    const { api, sent } = player([json(200, { isSuccess: true }), refused(), json(200, { isSuccess: true })]);
    expect(await api.stopPlayback({ sessionId: 's-1', quality })).toEqual({ kind: 'ok', data: {} });
    expect(await api.stopPlayback({ sessionId: 's-1', quality })).toEqual({ kind: 'ok', data: {} });
    expect(sent).toEqual([
      { method: 'DELETE', path: '/api/v1/playback/sessions/s-1', body: { quality } },
      { method: 'DELETE', path: '/api/v1/playback/sessions/s-1', body: { quality } },
      { method: 'DELETE', path: '/api/v1/playback/sessions/s-1', body: {} },
    ]);
  });
});
