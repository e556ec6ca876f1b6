// /home (step 3 of 4): a view of the home machine: a short spinner, then the three benefits
// and Next (the machine decides where Next goes).
import { defineMessages, useIntl } from 'react-intl';
import { Spinner, StepHeader, useMessageText } from '@components';
import { useSession } from '@lib/app-actors';
import { useFlow } from '@lib/flow';
import { useScrollToTopOn } from '@lib/navigation';
import { homeMachine } from '@machines/home.machine';
import { NoticeBanner } from '@components/notice-banner';
import { HomeUnavailable, SubscriberHome } from './subscriber-home';

const messages = defineMessages({
  title: { id: 'home.title', defaultMessage: 'Choose your plan' },
  noCommitments: { id: 'home.benefit.noCommitments', defaultMessage: 'No commitments, cancel anytime.' },
  allContent: { id: 'home.benefit.allContent', defaultMessage: 'Everything on FitStream for one low price.' },
  noAds: { id: 'home.benefit.noAds', defaultMessage: 'No ads and no extra fees. Ever.' },
  next: { id: 'home.next', defaultMessage: 'Next' },
});

export default function HomeScreen() {
  const intl = useIntl();
  const hasEmail = useSession((snapshot) => Boolean(snapshot.context.user?.email));
  const [snapshot, send] = useFlow(homeMachine, { hasEmail });
  const { notice, scrollToTop } = snapshot.context;
  useScrollToTopOn(scrollToTop);
  const messageText = useMessageText();
  // A subscriber's home, or why it is not known yet (subscriber-home.tsx); else the onboarding step.
  if (snapshot.matches('checkingAccess')) return <Spinner size="lg" />;
  if (snapshot.matches('subscriber') && snapshot.context.rows) return <SubscriberHome rows={snapshot.context.rows} />;
  if (snapshot.matches('accessFailed')) return <HomeUnavailable reason={notice && messageText(notice.message)} onRetry={() => send({ type: 'retry' })} />;
  return (
    <div className="page page--narrow">
      <NoticeBanner notice={notice} onDismiss={() => send({ type: 'notice.dismiss' })} />
      <StepHeader step={3} title={intl.formatMessage(messages.title)} />
      {snapshot.hasTag('loading') ? (
        <Spinner size="lg" />
      ) : (
        <div className="card stack">
          <ul className="benefits">
            {[messages.noCommitments, messages.allContent, messages.noAds].map((message) => (
              <li key={message.id} className="benefits__item">
                <svg className="benefits__icon" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
                <span>{intl.formatMessage(message)}</span>
              </li>
            ))}
          </ul>
          <button type="button" className="btn btn--primary btn--block" onClick={() => send({ type: 'home.next' })}>
            {intl.formatMessage(messages.next)}
          </button>
        </div>
      )}
    </div>
  );
}
