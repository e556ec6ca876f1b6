// Workout mode's controls (docs/decisions/036), shown inside the player's bar: the class's parts
// as marks on the seek bar, "Previous part" / "Next part" with the part under way, and speed,
// picture-in-picture and cast (the last two only where the browser offers them). Views of the
// player's `chapters` and `workout` children; every event goes to the player.
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import type { SnapshotFrom } from 'xstate';
import { chapterIndexAt, type Chapter, type PlayerChaptersMachine } from '@machines/player-chapters.machine';
import type { PlayerEvent } from '@machines/player.machine';
import { SPEEDS, type PlayerWorkoutMachine } from '@machines/player-workout.machine';

const partMessage = defineMessage<{ part: string; number: number; count: number }>({ id: 'watch.parts.current', defaultMessage: '{part} (part {number} of {count})' });
const messages = defineMessages({
  parts: { id: 'watch.parts.group', defaultMessage: 'Parts of the class' },
  previous: { id: 'watch.parts.previous', defaultMessage: 'Previous part' },
  next: { id: 'watch.parts.next', defaultMessage: 'Next part' },
  speed: { id: 'watch.speed.label', defaultMessage: 'Speed' },
  pip: { id: 'watch.pip', defaultMessage: 'Picture in picture' },
  cast: { id: 'watch.cast', defaultMessage: 'Play on another screen' },
  casting: { id: 'watch.casting', defaultMessage: 'Playing on another screen' },
});

const icons = {
  previous: 'M6 6h2v12H6zm3.5 6 8.5 6V6z',
  next: 'M6 18l8.5-6L6 6zm10-12h2v12h-2z',
  pip: 'M19 11h-8v6h8zm4 8V5a2 2 0 0 0-2-2H3a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h18a2 2 0 0 0 2-2zm-2 0H3V5h18z',
  cast: 'M21 3H3a2 2 0 0 0-2 2v3h2V5h18v14h-7v2h7a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2zM1 18v3h3a3 3 0 0 0-3-3zm0-4v2a5 5 0 0 1 5 5h2a7 7 0 0 0-7-7zm0-4v2a9 9 0 0 1 9 9h2A11 11 0 0 0 1 10z',
} as const;

function Icon({ name }: { name: keyof typeof icons }) {
  return (
    <svg className="player__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={icons[name]} fill="currentColor" />
    </svg>
  );
}

/** A part's name in the interface language (the track's first language otherwise). */
export const partTitle = (chapter: Chapter, language: string): string => chapter.title[language] ?? Object.values(chapter.title)[0] ?? '';

/** The parts read for this class (none until read, or when it has none). */
export const partsOf = (chapters: SnapshotFrom<PlayerChaptersMachine> | undefined): Chapter[] =>
  chapters?.matches('ready') ? chapters.context.chapters : [];

/** Where each part starts, as a tick on the seek bar (the slider itself says the part, for screen readers). */
export function ChapterMarks({ chapters, durationSeconds }: { chapters: Chapter[]; durationSeconds: number }) {
  if (chapters.length === 0 || durationSeconds <= 0) return null;
  return (
    <div className="player__marks" aria-hidden="true" data-testid="chapter-marks">
      {chapters
        .filter((chapter) => chapter.startSeconds > 0)
        .map((chapter) => (
          <span key={chapter.startSeconds} className="player__mark" style={{ left: `${(chapter.startSeconds / durationSeconds) * 100}%` }} />
        ))}
    </div>
  );
}

/** "Main set (part 2 of 3)" for the seek bar's spoken value and the bar's label. */
export function usePartLabel(chapters: Chapter[], position: number, language: string): string | null {
  const intl = useIntl();
  const index = chapterIndexAt(chapters, position);
  const chapter = chapters[index];
  return chapter ? intl.formatMessage(partMessage, { part: partTitle(chapter, language), number: index + 1, count: chapters.length }) : null;
}

/** Previous part, the part under way, Next part. */
export function PartControls({ chapters, position, language, send }: { chapters: Chapter[]; position: number; language: string; send: (event: PlayerEvent) => void }) {
  const intl = useIntl();
  const label = usePartLabel(chapters, position, language);
  if (chapters.length === 0) return null;
  const last = chapterIndexAt(chapters, position) >= chapters.length - 1;
  return (
    <div className="player__parts" role="group" aria-label={intl.formatMessage(messages.parts)}>
      <button type="button" className="player__button" onClick={() => send({ type: 'part.previous' })} title={intl.formatMessage(messages.previous)}>
        <Icon name="previous" />
        <span className="visually-hidden">{intl.formatMessage(messages.previous)}</span>
      </button>
      <span className="player__part" data-testid="player-part">
        {label}
      </span>
      <button type="button" className="player__button" disabled={last} onClick={() => send({ type: 'part.next' })} title={intl.formatMessage(messages.next)}>
        <Icon name="next" />
        <span className="visually-hidden">{intl.formatMessage(messages.next)}</span>
      </button>
    </div>
  );
}

/** Speed (0.75–1.25, pitch kept), and picture-in-picture and cast where the browser offers them. */
export function WorkoutControls({ workout, send }: { workout: SnapshotFrom<PlayerWorkoutMachine> | undefined; send: (event: PlayerEvent) => void }) {
  const intl = useIntl();
  if (!workout) return null;
  const { speed, pipSupported, pip, remote } = workout.context;
  const casting = remote === 'connected' || remote === 'connecting';
  return (
    <>
      <label className="player__speed">
        <span className="player__label">{intl.formatMessage(messages.speed)}</span>
        <select
          value={String(speed)}
          aria-label={intl.formatMessage(messages.speed)}
          onChange={(event) => send({ type: 'speed.set', speed: Number(event.target.value) })}
          data-testid="player-speed"
        >
          {SPEEDS.map((value) => (
            <option key={value} value={value}>
              {/* "1.25×" / "1,25×": the number in the interface language, the sign the same in every one. */}
              {`${intl.formatNumber(value)}×`}
            </option>
          ))}
        </select>
      </label>
      {pipSupported && (
        <button type="button" className="player__button" aria-pressed={pip} title={intl.formatMessage(messages.pip)} onClick={() => send({ type: 'pip.toggle' })}>
          <Icon name="pip" />
          <span className="visually-hidden">{intl.formatMessage(messages.pip)}</span>
        </button>
      )}
      {remote !== 'unavailable' && (
        <button
          type="button"
          className="player__button"
          aria-pressed={casting}
          title={intl.formatMessage(casting ? messages.casting : messages.cast)}
          onClick={() => send({ type: 'remote.choose' })}
          data-testid="player-cast"
        >
          <Icon name="cast" />
          <span className="visually-hidden">{intl.formatMessage(casting ? messages.casting : messages.cast)}</span>
        </button>
      )}
    </>
  );
}
