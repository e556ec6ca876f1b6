// The player's frame and controls: play/pause, the seek slider, volume and mute, captions,
// quality (the playlist's renditions, which are the plan's, plus Auto) with the one playing
// now, data saver (which narrows the renditions offered), and fullscreen; workout mode's parts
// (marks on the seek bar, previous and next part) and
// its speed, picture-in-picture and cast (workout-controls.tsx). Keys while focus is in the
// player (not on a control that uses them): Space or K play/pause, ← → 5 s back/forward, ↑ ↓
// volume, M mute, C captions, F fullscreen, N next part, P previous part.
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { useSelector } from '@xstate/react';
import type { PlayerEvent } from '@machines/player.machine';
import type { Chapter } from '@machines/player-chapters.machine';
import { offeredLevels, type PlayerVideoMachine } from '@machines/player-video.machine';
import { DataSaverSwitch } from './data-saver-switch';
import { ChapterMarks, PartControls, usePartLabel } from './workout-controls';

const positionMessage = defineMessage<{ time: string; duration: string }>({ id: 'watch.controls.position', defaultMessage: '{time} of {duration}' });
const positionInPartMessage = defineMessage<{ position: string; part: string }>({ id: 'watch.controls.positionInPart', defaultMessage: '{position}, in {part}' });
const autoPlayingMessage = defineMessage<{ height: number }>({ id: 'watch.controls.autoPlaying', defaultMessage: 'Auto ({height}p)' });
const currentMessage = defineMessage<{ height: number }>({ id: 'watch.controls.current', defaultMessage: 'Playing in {height}p' });
const messages = defineMessages({
  region: { id: 'watch.controls.region', defaultMessage: 'Video player' },
  play: { id: 'watch.controls.play', defaultMessage: 'Play' },
  pause: { id: 'watch.controls.pause', defaultMessage: 'Pause' },
  seek: { id: 'watch.controls.seek', defaultMessage: 'Seek' },
  volume: { id: 'watch.controls.volume', defaultMessage: 'Volume' },
  mute: { id: 'watch.controls.mute', defaultMessage: 'Mute' },
  unmute: { id: 'watch.controls.unmute', defaultMessage: 'Unmute' },
  captions: { id: 'watch.controls.captions', defaultMessage: 'Captions' },
  quality: { id: 'watch.controls.quality', defaultMessage: 'Quality' },
  auto: { id: 'watch.controls.auto', defaultMessage: 'Auto' },
  fullscreen: { id: 'watch.controls.fullscreen', defaultMessage: 'Full screen' },
  exitFullscreen: { id: 'watch.controls.exitFullscreen', defaultMessage: 'Exit full screen' },
  keys: {
    id: 'watch.controls.keys',
    defaultMessage:
      'Keys: Space or K play and pause, arrows left and right seek 5 seconds, up and down change the volume, M mutes, C captions, F full screen, N next part, P previous part.',
  },
});

/** "12:34" (or "1:02:03"): a time code reads the same in every language. */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

const SEEK_STEP = 5;
const VOLUME_STEP = 0.1;

/** Keys that belong to the focused control (a slider's arrows, a button's Space, a list's arrows). */
function controlOwns(target: EventTarget, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  const tag = target.tagName;
  if (tag === 'SELECT') return !['m', 'c', 'f', 'k', 'n', 'p'].includes(key);
  if (tag === 'INPUT') return key.startsWith('Arrow') || key === ' ' || key === 'Home' || key === 'End' || key === 'PageUp' || key === 'PageDown';
  if (tag === 'BUTTON' || tag === 'A') return key === ' ' || key === 'Enter';
  return false;
}

