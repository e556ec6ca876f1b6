// The player machine's side effects on the page (machines/player.machine.ts): `media` plays a
// session's signed master playlist into the view's <video> with hls.js (Media Source
// Extensions), or the browser's own HLS where hls.js cannot run (Safari on iOS), and reports
// what the video does, feeding the session's quality observer (playback-quality.ts); `keeper`
// saves the position and stops the session when the page goes away (fetch keepalive, so it
// survives a closed tab), with the session's last quality totals. hls.js is loaded only here, on demand.
import { fromCallback } from 'xstate';
import type { Api } from '@api/calls';
import { dataSaverCap } from '@domain/data-saver';
import { withGrant } from '@domain/media-urls';
import type { KeeperCommand, KeeperInput, MediaCommand, MediaEvent, MediaInput, Quality } from '@machines/player.machine';
import { inlinePlaylistLoader } from './first-frame';
import { whenOpened, qualityOf, type FailureKind, type QualityObserver } from './playback-quality';
import type { VideoSurface } from './video-surface';

const HLS_TYPE = 'application/vnd.apple.mpegurl';

interface Engine {
  setQuality(quality: Quality): void;
  setCaptions(language: string | null): void;
  setDataSaver(limiting: boolean): void;
  destroy(): void;
}

function videoEvents(video: HTMLVideoElement, sendBack: (event: MediaEvent) => void): () => void {
  const listeners: [string, () => void][] = [
    // The first segment at the start position is buffered: the player offers Play (docs/decisions/046).
    // The player's marks (player:*) tell bench/downloads.ts where the time to Play went.
    [
      'canplay',
      () => {
        performance.mark('player:buffered');
        sendBack({ type: 'media.buffered' });
      },
    ],
    ['playing', () => sendBack({ type: 'media.playing' })],
    ['pause', () => sendBack({ type: 'media.paused' })],
    ['waiting', () => sendBack({ type: 'media.waiting' })],
    ['ended', () => sendBack({ type: 'media.ended' })],
    ['timeupdate', () => sendBack({ type: 'media.time', seconds: video.currentTime })],
  ];
  for (const [name, listener] of listeners) video.addEventListener(name, listener);
  return () => {
    for (const [name, listener] of listeners) video.removeEventListener(name, listener);
  };
}

/** What kind of failure an hls.js fatal error is, for the quality metrics (a fixed list). */
function failureKind(type: string, types: { NETWORK_ERROR: string; MEDIA_ERROR: string; MUX_ERROR: string }): FailureKind {
  if (type === types.NETWORK_ERROR) return 'network';
  if (type === types.MEDIA_ERROR || type === types.MUX_ERROR) return 'media';
  return 'other';
}

async function hlsEngine(video: HTMLVideoElement, input: MediaInput, token: () => string, sendBack: (event: MediaEvent) => void, ready: () => void, quality: QualityObserver): Promise<Engine | null> {
  const { default: Hls } = await import('hls.js');
  performance.mark('player:engine');
  if (!Hls.isSupported()) return null;
  const hls = new Hls({
    // No worker: fMP4 needs no transmuxing, and the CSP stays without worker-src blob:.
    enableWorker: false,
    startPosition: input.startSeconds,
    // Every playlist, segment and caption request carries the newest signed grant.
    xhrSetup: (xhr, url) => xhr.open('GET', withGrant(url, token(), window.location.href), true),
    // The session's start answer carried the first playlists: no request for them, and the first
    // segments of the lowest rendition are already fetched, so playing starts there (first-frame.ts).
    pLoader: inlinePlaylistLoader(Hls),
    startLevel: 0,
    // The first fragment is asked for as soon as its playlist is parsed, not at hls.js's next tick
    // after the video's MediaSource opens (~100 ms later: decision 051).
    startFragPrefetch: true,
  });
  // Data saver caps what Auto may choose, from the first segment on: MANIFEST_PARSED comes
  // before hls.js picks its first level (docs/decisions/039).
  let limiting = input.dataSaver;
  const capLevels = () => {
    const cap = limiting ? dataSaverCap(hls.levels.map((level) => level.height)) : null;
    hls.autoLevelCapping = cap === null ? -1 : hls.levels.reduce((highest, level, index) => (level.height <= cap ? index : highest), -1);
  };
  hls.on(Hls.Events.MANIFEST_PARSED, (_, data) => {
    performance.mark('player:manifest');
    capLevels();
    sendBack({ type: 'media.levels', heights: data.levels.map((level) => level.height) });
    ready();
  });
  hls.on(Hls.Events.LEVEL_SWITCHED, (_, data) => {
    const height = hls.levels[data.level]?.height;
    if (height) {
      quality.rendition(height);
      sendBack({ type: 'media.level', height });
    }
  });
  let recovered = false;
  hls.on(Hls.Events.ERROR, (_, data) => {
    if (!data.fatal) return;
    // One media error (a decode hiccup) is recovered in place; anything else fails the player.
    if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !recovered) {
      recovered = true;
      hls.recoverMediaError();
      return;
    }
    quality.failed(failureKind(data.type, Hls.ErrorTypes));
    sendBack({ type: 'media.error' });
  });
  hls.subtitleDisplay = false;
  hls.loadSource(input.url);
  hls.attachMedia(video);
  return {
    setQuality: (quality) => {
      hls.currentLevel = quality === 'auto' ? -1 : hls.levels.findIndex((level) => level.height === quality);
    },
    setCaptions: (language) => {
      const index = language ? hls.subtitleTracks.findIndex((track) => track.lang === language) : -1;
      hls.subtitleTrack = index;
      hls.subtitleDisplay = index >= 0;
    },
    setDataSaver: (on) => {
      limiting = on;
      capLevels();
    },
    destroy: () => hls.destroy(),
  };
}

