// Cookies and storage (/cookies): what FitStream keeps in the browser and why. It keeps only what
// the service needs to work (no advertising, analytics or third-party cookies), so there is no
// consent to ask for and nothing to switch off; the page says so instead of offering a switch.
// Keep it in step with src/lib/storage-keys.ts, the server's cookies (fs_refresh, fs_media_*)
// and the browser databases (downloads, the offline progress and favourites queues).
import { defineMessages } from 'react-intl';
import { StaticPage } from './static-page';

const m = defineMessages({
  title: { id: 'static.cookies.title', defaultMessage: 'Cookies and storage' },
  intro: {
    id: 'static.cookies.intro',
    defaultMessage:
      'FitStream keeps in your browser only what it needs to work. There are no advertising or analytics cookies and no third-party trackers, so there is nothing to switch on or off.',
  },
  cookiesHeading: { id: 'static.cookies.cookies.heading', defaultMessage: 'Cookies' },
  refresh: { id: 'static.cookies.cookies.refresh', defaultMessage: 'fs_refresh: keeps you signed in between visits (up to 30 days); removed when you log out.' },
  language: { id: 'static.cookies.cookies.language', defaultMessage: 'fitstream_language: the language you chose, so that pages arrive in it.' },
  media: { id: 'static.cookies.cookies.media', defaultMessage: 'fs_media_…: a short-lived permission to stream the class you are watching.' },
  storageHeading: { id: 'static.cookies.storage.heading', defaultMessage: 'Storage in your browser' },
  session: {
    id: 'static.cookies.storage.session',
    defaultMessage:
      'Local storage (session storage when you sign in without “Remember me”): your sign-in and the profile chosen on it, your language, this device’s identifier, the profile last chosen on this device, the data saver setting, your captions choice and the last version whose news you have seen.',
  },
  downloads: {
    id: 'static.cookies.storage.downloads',
    defaultMessage: 'IndexedDB and the cache storage: the classes you download to watch offline, and the progress you make and the classes you save or remove offline, until they are sent.',
  },
  app: { id: 'static.cookies.storage.app', defaultMessage: 'The app’s own files, kept by its service worker so that it opens quickly and works offline.' },
  choicesHeading: { id: 'static.cookies.choices.heading', defaultMessage: 'Your choices' },
  choices: {
    id: 'static.cookies.choices.text',
    defaultMessage:
      'All of this is strictly necessary for the service you ask for, so it needs no consent. Logging out removes your sign-in, deleting a download on the Downloads page removes its class, and your browser’s settings can clear the rest at any time.',
  },
});

export default function CookiesPage() {
  return (
    <StaticPage
      title={m.title}
      intro={[m.intro]}
      sections={[
        { heading: m.cookiesHeading, items: [m.refresh, m.language, m.media] },
        { heading: m.storageHeading, items: [m.session, m.downloads, m.app] },
        { heading: m.choicesHeading, paragraphs: [m.choices] },
      ]}
    />
  );
}
