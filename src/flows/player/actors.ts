// The player machine's actors in the app: the playback session's calls with this device's id,
// the <video> the view renders (media), the keeper that outlives the page, and workout mode's
// chapters tracks, wake lock, lock screen and presentation (workout-actors.ts).
import { fromCall } from '@app/call-actor';
import { implement } from '@app/flow';
import type { PlayerMachine } from '@machines/player.machine';
import { primeFirstFrame, warmPlayer } from './first-frame';
import { keeperActor, mediaActor } from './media-actor';
import { videoSurface } from './video-surface';
import { chapterTracksActor, mediaSessionActor, presentationActor, wakeLockActor } from './workout-actors';

export default implement<PlayerMachine>(({ api, deviceId, language, reportProgress }) => ({
  actors: {
    // hls.js loads while the session starts; the answer's first playlists and segments are primed (first-frame.ts).
    startPlayback: fromCall(async ({ classId }, signal) => {
      warmPlayer();
      const outcome = await api.startPlayback({ classId, deviceId }, signal);
      if (outcome.kind === 'ok' && outcome.data.kind === 'started' && outcome.data.firstFrame) primeFirstFrame(outcome.data.firstFrame);
      return outcome;
    }),
    playbackHeartbeat: fromCall(api.playbackHeartbeat),
    stopPlayback: fromCall(api.stopPlayback),
    // Sent, or queued on the device while it cannot be (decision 041).
    saveProgress: fromCall(reportProgress),
    media: mediaActor(videoSurface),
    keeper: keeperActor({ saveProgress: reportProgress, stopPlayback: api.stopPlayback }),
    chapterTracks: chapterTracksActor(videoSurface),
    wakeLock: wakeLockActor(),
    mediaSession: mediaSessionActor(() => language.getSnapshot().context.language),
    presentation: presentationActor(videoSurface),
  },
}));
