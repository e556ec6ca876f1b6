// /watch/:id: a view of the player machine. While watching it renders the <video> the media
// actor plays into (handed over through the video surface) and the controls; otherwise the
// screen-limit list, the reason playback is not allowed or stopped, or a failure with Retry.
import { useEffect, useRef } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import type { SnapshotFrom } from 'xstate';
import { shallowEqual, useSelector } from '@xstate/react';
import { Link, useParams } from 'wouter';
import { SaveButton } from '@components/save-button';
import { Spinner } from '@components';
import { useAppActors, useLanguage, useSession } from '@lib/app-actors';
import { useDataSaver } from '@features/data-saver';
import { useFlow } from '@lib/flow';
import { DownloadPanel } from '@features/downloads';
import { OfflineNotice } from '@components/offline-notice';
import { videoSurface } from './video-surface';
import { needsPlan, settledInBilling } from '@domain/playback';
import { localized } from '@domain/catalog';
import { routes } from '@domain/routes';
import { playerMachine } from '@machines/player.machine';
import type { PlayerVideoMachine } from '@machines/player-video.machine';
import { PlayerControls, formatClock } from './player-controls';
import { ScreenLimit } from './screen-limit';
import { partsOf, WorkoutControls } from './workout-controls';
import { EffortPanel } from './effort-panel';
import { HeartRatePanel, LiveHeartRate } from '@features/heart-rate';

const programmeFinishedMessage = defineMessage<{ title: string }>({ id: 'watch.programmeFinished', defaultMessage: 'Programme complete! You finished {title}.' });
const resumeFromMessage = defineMessage<{ time: string }>({ id: 'watch.resumeFrom', defaultMessage: 'Resume from {time}' });
const messages = defineMessages({
  title: { id: 'watch.title', defaultMessage: 'Watch the class' },
  starting: { id: 'watch.starting', defaultMessage: 'Starting the class…' },
  buffering: { id: 'watch.buffering', defaultMessage: 'Loading the video…' },
  startOver: { id: 'watch.startOver', defaultMessage: 'Start over' },
  resumeQuestion: { id: 'watch.resumeQuestion', defaultMessage: 'You have watched part of this class.' },
  play: { id: 'watch.playClass', defaultMessage: 'Play' },
  ended: { id: 'watch.ended', defaultMessage: 'Class complete. Well done!' },
  replay: { id: 'watch.replay', defaultMessage: 'Watch again' },
  notAllowedTitle: { id: 'watch.notAllowed.title', defaultMessage: 'You can’t watch this class right now' },
  noSubscription: { id: 'watch.notAllowed.noSubscription', defaultMessage: 'Choose a plan to start watching. Every plan includes every class.' },
  subscriptionEnded: { id: 'watch.notAllowed.subscriptionEnded', defaultMessage: 'Your subscription has ended. Choose a plan to keep watching.' },
  paymentRequired: {
    id: 'watch.notAllowed.paymentRequired',
    defaultMessage: 'Your last payment did not go through, so playback is paused. Update your card in Billing to keep watching.',
  },
  subscriptionPaused: { id: 'watch.notAllowed.subscriptionPaused', defaultMessage: 'Your subscription is paused. Resume it in Billing to keep watching.' },
  ownerOnly: { id: 'watch.notAllowed.ownerOnly', defaultMessage: 'Only the account owner can open Billing.' },
  deviceNotAllowed: {
    id: 'watch.notAllowed.deviceNotAllowed',
    defaultMessage: 'The Mobile plan plays on phones and tablets only. Watch on your phone or tablet, or change to a plan for every screen.',
  },
  otherAccount: { id: 'watch.notAllowed.otherAccount', defaultMessage: 'This playback belongs to another account.' },
  choosePlan: { id: 'watch.choosePlan', defaultMessage: 'Choose a plan' },
  changePlan: { id: 'watch.changePlan', defaultMessage: 'See the plans' },
  openBilling: { id: 'watch.openBilling', defaultMessage: 'Go to Billing' },
  stoppedTitle: { id: 'watch.stopped.title', defaultMessage: 'Playback stopped' },
  stopped: { id: 'watch.stopped.stopped', defaultMessage: 'Playback was stopped from another device on your account.' },
  replaced: { id: 'watch.stopped.replaced', defaultMessage: 'This device started playing something else.' },
  expired: { id: 'watch.stopped.expired', defaultMessage: 'Playback was paused for too long and was closed.' },
  noAccess: { id: 'watch.stopped.noAccess', defaultMessage: 'Your subscription no longer gives access to classes.' },
  watchHere: { id: 'watch.watchHere', defaultMessage: 'Watch here' },
  failedTitle: { id: 'watch.failed.title', defaultMessage: 'This class can’t play right now' },
  unavailable: { id: 'watch.failed.unavailable', defaultMessage: 'We couldn’t reach FitStream. Check your connection and try again.' },
  preparing: { id: 'watch.failed.preparing', defaultMessage: 'This class is still being prepared. Please try again in a minute.' },
  notFound: { id: 'watch.failed.notFound', defaultMessage: 'We couldn’t find this class.' },
  media: { id: 'watch.failed.media', defaultMessage: 'The video stopped loading. Try again.' },
  retry: { id: 'watch.retry', defaultMessage: 'Try again' },
  home: { id: 'watch.home', defaultMessage: 'Back to Home' },
  programmeFinishedLink: { id: 'watch.programmeFinished.link', defaultMessage: 'See your programme' },
});

