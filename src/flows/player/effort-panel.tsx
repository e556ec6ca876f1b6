// "How hard was it?" under the player at the end of every class (issue 43): a 1–10 rating, which
// may be skipped, beside the heart-rate summary when a monitor recorded one; then the effort
// score (decision 072). A view of the player's `effort` child; every event goes to the player.
import { useSelector } from '@xstate/react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { effortScore, highestRating, lowestRating } from '@domain/heart-rate';
import { NoticeBanner } from '@components/notice-banner';
import type { PlayerEffortMachine } from '@machines/player-effort.machine';
import type { PlayerEvent } from '@machines/player.machine';
import { HeartRateSummaryList } from '@components/heart-rate-summary';

const ratingMessage = defineMessage<{ rating: number }>({ id: 'effort.rating', defaultMessage: '{rating} of 10' });
const scoreMessage = defineMessage<{ score: number }>({ id: 'effort.score', defaultMessage: 'Effort: {score}' });
const messages = defineMessages({
  question: { id: 'effort.question', defaultMessage: 'How hard was it?' },
  scale: { id: 'effort.scale', defaultMessage: '1 is very easy, 10 is as hard as you can go.' },
  skip: { id: 'effort.skip', defaultMessage: 'Skip' },
  retry: { id: 'effort.retry', defaultMessage: 'Try again' },
  saving: { id: 'effort.saving', defaultMessage: 'Saving…' },
  scoredByZones: { id: 'effort.scoredByZones', defaultMessage: 'Minutes in each heart-rate zone, weighted 1 to 5.' },
  scoredByRating: { id: 'effort.scoredByRating', defaultMessage: 'Your rating times the minutes you trained.' },
  savedOnDevice: { id: 'effort.savedOnDevice', defaultMessage: 'Saved on this device: sent when you are back online.' },
  heading: { id: 'effort.heading', defaultMessage: 'Your effort' },
});

type EffortActor = ActorRefFrom<PlayerEffortMachine> | undefined;

export function EffortPanel({ effort, send }: { effort: EffortActor; send: (event: PlayerEvent) => void }) {
  const intl = useIntl();
  const state = useSelector(effort, (snapshot) => snapshot);
  if (!state || state.matches('watching') || state.matches('skipped')) return null;
  const { summary, rating, seconds, notice } = state.context;
  const asking = state.matches('asking');
  const busy = state.hasTag('busy');
  const kept = state.matches('saved') || state.matches('savedOnDevice');
  const score = kept ? effortScore(summary?.zoneSeconds ?? null, rating, seconds) : null;
  const ratings = Array.from({ length: highestRating - lowestRating + 1 }, (_, index) => lowestRating + index);
  return (
    <section className="effort-panel card stack" aria-labelledby="effort-heading" data-testid="effort-panel">
      <h2 id="effort-heading" className="effort-panel__heading">
        {intl.formatMessage(asking || busy ? messages.question : messages.heading)}
      </h2>
      {summary && <HeartRateSummaryList summary={summary} />}
      {(asking || busy) && (
        <fieldset className="effort-panel__ratings" disabled={busy}>
          <legend>{intl.formatMessage(messages.scale)}</legend>
          <div className="effort-panel__scale">
            {ratings.map((value) => (
              <button key={value} type="button" className="btn btn--secondary effort-panel__rating" aria-label={intl.formatMessage(ratingMessage, { rating: value })} onClick={() => send({ type: 'effort.rate', rating: value })}>
                {value}
              </button>
            ))}
          </div>
          <button type="button" className="btn btn--ghost" onClick={() => send({ type: 'effort.skip' })}>
            {intl.formatMessage(messages.skip)}
          </button>
          {busy && <p role="status">{intl.formatMessage(messages.saving)}</p>}
        </fieldset>
      )}
      {state.matches('failed') && notice && (
        <>
          <NoticeBanner notice={notice} reserveSpace={false} />
          <div className="effort-panel__actions">
            <button type="button" className="btn btn--primary" onClick={() => send({ type: 'effort.retry' })}>
              {intl.formatMessage(messages.retry)}
            </button>
            <button type="button" className="btn btn--ghost" onClick={() => send({ type: 'effort.skip' })}>
              {intl.formatMessage(messages.skip)}
            </button>
          </div>
        </>
      )}
      {score && (
        <div role="status">
          <p className="effort-panel__score">{intl.formatMessage(scoreMessage, { score: score.score })}</p>
          <p className="effort-panel__how">{intl.formatMessage(score.scoredBy === 'zones' ? messages.scoredByZones : messages.scoredByRating)}</p>
        </div>
      )}
      {state.matches('savedOnDevice') && <p>{intl.formatMessage(messages.savedOnDevice)}</p>}
    </section>
  );
}
