// Workout mode's side effects on the page (docs/decisions/036), for machines/player-chapters and
// machines/player-workout: the chapters tracks read by the browser's own WebVTT parser (a
// <track kind="chapters"> on the view's <video>), the Screen Wake Lock, the Media Session (lock
// screen) and the video's speed, picture-in-picture and remote playback. Each does nothing where
// the browser lacks its API: the machines only hear what the browser offers.
import { fromCallback } from 'xstate';
import type {
  Chapter,
  ChapterTracksEvent,
  ChapterTracksInput,
  MediaSessionCommand,
  MediaSessionEvent,
  MediaSessionInput,
  PresentationCommand,
  PresentationEvent,
  PresentationInput,
} from '@machines/player.machine';
import { localized } from '@domain/catalog';
import type { VideoSurface } from './video-surface';

/** One language's cues once the browser has read its track (null when it could not). */
function readTrack(video: HTMLVideoElement, language: string, url: string, signal: AbortSignal): Promise<VTTCue[] | null> {
  const element = document.createElement('track');
  element.kind = 'chapters';
  element.srclang = language;
  element.src = url;
  element.dataset.chapters = language;
  video.appendChild(element);
  signal.addEventListener('abort', () => element.remove(), { once: true });
  return new Promise((resolve) => {
    const done = () => resolve(element.readyState === HTMLTrackElement.LOADED ? (Array.from(element.track.cues ?? []) as VTTCue[]) : null);
    element.addEventListener('load', done, { once: true });
    element.addEventListener('error', done, { once: true });
    // A chapters track is read once it is not disabled; hidden: nothing is drawn over the picture.
    element.track.mode = 'hidden';
  });
}

/** The `chapterTracks` actor: reads every language's track, then reports the parts with their names in each. */
export function chapterTracksActor(surface: VideoSurface) {
  return fromCallback<{ type: 'none' }, ChapterTracksInput>(({ input, sendBack }) => {
    const aborted = new AbortController();
    void surface.element().then(async (video) => {
      const read = await Promise.all(input.tracks.map(async ({ language, url }) => [language, await readTrack(video, language, url, aborted.signal)] as const));
      if (aborted.signal.aborted) return;
      const [first] = read;
      const cues = first?.[1];
      if (!cues) {
        sendBack({ type: 'chapters.failed' } satisfies ChapterTracksEvent);
        return;
      }
      const chapters: Chapter[] = cues.map((cue, i) => ({
        startSeconds: cue.startTime,
        endSeconds: cue.endTime,
        title: Object.fromEntries(read.map(([language, list]) => [language, list?.[i]?.text ?? cue.text])),
      }));
      sendBack({ type: 'chapters.loaded', chapters } satisfies ChapterTracksEvent);
      // The parts are known: the tracks leave the video (a cast device or PiP window never lists them).
      aborted.abort();
    });
    return () => aborted.abort();
  });
}

interface WakeLockSentinelLike extends EventTarget {
  released: boolean;
  release(): Promise<void>;
}

/** The `wakeLock` actor: holds a screen wake lock while it runs; the browser drops it when the tab is hidden, so it is taken again when the tab is visible. */
export function wakeLockActor() {
  return fromCallback(() => {
    const wakeLock = (navigator as Navigator & { wakeLock?: { request(type: 'screen'): Promise<WakeLockSentinelLike> } }).wakeLock;
    if (!wakeLock) return () => {};
    let sentinel: WakeLockSentinelLike | null = null;
    let stopped = false;
    const take = () => {
      if (stopped || document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
      wakeLock.request('screen').then(
        (taken) => {
          if (stopped) void taken.release().catch(() => {});
          else sentinel = taken;
        },
        // Refused (battery saver, a policy): the screen may sleep, the class plays on.
        () => {},
      );
    };
    document.addEventListener('visibilitychange', take);
    // In a task of its own: the page's first request binds the browser's wake lock service, a few
    // ms that would otherwise run inside the video's `playing` event, before the page shows that
    // it plays (docs/decisions/044).
    const first = setTimeout(take, 0);
    return () => {
      stopped = true;
      clearTimeout(first);
      document.removeEventListener('visibilitychange', take);
      if (sentinel && !sentinel.released) void sentinel.release().catch(() => {});
    };
  });
}

/** The `mediaSession` actor: the class on the lock screen, and its buttons as the player's events. */
export function mediaSessionActor(language: () => string) {
  return fromCallback<MediaSessionCommand, MediaSessionInput>(({ input, receive, sendBack: send }) => {
    const sendBack = (event: MediaSessionEvent) => send(event);
    if (!('mediaSession' in navigator)) return () => {};
    const session = navigator.mediaSession;
    const { workout } = input;
    session.metadata = new MediaMetadata({
      title: localized(workout.title, language()),
      artist: workout.instructor,
      album: 'FitStream',
      artwork: [{ src: new URL(workout.posterUrl, window.location.href).href, sizes: '1280x720', type: 'image/jpeg' }],
    });
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => sendBack({ type: 'control.play' })],
      ['pause', () => sendBack({ type: 'control.pause' })],
      ['seekto', (details) => details.seekTime !== undefined && sendBack({ type: 'control.seekTo', seconds: details.seekTime })],
      ['seekbackward', (details) => sendBack({ type: 'control.seekBy', seconds: -(details.seekOffset ?? 10) })],
      ['seekforward', (details) => sendBack({ type: 'control.seekBy', seconds: details.seekOffset ?? 10 })],
      ['nexttrack', () => sendBack({ type: 'control.nextPart' })],
      ['previoustrack', () => sendBack({ type: 'control.previousPart' })],
    ];
    const set = (handler: MediaSessionActionHandler | null) => {
      for (const [action, own] of handlers) {
        try {
          session.setActionHandler(action, handler && own);
        } catch {
          // An action this browser does not know: its button is not offered.
        }
      }
    };
    set(() => {});
    receive((command) => {
      session.playbackState = command.playing ? 'playing' : 'paused';
    });
    return () => {
      set(null);
      session.metadata = null;
      session.playbackState = 'none';
    };
  });
}