function nativeEngine(video: HTMLVideoElement, input: MediaInput, sendBack: (event: MediaEvent) => void, ready: () => void, quality: QualityObserver): Engine {
  const onResize = () => {
    if (!video.videoHeight) return;
    quality.rendition(video.videoHeight);
    sendBack({ type: 'media.level', height: video.videoHeight });
  };
  const onMetadata = () => {
    if (input.startSeconds > 0) video.currentTime = input.startSeconds;
    ready();
  };
  video.addEventListener('resize', onResize);
  video.addEventListener('loadedmetadata', onMetadata, { once: true });
  // Buffer before Play is pressed, as hls.js does (a browser may still wait for the press).
  video.preload = 'auto';
  video.src = input.url;
  return {
    // The browser picks the rendition itself; only Auto is offered (no levels reported).
    setQuality: () => {},
    setDataSaver: () => {},
    setCaptions: (language) => {
      // Captions only: a chapters track being read (workout-actors.ts) is left as it is.
      for (const track of Array.from(video.textTracks).filter((candidate) => candidate.kind !== 'chapters')) {
        track.mode = language && track.language === language ? 'showing' : 'disabled';
      }
    },
    destroy: () => {
      video.removeEventListener('resize', onResize);
      video.removeEventListener('loadedmetadata', onMetadata);
    },
  };
}

/** The `media` actor: plays into the surface's video element. */
export function mediaActor(surface: VideoSurface) {
  return fromCallback<MediaCommand, MediaInput>(({ input, sendBack, receive }) => {
    let token = input.token;
    let stopped = false;
    let engine: Engine | null = null;
    let video: HTMLVideoElement | null = null;
    let unlisten = () => {};
    // Commands wait until the playlist is loaded (a seek before that would be lost).
    // The remembered captions are shown once the media (and its caption tracks) has loaded.
    let queued: MediaCommand[] = input.captions ? [{ type: 'captions', language: input.captions }] : [];
    let loaded = false;
    const quality = qualityOf(input.sessionId);
    // A class that plays at once was asked for when the player opened it.
    if (input.autoplay) quality.asked(whenOpened() ?? undefined);
    const fail = (kind: FailureKind) => {
      quality.failed(kind);
      sendBack({ type: 'media.error' });
    };

    const play = (at?: number) => {
      if (!video) return;
      // The media loads and buffers at the start position (the resume point): "Resume from" there
      // only plays (a seek to where the video already is would wait for the seek and canplay again).
      const there = video.readyState === HTMLMediaElement.HAVE_NOTHING ? at === input.startSeconds : at !== undefined && Math.abs(video.currentTime - at) < 0.5;
      if (at !== undefined && !there) video.currentTime = at;
      // A browser that blocks playing without a gesture leaves the player ready, with Play (start-up counts from its press).
      video.play().catch(() => quality.blocked());
    };
    const run = (command: MediaCommand) => {
      if (!video) return;
      switch (command.type) {
        case 'play':
          return play(command.at);
        case 'pause':
          return video.pause();
        case 'seek':
          video.currentTime = command.seconds;
          return;
        case 'volume':
          video.volume = command.volume;
          video.muted = command.muted;
          return;
        case 'quality':
          return engine?.setQuality(command.quality);
        case 'captions':
          return engine?.setCaptions(command.language);
        case 'dataSaver':
          return engine?.setDataSaver(command.limiting);
      }
    };
    const ready = () => {
      loaded = true;
      if (input.autoplay) play();
      const waiting = queued;
      queued = [];
      waiting.forEach(run);
    };

    receive((command) => {
      // Start-up counts from the press, even when the media is not loaded yet.
      if (command.type === 'play') quality.asked();
      if (command.type === 'token') token = command.token;
      else if (loaded) run(command);
      else queued.push(command);
    });

    void surface.element().then(async (element) => {
      if (stopped) return;
      video = element;
      video.volume = input.volume;
      video.muted = input.muted;
      const unlistenVideo = videoEvents(video, sendBack);
      const unlistenQuality = quality.watch(video);
      unlisten = () => {
        unlistenVideo();
        unlistenQuality();
      };
      const useNative = (found: Engine | null) => found ?? (element.canPlayType(HLS_TYPE) ? nativeEngine(element, input, sendBack, ready, quality) : null);
      try {
        const found = useNative(await hlsEngine(element, input, () => token, sendBack, ready, quality));
        if (stopped) found?.destroy();
        else if (found) {
          engine = found;
          // The media may have loaded before its engine was kept: the remembered captions again.
          if (loaded && input.captions) engine.setCaptions(input.captions);
        }
        else fail('unsupported');
      } catch {
        // hls.js could not be loaded (the network) or could not start.
        if (!stopped) fail('other');
      }
    });

    return () => {
      stopped = true;
      unlisten();
      engine?.destroy();
      if (video) {
        video.pause();
        video.removeAttribute('src');
        video.load();
      }
    };
  });
}

/** The `keeper` actor: on leaving (the player unmounts, or the page is hidden for good), saves the position and stops the session. */
export function keeperActor(api: Pick<Api, 'saveProgress' | 'stopPlayback'>) {
  return fromCallback<KeeperCommand, KeeperInput>(({ input, receive }) => {
    let seconds: number | null = null;
    let left = false;
    receive((command) => {
      seconds = command.seconds;
    });
    const leave = () => {
      if (left) return;
      left = true;
      if (seconds !== null) void api.saveProgress({ classId: input.classId, seconds, keepalive: true });
      void api.stopPlayback({ sessionId: input.sessionId, keepalive: true });
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  });
}
