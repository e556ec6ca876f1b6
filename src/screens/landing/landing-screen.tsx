// /: the landing page, a view of the session. A one-time sign-in link (?nftoken=…&device_id=…)
// is handed to the session, which shows a spinner while it exchanges it. Plans need a token,
// so a visitor's page has no price range: the hero and FAQ use their range-free copy.
import { useEffect, useRef, useState } from 'react';
import { defineMessages } from 'react-intl';
import { useLocation, useSearch } from 'wouter';
import { EmailEntry } from '../../components/email-entry';
import { Faq } from '../../components/faq';
import { LandingFeatures } from '../../components/landing-features';
import { LandingHero } from '../../components/landing-hero';
import { Spinner } from '../../components/spinner';
import { useSession, useSessionSend } from '../../app/actors';
import { paths } from '../../app/paths';
import { NoticeBanner } from '../notice-banner';

const messages = defineMessages({
  exchanging: { id: 'landing.exchanging', defaultMessage: 'Signing you in…' },
});

export default function LandingScreen() {
  const search = new URLSearchParams(useSearch());
  const nftoken = search.get('nftoken');
  const deviceId = search.get('device_id');
  const send = useSessionSend();
  const exchanging = useSession((snapshot) => snapshot.matches('exchanging'));
  const notice = useSession((snapshot) => snapshot.context.notice);
  const [, navigate] = useLocation();
  const [email, setEmail] = useState('');
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (!nftoken || sent.current === nftoken) return;
    sent.current = nftoken;
    send({ type: 'session.exchange', token: nftoken, deviceId });
  }, [nftoken, deviceId, send]);

  if (exchanging) {
    return (
      <div className="page">
        <Spinner size="lg" label={messages.exchanging} />
      </div>
    );
  }
  return (
    <div className="landing">
      <NoticeBanner notice={notice} onDismiss={() => send({ type: 'notice.dismiss' })} />
      <LandingHero signInHref={paths.login.href()} signUpHref={paths.register.href()} />
      <LandingFeatures />
      <Faq />
      <div className="page page--narrow">
        {/* The email entry is a link with the typed address: sign-up opens with it prefilled. */}
        <EmailEntry value={email} onChange={setEmail} onSubmit={(value) => navigate(paths.register.href({ email: value }))} />
      </div>
    </div>
  );
}
