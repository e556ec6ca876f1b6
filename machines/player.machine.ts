// /watch/:id: plays one class through a playback session (docs/decisions/014). The player only
// runs its children and passes events between them: `session` (machines/player-session.machine.ts)
// starts the session, keeps it live and knows why it cannot play; `video`
// (machines/player-video.machine.ts) plays it while the session is live and saves the progress.
// `chapters` (machines/player-chapters.machine.ts) knows the class's parts and turns "Next part"
// into a seek; `workout` (machines/player-workout.machine.ts) keeps the screen on, fills the lock
// screen and runs speed, picture-in-picture and remote playback (docs/decisions/036);
// `programme` (machines/player-programme.machine.ts) tells the end screen when this class's
// completion finished the programme under way; `heartRate` (machines/heart-rate-monitor.machine.ts)
// runs a Bluetooth heart-rate monitor and sums up the class's readings at its end, which
// `effort` (machines/player-effort.machine.ts) sends with "How hard was it?".
// The user's events go to the child that takes them, the session's reports to the video,
// chapters and workout, the video's failure to the session and workout, its time to the
// chapters and its playing to the workout; what chapters and workout ask for (a seek, play,
// pause, next part) comes back here as the user's own event. A new concern is one more child.
import { forwardTo, setup } from 'xstate';
import { playerChaptersMachine, type ChaptersUserEvent } from './player-chapters.machine';
import { playerSessionMachine, type PlayerSessionEvent, type SessionReport } from './player-session.machine';
import { playerVideoMachine, type VideoReport, type VideoUserEvent } from './player-video.machine';
import { playerWorkoutMachine, type WorkoutUserEvent } from './player-workout.machine';
import { playerProgrammeMachine } from './player-programme.machine';
import { heartRateMonitorMachine, type HeartRateReport, type HeartRateUserEvent } from './heart-rate-monitor.machine';
import { playerEffortMachine, type EffortUserEvent } from './player-effort.machine';

export type { HeartbeatOutput, PlayerFailure, StartPlaybackOutput, StopPlaybackOutput } from './player-session.machine';
export type { Quality } from './player-video.machine';
export type { KeeperCommand, KeeperInput, MediaCommand, MediaEvent, MediaInput, SaveProgressOutput } from './player-media';
export type { Chapter, ChapterTracksEvent, ChapterTracksInput } from './player-chapters.machine';
export type { ProgrammeStatusOutput, ProgrammeUnderWay, ProgrammeUnderWayOutput } from './player-programme.machine';
export type { HeartRateSetup, StrapCommand, StrapReport } from './heart-rate-monitor.machine';
export type { EffortToSave, SaveEffortOutput } from './player-effort.machine';
export type { MediaSessionCommand, MediaSessionEvent, MediaSessionInput, PresentationCommand, PresentationEvent, PresentationInput, RemoteState, Speed } from './player-workout.machine';

export interface PlayerInput {
  classId: string;
}

export type PlayerEvent =
  | VideoUserEvent
  | PlayerSessionEvent
  | SessionReport
  | Exclude<VideoReport, { type: 'video.failed' }>
  | ChaptersUserEvent
  | WorkoutUserEvent
  | HeartRateUserEvent
  | HeartRateReport
  | EffortUserEvent;

export interface PlayerContext {
  classId: string;
}

const toSession = { actions: 'toSession' } as const;
const toVideo = { actions: 'toVideo' } as const;
const toChapters = { actions: 'toChapters' } as const;
const toWorkout = { actions: 'toWorkout' } as const;
const toHeartRate = { actions: 'toHeartRate' } as const;
const toEffort = { actions: 'toEffort' } as const;
const toEveryChild = { actions: ['toVideo', 'toChapters', 'toWorkout'] } as const;

export const playerMachine = setup({
  types: {
    context: {} as PlayerContext,
    events: {} as PlayerEvent,
    input: {} as PlayerInput,
    children: {} as { session: 'session'; video: 'video'; chapters: 'chapters'; workout: 'workout'; programme: 'programme'; heartRate: 'heartRate'; effort: 'effort' },
  },
  actors: {
    session: playerSessionMachine,
    video: playerVideoMachine,
    chapters: playerChaptersMachine,
    workout: playerWorkoutMachine,
    programme: playerProgrammeMachine,
    heartRate: heartRateMonitorMachine,
    effort: playerEffortMachine,
  },
  actions: {
    toSession: forwardTo('session'),
    toVideo: forwardTo('video'),
    toChapters: forwardTo('chapters'),
    toWorkout: forwardTo('workout'),
    toProgramme: forwardTo('programme'),
    toHeartRate: forwardTo('heartRate'),
    toEffort: forwardTo('effort'),
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
        { id: 'chapters', src: 'chapters' },
        { id: 'workout', src: 'workout' },
        { id: 'programme', src: 'programme' },
        { id: 'heartRate', src: 'heartRate' },
        { id: 'effort', src: 'effort', input: ({ context }) => ({ classId: context.classId }) },
      ],
      on: {
        retry: toSession,
        'device.stop': toSession,
        // The video failed: the session says so, and workout mode lets the screen sleep.
        'video.failed': { actions: ['toSession', 'toWorkout'] },
        'session.started': toEveryChild,
        'session.renewed': toVideo,
        'session.left': toEveryChild,
        'video.time': { actions: ['toChapters', 'toHeartRate'] },
        'video.playing': { actions: ['toWorkout', 'toHeartRate'] },
        'video.paused': { actions: ['toWorkout', 'toHeartRate'] },
        'video.ended': toHeartRate,
        'heartRate.summary': toEffort,
        'heartRate.connect': toHeartRate,
        'heartRate.disconnect': toHeartRate,
        'effort.rate': toEffort,
        'effort.skip': toEffort,
        'effort.retry': toEffort,
        'video.completed': { actions: 'toProgramme' },
        'part.next': toChapters,
        'part.previous': toChapters,
        'speed.set': toWorkout,
        'pip.toggle': toWorkout,
        'remote.choose': toWorkout,
        play: toVideo,
        resume: toVideo,
        startOver: { actions: ['toVideo', 'toEffort'] },
        pause: toVideo,
        replay: { actions: ['toVideo', 'toEffort'] },
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