const readyInMessage = defineMessage<{ minutes: number }>({
  id: 'watch.failed.preparingFor',
  defaultMessage: 'This class is being prepared. It will be ready in about {minutes, plural, one {# minute} other {# minutes}}.',
});

const refusalMessage = {
  no_subscription: messages.noSubscription,
  subscription_ended: messages.subscriptionEnded,
  payment_required: messages.paymentRequired,
  subscription_paused: messages.subscriptionPaused,
  device_not_allowed: messages.deviceNotAllowed,
  other_account: messages.otherAccount,
} as const;

const endMessage = { stopped: messages.stopped, replaced: messages.replaced, expired: messages.expired, no_access: messages.noAccess } as const;

const failureMessage = {
  unavailable: messages.unavailable,
  preparing: messages.preparing,
  notFound: messages.notFound,
  media: messages.media,
  stopFailed: messages.unavailable,
} as const;

interface Overlay {
  ready: boolean;
  ended: boolean;
  /** Loading at the resume point before Play is offered (docs/decisions/046), or waiting for data while playing. */
  buffering: boolean;
  resumeSeconds: number;
}

const overlayOf = (video: SnapshotFrom<PlayerVideoMachine> | undefined): Overlay | undefined =>
  video && {
    ready: video.matches({ on: 'ready' }),
    ended: video.matches({ on: 'ended' }),
    buffering: video.matches({ on: 'buffering' }) || video.matches({ on: 'priming' }),
    resumeSeconds: video.context.resumeSeconds,
  };

