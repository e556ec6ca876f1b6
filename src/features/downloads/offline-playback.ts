// A downloaded class plays from this device (docs/decisions/040): the player's session actors
// answer a local session (the stored master playlist, no token, no server session) for a class
// downloaded here whose licence has not expired; everything else goes to the server as before.
import type { Outcome } from '@domain/request-outcome';
import type { Schemas } from '@domain/contract';
import type { HeartbeatAnswer, PlaybackQualityReport, PlaybackSession, PlaybackStart } from '@domain/playback';
import { heightOf, isOfflineSession, licenceExpired, localMasterUrl, localPosterUrl, OFFLINE_SESSION_PREFIX } from '@domain/downloads';
import { storageAvailable } from './offline-caches';
import { readChapterTracks, readFirstPlaylists, readRecord, writeRecord } from './store';

/** Long: a local session has nothing to renew; its "heartbeat" only answers live. */
const LOCAL_HEARTBEAT_SECONDS = 3600;

/** The local session of a class `account` downloaded here, or null (not downloaded, incomplete, expired, or another account's). */
export async function offlineStart(account: string | null, classId: string, now = new Date()): Promise<Extract<PlaybackStart, { kind: 'started' }> | null> {
  if (!storageAvailable()) return null;
  // The stored playlists are read alongside the record: the player answers them from memory (docs/decisions/046).
  const [record, playlists, chapterTracks] = await Promise.all([
    readRecord(account, classId).catch(() => null),
    readFirstPlaylists(classId).catch(() => []),
    readChapterTracks(classId).catch(() => []),
  ]);
  if (!record?.complete || licenceExpired(record, now)) return null;
  const session: PlaybackSession = {
    id: `${OFFLINE_SESSION_PREFIX}${record.licenceId}`,
    master_playlist_url: localMasterUrl(classId),
    token: '',
    heartbeat_seconds: LOCAL_HEARTBEAT_SECONDS,
    max_video_height: heightOf(record.quality),
  };
  return {
    kind: 'started',
    session,
    durationSeconds: record.durationSeconds,
    resumeSeconds: record.positionSeconds,
    workout: { title: record.title, instructor: '', posterUrl: localPosterUrl(classId), chapterTracks },
    // Nothing to fetch ahead: the segments come from the cache through the worker.
    firstFrame: { playlists, preload: [] },
  };
}

/** Where the account is in a class; the report that ends it may carry its effort (decision 073). */
type ProgressReport = { classId: string; seconds: number; keepalive?: boolean; effort?: Schemas['EffortReport'] };

type Call<TInput, TData> = (input: TInput, signal?: AbortSignal) => Promise<Outcome<TData>>;

/** The player's session calls with the classes `account()` downloaded here played locally. */
export function withOfflinePlayback<TStart extends { classId: string }>(account: () => string | null, calls: {
  startPlayback: Call<TStart, PlaybackStart>;
  playbackHeartbeat: Call<{ sessionId: string; quality?: PlaybackQualityReport }, HeartbeatAnswer>;
  stopPlayback: Call<{ sessionId: string; keepalive?: boolean; quality?: PlaybackQualityReport }, object>;
  saveProgress: Call<ProgressReport, { completed: boolean }>;
}) {
  const live = new Map<string, PlaybackSession>();
  return {
    startPlayback: async (input: TStart, signal?: AbortSignal): Promise<Outcome<PlaybackStart>> => {
      const local = await offlineStart(account(), input.classId);
      if (!local) return calls.startPlayback(input, signal);
      live.set(local.session.id, local.session);
      return { kind: 'ok', data: local };
    },
    playbackHeartbeat: async (input: { sessionId: string; quality?: PlaybackQualityReport }, signal?: AbortSignal): Promise<Outcome<HeartbeatAnswer>> => {
      const session = live.get(input.sessionId);
      if (session) return { kind: 'ok', data: { kind: 'live', session } };
      return calls.playbackHeartbeat(input, signal);
    },
    stopPlayback: async (input: { sessionId: string; keepalive?: boolean; quality?: PlaybackQualityReport }, signal?: AbortSignal): Promise<Outcome<object>> => {
      if (isOfflineSession(input.sessionId)) return { kind: 'ok', data: {} };
      return calls.stopPlayback(input, signal);
    },
    /** The usual progress path; a downloaded class also keeps its position here, to resume offline. */
    saveProgress: async (input: ProgressReport, signal?: AbortSignal) => {
      const who = account();
      void readRecord(who, input.classId)
        .then((record) => (record ? writeRecord(who, { ...record, positionSeconds: input.seconds }) : undefined))
        .catch(() => undefined);
      return calls.saveProgress(input, signal);
    },
  };
}
