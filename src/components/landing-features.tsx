// LandingFeatures: the landing's four feature blocks (watch on your TV, download to train
// offline, watch everywhere, programmes for every level). Props: none.
import { defineMessages, useIntl } from 'react-intl';

const messages = defineMessages({
  title: { id: 'landing.features.title', defaultMessage: 'Why FitStream' },
  tvTitle: { id: 'landing.features.tv.title', defaultMessage: 'Train on your TV' },
  tvText: {
    id: 'landing.features.tv.text',
    defaultMessage: 'Watch on smart TVs, game consoles, streaming sticks, Blu-ray players and more.',
  },
  offlineTitle: { id: 'landing.features.offline.title', defaultMessage: 'Download your classes to train offline' },
  offlineText: {
    id: 'landing.features.offline.text',
    defaultMessage: 'Save your favourite workouts and always have something to follow at the gym or on holiday.',
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

const FEATURES = [
  { icon: '📺', title: messages.tvTitle, text: messages.tvText },
  { icon: '⬇', title: messages.offlineTitle, text: messages.offlineText },
  { icon: '📱', title: messages.everywhereTitle, text: messages.everywhereText },
  { icon: '💪', title: messages.levelsTitle, text: messages.levelsText },
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
            <span className="feature__icon" aria-hidden="true">
              {feature.icon}
            </span>
            <h3 className="feature__title">{intl.formatMessage(feature.title)}</h3>
            <p className="feature__text">{intl.formatMessage(feature.text)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
