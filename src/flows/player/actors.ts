// The player machine's actors in the app: the playback session's calls with this device's id,
// the <video> the view renders (media) and the keeper that outlives the page.
import { fromCall } from '@app/call-actor';
import { implement } from '@app/flow';
import type { PlayerMachine } from '@machines/player.machine';
import { keeperActor, mediaActor } from './media-actor';
import { videoSurface } from './video-surface';

export default implement<PlayerMachine>(({ api, deviceId }) => ({
  actors: {
    startPlayback: fromCall(({ classId }, signal) => api.startPlayback({ classId, deviceId }, signal)),
    playbackHeartbeat: fromCall(api.playbackHeartbeat),
    stopPlayback: fromCall(api.stopPlayback),
    saveProgress: fromCall(api.saveProgress),
    media: mediaActor(videoSurface),
    keeper: keeperActor(api),
  },
}));
