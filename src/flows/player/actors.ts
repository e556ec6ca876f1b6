// The player machine's actors in the app: the playback session's calls with this device's id,
// the <video> the view renders (media), the keeper that outlives the page, and workout mode's
// chapters tracks, wake lock, lock screen and presentation (workout-actors.ts), and the programme
// under way (whether this class finished it).
import { fromCall } from '@app/call-actor';
import { implement } from '@app/flow';
import type { PlayerMachine } from '@machines/player.machine';
import { keeperActor, mediaActor } from './media-actor';
import { videoSurface } from './video-surface';
import { chapterTracksActor, mediaSessionActor, presentationActor, wakeLockActor } from './workout-actors';

export default implement<PlayerMachine>(({ api, deviceId, language }) => ({
  actors: {
    startPlayback: fromCall(({ classId }, signal) => api.startPlayback({ classId, deviceId }, signal)),
    playbackHeartbeat: fromCall(api.playbackHeartbeat),
    stopPlayback: fromCall(api.stopPlayback),
    saveProgress: fromCall(api.saveProgress),
    programmeUnderWay: fromCall(api.programmeUnderWay),
    programmeStatus: fromCall(api.programmeStatus),
    media: mediaActor(videoSurface),
    keeper: keeperActor(api),
    chapterTracks: chapterTracksActor(videoSurface),
    wakeLock: wakeLockActor(),
    mediaSession: mediaSessionActor(() => language.getSnapshot().context.language),
    presentation: presentationActor(videoSurface),
  },
}));
