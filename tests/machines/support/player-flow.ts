// One set-up for the player machine's main and edge tests: its calls are controlled actors,
// the media actor is a fake video that plays and pauses when told (and reports it), the keeper
// records what it hears and whether it was stopped, and time is a simulated clock.
import { createActor, fromCallback, SimulatedClock, type ActorRefFrom, type EventObject } from 'xstate';
import {
  playerMachine,
  type HeartbeatOutput,
  type KeeperCommand,
  type KeeperInput,
  type MediaCommand,
  type MediaEvent,
  type MediaInput,
  type SaveProgressOutput,
  type StartPlaybackOutput,
  type StopPlaybackOutput,
  type ChapterTracksInput,
  type MediaSessionCommand,
  type MediaSessionInput,
  type PresentationCommand,
  type PresentationInput,
  type EffortToSave,
  type HeartRateSetup,
  type SaveEffortOutput,
  type StrapCommand,
} from '@machines/player.machine';
import { provideTree } from '@machines/provide-tree';
import type { PreferencesCommand } from '@machines/player-media';
import type { ClassWorkout, PlaybackSession, WatchingDevice } from '@domain/playback';
import { controlledActor, settle } from '../controlled-actor';

export const CLASS_ID = 'sunrise-vinyasa-flow';

export const session = (id = 'session-1', token = `t.${id}.720.1800000000.signature-1`): PlaybackSession => ({
  id,
  master_playlist_url: `/media/sample-a/${token}/master.m3u8`,
  token,
  heartbeat_seconds: 30,
  max_video_height: 720,
});

/** The class's parts and lock-screen details, as the start answers them. */
export const workout: ClassWorkout = {
  title: { en: 'Sunrise Vinyasa Flow', es: 'Vinyasa al amanecer' },
  instructor: 'Lucía Martín',
  posterUrl: '/media/sample-a/poster.jpg',
  chapterTracks: [
    { language: 'en', url: '/media/sample-a/t.session-1.720.1800000000.signature-1/chapters/en.vtt' },
    { language: 'es', url: '/media/sample-a/t.session-1.720.1800000000.signature-1/chapters/es.vtt' },
  ],
};

export const started = (resumeSeconds = 0, durationSeconds = 600): StartPlaybackOutput => ({
  kind: 'ok',
  data: { kind: 'started', session: session(), durationSeconds, resumeSeconds, workout },
});

export const laptop: WatchingDevice = { session_id: 'other-1', device_name: 'Chrome on macOS', profile_name: 'Leo', started_at: '2026-11-22T20:00:00.000Z', class_id: CLASS_ID };

/** A fake <video>: `play` and `pause` commands come back as `media.playing` and `media.paused`. */
export function fakeMedia() {
  const state = {
    inputs: [] as MediaInput[],
    commands: [] as MediaCommand[],
    running: 0,
    report: (_event: MediaEvent) => {},
  };
  const logic = fromCallback<MediaCommand, MediaInput>(({ input, receive, sendBack }) => {
    state.inputs.push(input);
    state.running += 1;
    state.report = sendBack;
    receive((command) => {
      state.commands.push(command);
      if (command.type === 'play') sendBack({ type: 'media.playing' });
      if (command.type === 'pause') sendBack({ type: 'media.paused' });
    });
    return () => {
      state.running -= 1;
    };
  });
  return { logic, state };
}

export function fakeKeeper() {
  const state = { inputs: [] as KeeperInput[], heard: [] as KeeperCommand[], stopped: 0 };
  const logic = fromCallback<KeeperCommand, KeeperInput>(({ input, receive }) => {
    state.inputs.push(input);
    receive((command) => state.heard.push(command));
    return () => {
      state.stopped += 1;
    };
  });
  return { logic, state };
}