/** The controls' pictures (24 × 24 paths): beside the words on a wide screen, alone on a phone. */
const icons = {
  play: 'M8 5v14l11-7z',
  pause: 'M6 5h4v14H6zm8 0h4v14h-4z',
  volume: 'M3 9v6h4l5 5V4L7 9H3zm13.5 3A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4z',
  muted: 'M3 9v6h4l5 5V4L7 9H3zm13.6 3 2.7-2.7-1.4-1.4-2.7 2.7-2.7-2.7-1.4 1.4 2.7 2.7-2.7 2.7 1.4 1.4 2.7-2.7 2.7 2.7 1.4-1.4z',
  captions: 'M19 4H5a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2zM11 11H9.5v-.5h-2v3h2V13H11v1a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1v-4a1 1 0 0 1 1-1h3a1 1 0 0 1 1 1zm7 0h-1.5v-.5h-2v3h2V13H18v1a1 1 0 0 1-1 1h-3a1 1 0 0 1-1-1v-4a1 1 0 0 1 1-1h3a1 1 0 0 1 1 1z',
  fullscreen: 'M7 14H5v5h5v-2H7zm-2-4h2V7h3V5H5zm12 7h-3v2h5v-5h-2zM14 5v2h3v3h2V5z',
  exitFullscreen: 'M5 16h3v3h2v-5H5zm3-8H5v2h5V5H8zm6 11h2v-3h3v-2h-5zm2-11V5h-2v5h5V8z',
} as const;

/**
 * A control's picture and words: the words are its name, shown where there is room (never for
 * full screen, whose picture every player uses alone).
 */
function Label({ icon, wordless = false, children }: { icon: keyof typeof icons; wordless?: boolean; children: ReactNode }) {
  return (
    <>
      <svg className="player__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={icons[icon]} fill="currentColor" />
      </svg>
      <span className={wordless ? 'visually-hidden' : 'player__label'}>{children}</span>
    </>
  );
}

interface Props {
  /** The player's video child, followed here (its position changes many times a second) rather than by the whole player screen. */
  video: ActorRefFrom<PlayerVideoMachine>;
  send: (event: PlayerEvent) => void;
  language: string;
  /** The class's parts (none until read, or when it has none). */
  parts: Chapter[];
  /** Workout mode's speed, picture-in-picture and cast controls. */
  extras?: ReactNode;
  children: ReactNode;
}

