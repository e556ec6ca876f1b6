// LandingFeatures: the landing page's feature blocks, apart from the hero so the hero (above
// the fold) stays small.
import { defineMessages, useIntl } from 'react-intl';

const messages = defineMessages({
  title: { id: 'landing.features.title', defaultMessage: 'Why FitStream' },
  tvTitle: { id: 'landing.features.tv.title', defaultMessage: 'Train on your TV' },
  tvText: {
    id: 'landing.features.tv.text',
    defaultMessage: "Open FitStream in your TV's web browser, or send a class to your TV with your browser's cast or AirPlay button where it offers one.",
  },
  offlineTitle: { id: 'landing.features.offline.title', defaultMessage: 'Download your classes to train offline' },
  offlineText: {
    id: 'landing.features.offline.text',
    defaultMessage: 'Install FitStream as an app, download classes on your plan’s download devices and play them with no connection, captions included, at the gym or on holiday.',
  },
  everywhereTitle: { id: 'landing.features.everywhere.title', defaultMessage: 'Watch everywhere' },
  everywhereText: {
    id: 'landing.features.everywhere.text',
    defaultMessage: 'Stream unlimited classes on your phone, tablet, laptop and TV.',
  },
  levelsTitle: { id: 'landing.features.levels.title', defaultMessage: 'Programmes for every level' },
  levelsText: {
    id: 'landing.features.levels.text',
    defaultMessage: 'From first steps to advanced strength, yoga and cardio: plans that grow with you.',
  },
});

/** Inline icon paths (no icon font, no emoji: they render the same on every system). */
const ICONS = {
  tv: 'M3 5h18v11H3zM8 20h8M12 16v4',
  download: 'M12 3v12M7 10l5 5 5-5M4 20h16',
  devices: 'M7 3h10v18H7zM11 18h2',
  levels: 'M4 20V14M10 20V9M16 20V4M2 20h20',
} as const;

const FEATURES = [
  { icon: ICONS.tv, title: messages.tvTitle, text: messages.tvText },
  { icon: ICONS.download, title: messages.offlineTitle, text: messages.offlineText },
  { icon: ICONS.devices, title: messages.everywhereTitle, text: messages.everywhereText },
  { icon: ICONS.levels, title: messages.levelsTitle, text: messages.levelsText },
] as const;

export function LandingFeatures() {
  const intl = useIntl();
  return (
    <section className="features" aria-labelledby="landing-features-title">
      <h2 id="landing-features-title" className="visually-hidden">
        {intl.formatMessage(messages.title)}
      </h2>
      <ul className="features__list">
        {FEATURES.map((feature) => (
          <li key={feature.title.id} className="feature">
            <svg className="feature__icon" width="36" height="36" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
              <path d={feature.icon} />
            </svg>
            <h3 className="feature__title">{intl.formatMessage(feature.title)}</h3>
            <p className="feature__text">{intl.formatMessage(feature.text)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
