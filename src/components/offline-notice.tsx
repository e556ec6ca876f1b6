// "You are offline": what a page that needs the network shows, in place of its content, while
// the device is offline (src/app/router.tsx). It opens by itself when the connection returns.
// Signed in, it links to the downloads, which play offline; signed out there are none (logging out
// removes them) and /downloads would only send back to the log-in page, which needs the network:
// it says so instead.
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { routes } from '@domain/routes';

const messages = defineMessages({
  title: { id: 'offline.title', defaultMessage: 'You are offline' },
  text: { id: 'offline.text', defaultMessage: 'This page needs an internet connection. It opens by itself as soon as you are back online.' },
  downloads: { id: 'offline.downloads', defaultMessage: 'Watch your downloads' },
  signedOut: {
    id: 'offline.signedOut',
    defaultMessage: 'Downloaded classes play without a connection once you are logged in on this device. Logging in needs a connection.',
  },
});

export function OfflineNotice({ signedIn }: { signedIn: boolean }) {
  const intl = useIntl();
  return (
    <section className="page offline-notice" aria-labelledby="offline-title" data-testid="offline-notice">
      <div className="offline-notice__icon" aria-hidden="true">
        <svg width="40" height="40" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" focusable="false">
          <path d="M2 8.5a15 15 0 0 1 20 0M5.5 12a10 10 0 0 1 13 0M9 15.5a5 5 0 0 1 6 0M12 19h.01M3 3l18 18" />
        </svg>
      </div>
      <h1 id="offline-title">{intl.formatMessage(messages.title)}</h1>
      <p>{intl.formatMessage(messages.text)}</p>
      {/* What plays offline: the classes downloaded on this device. */}
      {signedIn ? (
        <Link href={routes.downloads.href()} className="btn btn--primary">
          {intl.formatMessage(messages.downloads)}
        </Link>
      ) : (
        <p data-testid="offline-signed-out">{intl.formatMessage(messages.signedOut)}</p>
      )}
    </section>
  );
}