function Player({ classId }: { classId: string }) {
  const intl = useIntl();
  const [language] = useLanguage();
  // Billing is the owner's (decision 064): another profile is told so instead of linked there.
  const owner = useSession((session) => session.context.user?.profile?.owner ?? true);
  const [player, send] = useFlow(playerMachine, { classId });
  const offline = useSelector(useAppActors().connectivity, (state) => state.matches('offline'));
  // The player runs its children: the playback session, the video, the class's parts, workout mode, the programme, heart rate and effort.
  const snapshot = useSelector(player.children.session, (session) => session);
  // Only what this screen draws of the video (its overlays): the controls follow the rest, its
  // position included, themselves, so time passing does not render the whole screen again.
  const videoActor = player.children.video;
  const video = useSelector(videoActor, overlayOf, shallowEqual);
  const parts = useSelector(player.children.chapters, partsOf);
  const workout = useSelector(player.children.workout, (state) => state);
  // This class's completion finished the programme under way: the end screen says so.
  const finishedProgramme = useSelector(player.children.programme, (state) => (state?.hasTag('programmeFinished') ? state.context.programme : null));

  // Captions that are on follow a change of the interface language; opening the player keeps the
  // language they were remembered in (the video's preferences actor restores it).
  const shownLanguage = useRef(language);
  useEffect(() => {
    if (shownLanguage.current === language) return;
    shownLanguage.current = language;
    send({ type: 'captions.language', language });
  }, [language, send]);
  // This device's data saver narrows the renditions while it limits streaming.
  const { limiting } = useDataSaver();
  useEffect(() => send({ type: 'dataSaver.changed', limiting }), [limiting, send]);

  if (!snapshot || !video || !videoActor) return <Spinner size="lg" />;
  const { context } = snapshot;
  const watching = snapshot.matches('watching');
  if (snapshot.hasTag('loading')) {
    return (
      <div className="player-message" role="status">
        <Spinner size="lg" />
        <p>{intl.formatMessage(messages.starting)}</p>
      </div>
    );
  }
  if (watching) {
    const { ready, ended, buffering, resumeSeconds } = video;
    return (
      <>
        <PlayerControls video={videoActor} send={send} language={language} parts={parts} extras={<WorkoutControls workout={workout} send={send} />}>
          <video ref={videoSurface.attach} className="player__video" playsInline aria-label={intl.formatMessage(messages.title)} />
          {/* The live heart rate while the class is on; at its end the effort panel sums it up. */}
          {!ended && <LiveHeartRate heartRate={player.children.heartRate} />}
          {buffering && (
            <div className="player__overlay player__overlay--quiet" role="status">
              <Spinner size="lg" />
              <span className="visually-hidden">{intl.formatMessage(messages.buffering)}</span>
            </div>
          )}
          {ready && (
            <div className="player__overlay">
              {resumeSeconds > 0 ? (
                <>
                  <p>{intl.formatMessage(messages.resumeQuestion)}</p>
                  <div className="player__choices">
                    <button type="button" className="btn btn--primary" onClick={() => send({ type: 'resume' })}>
                      {intl.formatMessage(resumeFromMessage, { time: formatClock(resumeSeconds) })}
                    </button>
                    <button type="button" className="btn btn--ghost" onClick={() => send({ type: 'startOver' })}>
                      {intl.formatMessage(messages.startOver)}
                    </button>
                  </div>
                </>
              ) : (
                <button type="button" className="btn btn--primary player__big-play" onClick={() => send({ type: 'play' })}>
                  {intl.formatMessage(messages.play)}
                </button>
              )}
            </div>
          )}
          {ended && (
            <div className="player__overlay">
              <p>{intl.formatMessage(messages.ended)}</p>
              {finishedProgramme && (
                <p className="player__programme-complete" role="status">
                  <span aria-hidden="true">✓ </span>
                  {intl.formatMessage(programmeFinishedMessage, { title: localized(finishedProgramme.title, intl.locale) })}
                </p>
              )}
              <div className="player__choices">
                {finishedProgramme && (
                  <Link className="btn btn--primary" href={routes.programmeDetail.href(finishedProgramme.id)}>
                    {intl.formatMessage(messages.programmeFinishedLink)}
                  </Link>
                )}
                {/* A phone's overlay has room for two choices: the programme's page replaces Watch again (the controls still replay). */}
                {!finishedProgramme && (
                  <button type="button" className="btn btn--primary" onClick={() => send({ type: 'replay' })}>
                    {intl.formatMessage(messages.replay)}
                  </button>
                )}
                <Link className="btn btn--ghost" href={routes.home.href()}>
                  {intl.formatMessage(messages.home)}
                </Link>
              </div>
            </div>
          )}
        </PlayerControls>
        <EffortPanel effort={player.children.effort} send={send} />
        <HeartRatePanel heartRate={player.children.heartRate} send={send} />
        {/* Download, with its quality and progress (src/features/downloads); a downloaded class plays from this device. */}
        <DownloadPanel compact download={{ classId, title: context.workout.title, durationSeconds: context.durationSeconds }} />
      </>
    );
  }
  if (snapshot.matches('screenLimit') || snapshot.matches('stoppingDevice')) {
    return (
      <ScreenLimit
        watching={context.watching}
        screens={context.screens}
        busy={snapshot.hasTag('busy')}
        failed={context.failure === 'stopFailed'}
        onStop={(sessionId) => send({ type: 'device.stop', sessionId })}
      />
    );
  }
  if (snapshot.matches('notAllowed')) {
    const reason = context.refusal ?? 'no_subscription';
    return (
      <section className="player-message" aria-labelledby="player-message-title">
        <h2 id="player-message-title">{intl.formatMessage(messages.notAllowedTitle)}</h2>
        <p>{intl.formatMessage(refusalMessage[reason])}</p>
        {needsPlan(reason) && (
          <Link className="btn btn--primary" href={routes.pricing.href()}>
            {intl.formatMessage(messages.choosePlan)}
          </Link>
        )}
        {settledInBilling(reason) &&
          (owner ? (
            <Link className="btn btn--primary" href={routes.billing.href()}>
              {intl.formatMessage(messages.openBilling)}
            </Link>
          ) : (
            <p>{intl.formatMessage(messages.ownerOnly)}</p>
          ))}
        {reason === 'device_not_allowed' && (
          <Link className="btn btn--ghost" href={routes.pricing.href()}>
            {intl.formatMessage(messages.changePlan)}
          </Link>
        )}
      </section>
    );
  }
  if (snapshot.matches('stopped')) {
    return (
      <section className="player-message" aria-labelledby="player-message-title">
        <h2 id="player-message-title">{intl.formatMessage(messages.stoppedTitle)}</h2>
        <p role="alert">{intl.formatMessage(endMessage[context.endReason ?? 'stopped'])}</p>
        <button type="button" className="btn btn--primary" onClick={() => send({ type: 'retry' })}>
          {intl.formatMessage(messages.watchHere)}
        </button>
      </section>
    );
  }
  if (snapshot.matches('failed')) {
    // Offline, a class not downloaded here cannot play: the app's "You are offline" with its link to Downloads.
    if (offline) return <OfflineNotice signedIn />;
    return (
      <section className="player-message" aria-labelledby="player-message-title">
        <h2 id="player-message-title">{intl.formatMessage(messages.failedTitle)}</h2>
        <p role="alert">
          {context.failure === 'preparing' && context.readyInSeconds !== null
            ? intl.formatMessage(readyInMessage, { minutes: Math.ceil(context.readyInSeconds / 60) })
            : intl.formatMessage(failureMessage[context.failure ?? 'unavailable'])}
        </p>
        <button type="button" className="btn btn--primary" onClick={() => send({ type: 'retry' })}>
          {intl.formatMessage(messages.retry)}
        </button>
      </section>
    );
  }
  return <Spinner size="lg" />;
}

export default function WatchScreen() {
  const intl = useIntl();
  const { id = '' } = useParams<{ id: string }>();
  return (
    <div className="page page--player">
      <h1 className="visually-hidden">{intl.formatMessage(messages.title)}</h1>
      <Player key={id} classId={id} />
      <SaveButton classId={id} className="player__save" />
    </div>
  );
}
