// /watch/:id: plays one class through a playback session (docs/decisions/014). The player only
// runs its children and passes events between them: `session` (machines/player-session.machine.ts)
// starts the session, keeps it live and knows why it cannot play; `video`
// (machines/player-video.machine.ts) plays it while the session is live and saves the progress.
// The user's events go to the child that takes them, the session's reports to the video, and
// the video's failure to the session. A new concern (chapters, wake lock, picture-in-picture…)
// is one more child here that hears the session's reports.
import { forwardTo, setup } from 'xstate';
import { playerSessionMachine, type PlayerSessionEvent, type SessionReport } from './player-session.machine';
import { playerVideoMachine, type VideoUserEvent } from './player-video.machine';

export type { HeartbeatOutput, PlayerFailure, StartPlaybackOutput, StopPlaybackOutput } from './player-session.machine';
export type { KeeperCommand, KeeperInput, MediaCommand, MediaEvent, MediaInput, Quality, SaveProgressOutput } from './player-video.machine';

export interface PlayerInput {
  classId: string;
}

export type PlayerEvent = VideoUserEvent | PlayerSessionEvent | SessionReport;

export interface PlayerContext {
  classId: string;
}

const toSession = { actions: 'toSession' } as const;
const toVideo = { actions: 'toVideo' } as const;

export const playerMachine = setup({
  types: {
    context: {} as PlayerContext,
    events: {} as PlayerEvent,
    input: {} as PlayerInput,
    children: {} as { session: 'session'; video: 'video' },
  },
  actors: {
    session: playerSessionMachine,
    video: playerVideoMachine,
  },
  actions: {
    toSession: forwardTo('session'),
    toVideo: forwardTo('video'),
  },
}).createMachine({
  id: 'player',
  context: ({ input }) => ({ classId: input.classId }),
  initial: 'running',
  states: {
    /** The session and the video run; the screen shows what they are doing. */
    running: {
      invoke: [
        { id: 'session', src: 'session', input: ({ context }) => ({ classId: context.classId }), onDone: { target: 'abandoned' } },
        { id: 'video', src: 'video', input: ({ context }) => ({ classId: context.classId }) },
      ],
      on: {
        retry: toSession,
        'device.stop': toSession,
        'video.failed': toSession,
        'session.started': toVideo,
        'session.renewed': toVideo,
        'session.left': toVideo,
        play: toVideo,
        resume: toVideo,
        startOver: toVideo,
        pause: toVideo,
        replay: toVideo,
        'seek.to': toVideo,
        'seek.by': toVideo,
        'volume.set': toVideo,
        'mute.toggle': toVideo,
        'captions.toggle': toVideo,
        'captions.language': toVideo,
        'quality.select': toVideo,
        'dataSaver.changed': toVideo,
      },
    },
    /** The session gave up (the start was cancelled or the sign-in was lost: the app is on its way to /login). */
    abandoned: { type: 'final' },
  },
});

export type PlayerMachine = typeof playerMachine;