export function PlayerControls({ video, send, language, parts, extras, children }: Props) {
  const intl = useIntl();
  const snapshot = useSelector(video, (state) => state);
  const frame = useRef<HTMLDivElement>(null);
  const [fullscreen, setFullscreen] = useState(false);
  const { context } = snapshot;
  // Which renditions are offered and which plays: the video's rendition child.
  const rendition = useSelector(snapshot.children.rendition, (state) => state?.context) ?? { levels: [], quality: 'auto', currentHeight: null, dataSaver: false };
  const playing = snapshot.matches({ on: 'playing' }) || snapshot.matches({ on: 'buffering' });
  const silent = context.muted || context.volume === 0;

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === frame.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  // Fullscreen is the page's presentation, not the flow's: the view does it itself.
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    else void frame.current?.requestFullscreen().catch(() => {});
  };
  const togglePlay = () => send({ type: playing ? 'pause' : 'play' });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    if (event.altKey || event.ctrlKey || event.metaKey || controlOwns(event.target, key)) return;
    const actions: Record<string, () => void> = {
      ' ': togglePlay,
      k: togglePlay,
      ArrowLeft: () => send({ type: 'seek.by', seconds: -SEEK_STEP }),
      ArrowRight: () => send({ type: 'seek.by', seconds: SEEK_STEP }),
      ArrowUp: () => send({ type: 'volume.set', volume: Math.min(1, context.volume + VOLUME_STEP) }),
      ArrowDown: () => send({ type: 'volume.set', volume: Math.max(0, context.volume - VOLUME_STEP) }),
      m: () => send({ type: 'mute.toggle' }),
      c: () => send({ type: 'captions.toggle', language }),
      f: toggleFullscreen,
      n: () => send({ type: 'part.next' }),
      p: () => send({ type: 'part.previous' }),
    };
    const action = actions[key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  const position = formatClock(context.position);
  const duration = formatClock(context.durationSeconds);
  const partLabel = usePartLabel(parts, context.position, language);
  const spokenPosition = intl.formatMessage(positionMessage, { time: position, duration });
  return (
    <div
      ref={frame}
      className={`player${fullscreen ? ' player--fullscreen' : ''}`}
      role="region"
      aria-label={intl.formatMessage(messages.region)}
      aria-describedby="player-keys"
      onKeyDown={onKeyDown}
    >
      <div className="player__stage">{children}</div>
      <p id="player-keys" className="visually-hidden">
        {intl.formatMessage(messages.keys)}
      </p>
      <div className="player__bar">
        {/* The time beside the seek bar, not among the buttons: a phone's buttons then fit two rows. */}
        <div className="player__timeline">
        <div className="player__seekbar">
          <input
            type="range"
            className="player__seek"
            min={0}
            max={Math.max(1, Math.floor(context.durationSeconds))}
            step={1}
            value={Math.floor(context.position)}
            aria-label={intl.formatMessage(messages.seek)}
            aria-valuetext={partLabel ? intl.formatMessage(positionInPartMessage, { position: spokenPosition, part: partLabel }) : spokenPosition}
            onChange={(event) => send({ type: 'seek.to', seconds: Number(event.target.value) })}
          />
          <ChapterMarks chapters={parts} durationSeconds={context.durationSeconds} />
        </div>
        <span className="player__time" aria-hidden="true">
          {position} / {duration}
        </span>
        </div>
        <div className="player__row">
          <button type="button" className="player__button" onClick={togglePlay} data-testid="player-toggle">
            <Label icon={playing ? 'pause' : 'play'}>{intl.formatMessage(playing ? messages.pause : messages.play)}</Label>
          </button>
          <PartControls chapters={parts} position={context.position} language={language} send={send} />
          <button type="button" className="player__button" aria-pressed={silent} onClick={() => send({ type: 'mute.toggle' })}>
            <Label icon={silent ? 'muted' : 'volume'}>{intl.formatMessage(silent ? messages.unmute : messages.mute)}</Label>
          </button>
          <input
            type="range"
            className="player__volume"
            min={0}
            max={1}
            step={0.05}
            value={context.muted ? 0 : context.volume}
            aria-label={intl.formatMessage(messages.volume)}
            aria-valuetext={`${Math.round((context.muted ? 0 : context.volume) * 100)} %`}
            onChange={(event) => send({ type: 'volume.set', volume: Number(event.target.value) })}
          />
          <span className="player__spacer" />
          {extras}
          <button type="button" className="player__button" aria-pressed={context.captions !== null} onClick={() => send({ type: 'captions.toggle', language })}>
            <Label icon="captions">{intl.formatMessage(messages.captions)}</Label>
          </button>
          <label className="player__quality">
            <span className="player__label">{intl.formatMessage(messages.quality)}</span>
            <select
              value={String(rendition.quality)}
              onChange={(event) => send({ type: 'quality.select', quality: event.target.value === 'auto' ? 'auto' : Number(event.target.value) })}
            >
              <option value="auto">
                {rendition.quality === 'auto' && rendition.currentHeight
                  ? intl.formatMessage(autoPlayingMessage, { height: rendition.currentHeight })
                  : intl.formatMessage(messages.auto)}
              </option>
              {offeredLevels(rendition).reverse().map((height) => (
                <option key={height} value={height}>
                  {height}p
                </option>
              ))}
            </select>
          </label>
          <DataSaverSwitch />
          {/* With Auto, the list itself says what plays ("Auto (720p)"); a chosen quality is confirmed here. */}
          {rendition.quality !== 'auto' && rendition.currentHeight !== null && (
            <span className="player__current" data-testid="player-quality">
              {intl.formatMessage(currentMessage, { height: rendition.currentHeight })}
            </span>
          )}
          <button
            type="button"
            className="player__button"
            aria-pressed={fullscreen}
            title={intl.formatMessage(fullscreen ? messages.exitFullscreen : messages.fullscreen)}
            onClick={toggleFullscreen}
          >
            <Label icon={fullscreen ? 'exitFullscreen' : 'fullscreen'} wordless>
              {intl.formatMessage(fullscreen ? messages.exitFullscreen : messages.fullscreen)}
            </Label>
          </button>
        </div>
      </div>
    </div>
  );
}
