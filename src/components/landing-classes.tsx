// LandingClasses: what a visitor can train, with pictures that ship with the app
// (public/images/landing, small SVG illustrations) until the catalog's own posters exist.
import { defineMessages, useIntl } from 'react-intl';

const messages = defineMessages({
  title: { id: 'landing.classes.title', defaultMessage: 'Classes for every kind of workout' },
  yogaTitle: { id: 'landing.classes.yoga.title', defaultMessage: 'Yoga and mobility' },
  yogaText: { id: 'landing.classes.yoga.text', defaultMessage: 'Flows from 10 to 60 minutes to stretch, breathe and recover.' },
  yogaAlt: { id: 'landing.classes.yoga.alt', defaultMessage: 'An illustrated person in a standing yoga pose at sunrise' },
  hiitTitle: { id: 'landing.classes.hiit.title', defaultMessage: 'HIIT and cardio' },
  hiitText: { id: 'landing.classes.hiit.text', defaultMessage: 'Short, intense sessions that fit before work or at lunch.' },
  hiitAlt: { id: 'landing.classes.hiit.alt', defaultMessage: 'An illustrated person sprinting with energy lines around them' },
  strengthTitle: { id: 'landing.classes.strength.title', defaultMessage: 'Strength' },
  strengthText: { id: 'landing.classes.strength.text', defaultMessage: 'Build strength at home or at the gym, with or without weights.' },
  strengthAlt: { id: 'landing.classes.strength.alt', defaultMessage: 'An illustrated person lifting a barbell overhead' },
});

const CLASSES = [
  { image: '/images/landing/class-yoga.svg', title: messages.yogaTitle, text: messages.yogaText, alt: messages.yogaAlt },
  { image: '/images/landing/class-hiit.svg', title: messages.hiitTitle, text: messages.hiitText, alt: messages.hiitAlt },
  { image: '/images/landing/class-strength.svg', title: messages.strengthTitle, text: messages.strengthText, alt: messages.strengthAlt },
] as const;

export function LandingClasses() {
  const intl = useIntl();
  return (
    <section className="classes" aria-labelledby="landing-classes-title">
      <h2 id="landing-classes-title" className="classes__title">
        {intl.formatMessage(messages.title)}
      </h2>
      <ul className="classes__list">
        {CLASSES.map((item) => (
          <li key={item.title.id} className="class-card">
            <img className="class-card__image" src={item.image} width={320} height={200} alt={intl.formatMessage(item.alt)} loading="lazy" decoding="async" />
            <div className="class-card__body">
              <h3 className="class-card__title">{intl.formatMessage(item.title)}</h3>
              <p className="class-card__text">{intl.formatMessage(item.text)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
