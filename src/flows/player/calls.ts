// The player's contract calls: start watching a class on this device, keep the session live,
// stop it, and save where the account is in the class; read and keep the account's player
// preferences (captions).
import { outcomeOf, type ApiClient } from '@api/client';
import { map, refusalBody, type CallsOf } from '@api/calls';
import type { Schemas } from '@domain/contract';
import { sessionOf, workoutOf, type HeartbeatAnswer, type PlaybackQualityReport, type PlaybackStart } from '@domain/playback';
import type { Outcome } from '@domain/request-outcome';

export const calls = (client: ApiClient) => ({
  /** Start watching a class here: a session, a refusal (403, by reason), the screens in use (409) or when its media will be ready (503). */
  startPlayback: async ({ classId, deviceId }: { classId: string; deviceId: string }, signal?: AbortSignal): Promise<Outcome<PlaybackStart>> => {
    const call = client.POST('/api/v1/playback/sessions', { body: { class_id: classId, device_id: deviceId }, signal });
    const outcome = await outcomeOf(call, signal);
    if (outcome.kind === 'ok') {
      const { session, duration_seconds, resume_position_seconds, playlists, preload } = outcome.data;
      const data: PlaybackStart = {
        kind: 'started',
        session: sessionOf(session),
        durationSeconds: duration_seconds,
        resumeSeconds: resume_position_seconds,
        workout: workoutOf(outcome.data),
        firstFrame: { playlists, preload },
      };
      return { kind: 'ok', data };
    }
    if (outcome.kind === 'failed' && outcome.status === 409) {
      const body = await refusalBody<Schemas['ScreenLimitError']>(call);
      if (body?.watching) return { kind: 'ok', data: { kind: 'screenLimit', screens: body.simultaneous_screens, watching: body.watching } };
    }
    if (outcome.kind === 'failed' && outcome.status === 403) {
      const body = await refusalBody<Schemas['PlaybackRefusedError']>(call);
      if (body?.reason) return { kind: 'ok', data: { kind: 'refused', reason: body.reason } };
    }
    if (outcome.kind === 'failed' && outcome.status === 503) {
      const body = await refusalBody<Schemas['MediaPreparingError']>(call);
      if (body?.ready_in_seconds) return { kind: 'ok', data: { kind: 'preparing', readyInSeconds: body.ready_in_seconds } };
    }
    return outcome;
  },
  /**
   * Keep the session live, reporting how playback goes; a 410 says it ended and why, a 403 that
   * access was lost. A quality report the server refuses (400) is dropped, never the heartbeat.
   */
  playbackHeartbeat: async ({ sessionId, quality }: { sessionId: string; quality?: PlaybackQualityReport }, signal?: AbortSignal): Promise<Outcome<HeartbeatAnswer>> => {
    const send = (body: { quality?: PlaybackQualityReport }) => client.POST('/api/v1/playback/sessions/{sessionId}/heartbeat', { params: { path: { sessionId } }, body, signal });
    let call = send({ quality });
    let outcome = await outcomeOf(call, signal);
    if (quality && outcome.kind === 'failed' && outcome.status === 400) {
      call = send({});
      outcome = await outcomeOf(call, signal);
    }
    if (outcome.kind === 'ok') return { kind: 'ok', data: { kind: 'live', session: sessionOf(outcome.data.session) } };
    if (outcome.kind === 'failed' && outcome.status === 410) {
      const body = await refusalBody<Schemas['PlaybackEndedError']>(call);
      if (body?.reason) return { kind: 'ok', data: { kind: 'ended', reason: body.reason } };
    }
    if (outcome.kind === 'failed' && outcome.status === 403) {
      const body = await refusalBody<Schemas['PlaybackRefusedError']>(call);
      if (body?.reason) return { kind: 'ok', data: { kind: 'refused', reason: body.reason } };
    }
    return outcome;
  },
  /** Stop a session of this account (this device's on leaving, with its last quality report; or another's to watch here). */
  stopPlayback: async ({ sessionId, keepalive, quality }: { sessionId: string; keepalive?: boolean; quality?: PlaybackQualityReport }, signal?: AbortSignal) => {
    const stop = (body: { quality?: PlaybackQualityReport }) =>
      map(outcomeOf(client.DELETE('/api/v1/playback/sessions/{sessionId}', { params: { path: { sessionId } }, body, signal, keepalive }), signal), () => ({}));
    const outcome = await stop({ quality });
    // A refused report must not keep the session open.
    return quality && outcome.kind === 'failed' && outcome.status === 400 ? stop({}) : outcome;
  },
  /** The programme under way (its id and title), or null: whether this class may finish one. */
  programmeUnderWay: (_input: Record<string, never>, signal?: AbortSignal) =>
    map(outcomeOf(client.GET('/api/v1/programmes/up-next', { signal }), signal), (data) => (data.upNext ? { id: data.upNext.programme.id, title: data.upNext.programme.title } : null)),
  /** Where the account is in that programme once the class is completed (finished or not). */
  programmeStatus: ({ id }: { id: string }, signal?: AbortSignal) =>
    map(outcomeOf(client.GET('/api/v1/programmes/{id}', { params: { path: { id } }, signal }), signal), (data) => ({ status: data.programme.following?.status ?? null })),
  /** What every class starts with (captions on in a language, or off). */
  playerPreferences: (signal?: AbortSignal) =>
    map(outcomeOf(client.GET('/api/v1/account/player-preferences', { signal }), signal), (data) => data.preferences),
  savePlayerPreferences: (body: Schemas['PlayerPreferences'], signal?: AbortSignal) =>
    map(outcomeOf(client.PUT('/api/v1/account/player-preferences', { body, signal }), signal), (data) => data.preferences),
});

declare module '@api/calls' {
  interface Api extends CallsOf<typeof calls> {}
}