type RemoteVideo = HTMLVideoElement & {
  remote?: { state: string; watchAvailability(callback: (available: boolean) => void): Promise<number>; cancelWatchAvailability(id?: number): Promise<void>; prompt(): Promise<void> } & EventTarget;
  preservesPitch?: boolean;
};

/** The `presentation` actor: speed (pitch kept), picture-in-picture and remote playback of the view's video. */
export function presentationActor(surface: VideoSurface) {
  return fromCallback<PresentationCommand, PresentationInput>(({ input, receive, sendBack: send }) => {
    const sendBack = (event: PresentationEvent) => send(event);
    let video: RemoteVideo | null = null;
    let stopped = false;
    const cleanups: (() => void)[] = [];
    const setSpeed = (speed: number) => {
      if (!video) return;
      video.preservesPitch = true;
      // The default too: a new source (hls.js attaching) resets the rate to it.
      video.defaultPlaybackRate = speed;
      video.playbackRate = speed;
    };
    let speed: number = input.speed;
    receive((command) => {
      if (command.type === 'speed') {
        speed = command.speed;
        setSpeed(speed);
      } else if (command.type === 'pip' && video) {
        if (document.pictureInPictureElement) void document.exitPictureInPicture().catch(() => {});
        else void video.requestPictureInPicture().catch(() => {});
      } else if (command.type === 'remote' && video?.remote) {
        // The browser's own device picker (cast, AirPlay); a cancelled pick changes nothing.
        void video.remote.prompt().catch(() => {});
      }
    });
    void surface.element().then((element: RemoteVideo) => {
      if (stopped) return;
      video = element;
      setSpeed(speed);
      const onRate = () => element.playbackRate !== speed && element.readyState > 0 && setSpeed(speed);
      element.addEventListener('loadedmetadata', onRate);
      cleanups.push(() => element.removeEventListener('loadedmetadata', onRate));
      if (document.pictureInPictureEnabled && !element.disablePictureInPicture) {
        sendBack({ type: 'pip.supported' });
        const enter = () => sendBack({ type: 'pip.changed', active: true });
        const leave = () => sendBack({ type: 'pip.changed', active: false });
        element.addEventListener('enterpictureinpicture', enter);
        element.addEventListener('leavepictureinpicture', leave);
        cleanups.push(() => {
          element.removeEventListener('enterpictureinpicture', enter);
          element.removeEventListener('leavepictureinpicture', leave);
          if (document.pictureInPictureElement === element) void document.exitPictureInPicture().catch(() => {});
        });
      }
      const remote = element.remote;
      if (remote) {
        let available = false;
        const report = () => {
          const state = remote.state === 'connected' ? 'connected' : remote.state === 'connecting' ? 'connecting' : available ? 'available' : 'unavailable';
          sendBack({ type: 'remote.changed', state });
        };
        for (const name of ['connect', 'connecting', 'disconnect']) remote.addEventListener(name, report);
        cleanups.push(() => {
          for (const name of ['connect', 'connecting', 'disconnect']) remote.removeEventListener(name, report);
        });
        // Rejected where the browser cannot watch (Media Source playback, a data saver): no button.
        remote
          .watchAvailability((found) => {
            available = found;
            report();
          })
          .then(
            (id) => cleanups.push(() => void remote.cancelWatchAvailability(id).catch(() => {})),
            () => {},
          );
      }
    });
    return () => {
      stopped = true;
      for (const cleanup of cleanups) cleanup();
    };
  });
}