/** A fake callback actor that records its inputs, what it hears and whether it runs; `report` sends back as the browser would. */
export function fakeCallback<TCommand extends EventObject, TInput = unknown>() {
  const state = { inputs: [] as TInput[], heard: [] as TCommand[], running: 0, report: (_event: EventObject & Record<string, unknown>) => {} };
  const logic = fromCallback<TCommand, TInput>(({ input, receive, sendBack }) => {
    state.inputs.push(input);
    state.running += 1;
    state.report = sendBack;
    receive((command) => state.heard.push(command));
    return () => {
      state.running -= 1;
    };
  });
  return { logic, state };
}

export function player() {
  const start = controlledActor<StartPlaybackOutput, { classId: string }>();
  const heartbeat = controlledActor<HeartbeatOutput, { sessionId: string }>();
  const stop = controlledActor<StopPlaybackOutput, { sessionId: string }>();
  const progress = controlledActor<SaveProgressOutput, { classId: string; seconds: number }>();
  const media = fakeMedia();
  const keeper = fakeKeeper();
  const chapterTracks = fakeCallback<{ type: 'none' }, ChapterTracksInput>();
  const wakeLock = fakeCallback<EventObject>();
  const mediaSession = fakeCallback<MediaSessionCommand, MediaSessionInput>();
  const presentation = fakeCallback<PresentationCommand, PresentationInput>();
  const preferences = fakeCallback<PreferencesCommand, void>();
  // Heart rate: a browser with Web Bluetooth, recording on with a maximum of 190; the strap and the effort's save held by the test.
  const heartRateSetup = controlledActor<HeartRateSetup>();
  const strap = fakeCallback<StrapCommand>();
  const saveEffort = controlledActor<SaveEffortOutput, EffortToSave>();
  const clock = new SimulatedClock();
  const actors = {
    startPlayback: start.logic,
    playbackHeartbeat: heartbeat.logic,
    stopPlayback: stop.logic,
    saveProgress: progress.logic,
    media: media.logic,
    keeper: keeper.logic,
    chapterTracks: chapterTracks.logic,
    wakeLock: wakeLock.logic,
    mediaSession: mediaSession.logic,
    presentation: presentation.logic,
    preferences: preferences.logic,
    setup: heartRateSetup.logic,
    strap: strap.logic,
    saveEffort: saveEffort.logic,
  };
  const actor = createActor(provideTree(playerMachine, { actors }), { clock, input: { classId: CLASS_ID } });
  actor.start();
  return { actor, start, heartbeat, stop, progress, media, keeper, chapterTracks, wakeLock, mediaSession, presentation, preferences, heartRateSetup, strap, saveEffort, clock, ...children(actor) };
}

/**
 * The player's children, held from the start (they live as long as the player, and keep their
 * last snapshot once it is done): `session()` and `video()` read their snapshots now.
 */
export function children(actor: ActorRefFrom<typeof playerMachine>) {
  const { session: sessionRef, video: videoRef, chapters: chaptersRef, workout: workoutRef, heartRate: heartRateRef, effort: effortRef } = actor.getSnapshot().children;
  const renditionRef = videoRef?.getSnapshot().children.rendition;
  if (!sessionRef || !videoRef || !chaptersRef || !workoutRef || !renditionRef || !heartRateRef || !effortRef) {
    throw new Error('the player runs no session, video (with its rendition), chapters, workout, heart rate or effort');
  }
  return {
    session: () => sessionRef.getSnapshot(),
    video: () => videoRef.getSnapshot(),
    rendition: () => renditionRef.getSnapshot(),
    chapters: () => chaptersRef.getSnapshot(),
    workout: () => workoutRef.getSnapshot(),
    heartRate: () => heartRateRef.getSnapshot(),
    effort: () => effortRef.getSnapshot(),
  };
}

/** A player whose session started (`resumeSeconds` offered), its first segment buffered: the video ready, Play offered. */
export async function watching(resumeSeconds = 0) {
  const page = player();
  page.start.last.resolve(started(resumeSeconds));
  await settle();
  page.media.state.report({ type: 'media.buffered' });
  return page;
}

export { settle };
