// /: the landing page, a view of the session and of the landing machine. A one-time sign-in
// link (?nftoken=…&device_id=…) is handed to the session, which shows a spinner while it
// exchanges it. The landing machine loads the price range for the hero and FAQ (starting from the
// one the pre-rendered page quotes; without one, until it arrives or when it cannot, they use
// their range-free copy) and decides where the email entry goes.
import { useEffect, useRef, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useSearch } from 'wouter';
import { EmailEntry } from '@components/email-entry';
import { Faq } from '@components/faq';
import { LandingClasses } from '@components/landing-classes';
import { LandingFeatures } from '@components/landing-features';
import { LandingHero } from '@components/landing-hero';
import { Spinner } from '@components/spinner';
import { useSession, useSessionSend } from '@lib/app-actors';
import { drawnPriceRange } from '@lib/drawn-price-range';
import { useFlow } from '@lib/flow';
import { routes } from '@domain/routes';
import { landingMachine } from '@machines/landing.machine';
import { NoticeBanner } from '@components/notice-banner';

const messages = defineMessages({
  exchanging: { id: 'landing.exchanging', defaultMessage: 'Signing you in…' },
  exchangingTitle: { id: 'landing.exchangingTitle', defaultMessage: 'Signing you in' },
});

export default function LandingScreen() {
  const intl = useIntl();
  const search = new URLSearchParams(useSearch());
  const nftoken = search.get('nftoken');
  const deviceId = search.get('device_id');
  const send = useSessionSend();
  const exchanging = useSession((snapshot) => snapshot.matches('exchanging'));
  const notice = useSession((snapshot) => snapshot.context.notice);
  const [landing, sendLanding] = useFlow(landingMachine, { priceRange: drawnPriceRange() });
  const { priceRange } = landing.context;
  const [email, setEmail] = useState('');
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (!nftoken || sent.current === nftoken) return;
    sent.current = nftoken;
    send({ type: 'session.exchange', token: nftoken, deviceId });
  }, [nftoken, deviceId, send]);

  if (exchanging) {
    return (
      <div className="page page--narrow exchanging">
        <h1>{intl.formatMessage(messages.exchangingTitle)}</h1>
        <Spinner size="lg" label={messages.exchanging} />
      </div>
    );
  }
  const range = priceRange ?? undefined;
  return (
    <div className="landing">
      <NoticeBanner notice={notice} onDismiss={() => send({ type: 'notice.dismiss' })} />
      <LandingHero signInHref={routes.login.href()} signUpHref={routes.register.href()} priceRange={range} />
      <LandingClasses />
      <LandingFeatures />
      <Faq priceRange={range} />
      <div className="page page--narrow">
        <EmailEntry value={email} onChange={setEmail} action={routes.register.href()} onSubmit={(value) => sendLanding({ type: 'email.submit', email: value })} />
      </div>
    </div>
  );
}
