// The player's frame and controls: play/pause, the seek slider, volume and mute, captions,
// quality (the playlist's renditions, which are the plan's, plus Auto) with the one playing
// now, and fullscreen. Keys while focus is in the player (not on a control that uses them):
// Space or K play/pause, ← → 5 s back/forward, ↑ ↓ volume, M mute, C captions, F fullscreen.
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import type { SnapshotFrom } from 'xstate';
import type { PlayerEvent, PlayerMachine } from '../../../machines/player.machine';

const positionMessage = defineMessage<{ time: string; duration: string }>({ id: 'watch.controls.position', defaultMessage: '{time} of {duration}' });
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
    defaultMessage: 'Keys: Space or K play and pause, arrows left and right seek 5 seconds, up and down change the volume, M mutes, C captions, F full screen.',
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
  if (tag === 'SELECT') return key !== 'm' && key !== 'c' && key !== 'f' && key !== 'k';
  if (tag === 'INPUT') return key.startsWith('Arrow') || key === ' ' || key === 'Home' || key === 'End' || key === 'PageUp' || key === 'PageDown';
  if (tag === 'BUTTON' || tag === 'A') return key === ' ' || key === 'Enter';
  return false;
}

interface Props {
  snapshot: SnapshotFrom<PlayerMachine>;
  send: (event: PlayerEvent) => void;
  language: string;
  children: ReactNode;
}

export function PlayerControls({ snapshot, send, language, children }: Props) {
  const intl = useIntl();
  const frame = useRef<HTMLDivElement>(null);
  const [fullscreen, setFullscreen] = useState(false);
  const { context } = snapshot;
  const playing = snapshot.matches({ watching: { playback: 'playing' } }) || snapshot.matches({ watching: { playback: 'buffering' } });
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
    };
    const action = actions[key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  const position = formatClock(context.position);
  const duration = formatClock(context.durationSeconds);
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
        <input
          type="range"
          className="player__seek"
          min={0}
          max={Math.max(1, Math.floor(context.durationSeconds))}
          step={1}
          value={Math.floor(context.position)}
          aria-label={intl.formatMessage(messages.seek)}
          aria-valuetext={intl.formatMessage(positionMessage, { time: position, duration })}
          onChange={(event) => send({ type: 'seek.to', seconds: Number(event.target.value) })}
        />
        <div className="player__row">
          <button type="button" className="player__button" onClick={togglePlay} data-testid="player-toggle">
            {intl.formatMessage(playing ? messages.pause : messages.play)}
          </button>
          <span className="player__time" aria-hidden="true">
            {position} / {duration}
          </span>
          <button type="button" className="player__button" aria-pressed={silent} onClick={() => send({ type: 'mute.toggle' })}>
            {intl.formatMessage(silent ? messages.unmute : messages.mute)}
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
          <button type="button" className="player__button" aria-pressed={context.captions !== null} onClick={() => send({ type: 'captions.toggle', language })}>
            {intl.formatMessage(messages.captions)}
          </button>
          <label className="player__quality">
            <span>{intl.formatMessage(messages.quality)}</span>
            <select
              value={String(context.quality)}
              onChange={(event) => send({ type: 'quality.select', quality: event.target.value === 'auto' ? 'auto' : Number(event.target.value) })}
            >
              <option value="auto">
                {context.quality === 'auto' && context.currentHeight
                  ? intl.formatMessage(autoPlayingMessage, { height: context.currentHeight })
                  : intl.formatMessage(messages.auto)}
              </option>
              {[...context.levels].reverse().map((height) => (
                <option key={height} value={height}>
                  {height}p
                </option>
              ))}
            </select>
          </label>
          {context.currentHeight !== null && (
            <span className="player__current" data-testid="player-quality">
              {intl.formatMessage(currentMessage, { height: context.currentHeight })}
            </span>
          )}
          <button type="button" className="player__button" aria-pressed={fullscreen} onClick={toggleFullscreen}>
            {intl.formatMessage(fullscreen ? messages.exitFullscreen : messages.fullscreen)}
          </button>
        </div>
      </div>
    </div>
  );
}
