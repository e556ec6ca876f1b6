// The player machine's actors in the app: the playback session's calls with this device's id,
// the <video> the view renders (media), the keeper that outlives the page, and workout mode's
// chapters tracks, wake lock, lock screen and presentation (workout-actors.ts), and the programme
// under way (whether this class finished it). The heartbeat and the keeper's stop carry the
// session's quality totals (playback-quality.ts). The captions chosen are remembered on this
// device and on the account (captions-preference.ts). A Bluetooth heart-rate monitor
// (src/features/heart-rate) and the class's effort, sent with the report that ends it (decision 073).
import { fromCall } from '@lib/call-actor';
import { withOfflinePlayback } from '@features/downloads';
import { progressQueueOf } from '@features/progress-queue';
import { heartRateActors } from '@features/heart-rate';
import { implement } from '@lib/flow';
import type { EffortToSave, PlayerMachine } from '@machines/player.machine';
import { primeFirstFrame, warmPlayer } from './first-frame';
import { forgetQuality, playerOpened, qualityReport } from './playback-quality';
import { keeperActor, mediaActor } from './media-actor';
import { preferencesActor } from './captions-preference';
import { videoSurface } from './video-surface';
import { chapterTracksActor, mediaSessionActor, presentationActor, wakeLockActor } from './workout-actors';

export default implement<PlayerMachine>((app) => {
  const { api, account, deviceId, language, persistence } = app;
  // A class downloaded here plays from this device, with no server session (src/features/downloads).
  // Named one by one: the app's api is a lazy proxy (src/api/lazy-api.ts), which a spread would leave empty.
  const session = withOfflinePlayback(account, {
    playbackHeartbeat: api.playbackHeartbeat,
    stopPlayback: api.stopPlayback,
    startPlayback: ({ classId }: { classId: string }, signal?: AbortSignal) => api.startPlayback({ classId, deviceId }, signal),
    // Sent, or queued on the device while it cannot be (decision 041).
    saveProgress: progressQueueOf(app).reportProgress,
  });
  // hls.js loads while the session starts, online or local; the answer's first playlists and
  // segments are primed (first-frame.ts), so the media buffers before Play is offered (decision 046).
  const startPlayback = async (input: { classId: string }, signal?: AbortSignal) => {
    performance.mark('player:start');
    playerOpened();
    warmPlayer();
    const outcome = await session.startPlayback(input, signal);
    performance.mark('player:session');
    if (outcome.kind === 'ok' && outcome.data.kind === 'started' && outcome.data.firstFrame) primeFirstFrame(outcome.data.firstFrame);
    return outcome;
  };
  // The session's end report goes with the stop (decision 057): one keepalive request on leaving.
  const leave = (input: { sessionId: string; keepalive?: boolean }) => {
    const quality = qualityReport(input.sessionId);
    forgetQuality(input.sessionId);
    return session.stopPlayback({ ...input, quality });
  };
  // The report that ends the class, with its effort: sent, or queued with it while offline.
  const saveEffort = ({ classId, seconds, rating, heartRate }: EffortToSave, signal?: AbortSignal) =>
    session.saveProgress(
      {
        classId,
        seconds,
        effort: {
          rating,
          heart_rate: heartRate && { average_bpm: heartRate.averageBpm, max_bpm: heartRate.maxBpm, zone_seconds: heartRate.zoneSeconds },
        },
      },
      signal,
    );
  return {
    actors: {
      ...heartRateActors(app),
      saveEffort: fromCall(saveEffort),
      startPlayback: fromCall(startPlayback),
      playbackHeartbeat: fromCall(({ sessionId }: { sessionId: string }, signal?: AbortSignal) => session.playbackHeartbeat({ sessionId, quality: qualityReport(sessionId) }, signal)),
      stopPlayback: fromCall(session.stopPlayback),
      saveProgress: fromCall(session.saveProgress),
      programmeUnderWay: fromCall(api.programmeUnderWay),
      programmeStatus: fromCall(api.programmeStatus),
      media: mediaActor(videoSurface),
      keeper: keeperActor({ saveProgress: session.saveProgress, stopPlayback: leave }),
      preferences: preferencesActor({ account, persistence, load: api.playerPreferences, save: api.savePlayerPreferences }),
      chapterTracks: chapterTracksActor(videoSurface),
      wakeLock: wakeLockActor(),
      mediaSession: mediaSessionActor(() => language.getSnapshot().context.language),
      presentation: presentationActor(videoSurface),
    },
  };
});
