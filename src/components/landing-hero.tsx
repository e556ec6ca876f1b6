// LandingHero: the first thing a visitor sees: the promise, the trial, and the two ways in
// (sign in, sign up). The price line appears only when the server gave a range, so it is
// never wrong.
import { Link } from 'wouter';
import { defineMessage, defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import type { PriceRange } from '@domain/plans';
import { PriceRangeAmount } from './money';

const messages = defineMessages({
  title: { id: 'landing.hero.title', defaultMessage: 'Unlimited fitness classes, programmes and more' },
  noPrice: { id: 'landing.hero.noPrice', defaultMessage: 'Watch anywhere. Cancel anytime.' },
  trial: {
    id: 'landing.hero.trial',
    defaultMessage: 'No ads, no contracts, cancel online. Start with a 7-day free trial.',
  },
  signIn: { id: 'landing.hero.signIn', defaultMessage: 'Sign In' },
  signUp: { id: 'landing.hero.signUp', defaultMessage: 'Sign Up' },
  imageAlt: { id: 'landing.hero.imageAlt', defaultMessage: 'An illustrated athlete mid-lunge in front of a class playing on screen' },
});

// Its amounts are elements (PriceRangeAmount), which the typed descriptors cannot declare.
const priceLine: MessageDescriptor = defineMessage({
  id: 'landing.hero.price',
  defaultMessage: 'Plans from {min} to {max} a month. Cancel anytime.',
});

export interface LandingHeroProps {
  signUpHref?: string;
  signInHref?: string;
  /** Minor units; without it the copy leaves the range out. */
  priceRange?: PriceRange;
}

export function LandingHero({ signUpHref = '/register', signInHref = '/login', priceRange }: LandingHeroProps) {
  const intl = useIntl();
  return (
    <section className="hero">
      <div className="hero__inner">
        <div className="hero__text">
        <h1 className="hero__title">{intl.formatMessage(messages.title)}</h1>
        {/* The price copy replaces the range-free one as a new element: new text appears,
            none moves (a layout shift). The line's box is as tall as either (landing.css). */}
        <p className="hero__lead">
          {priceRange ? (
            <span key="price">
              {intl.formatMessage(priceLine, {
                min: <PriceRangeAmount range={priceRange} end="min" />,
                max: <PriceRangeAmount range={priceRange} end="max" />,
              })}
            </span>
          ) : (
            <span key="no-price">{intl.formatMessage(messages.noPrice)}</span>
          )}
        </p>
        <p className="hero__trial">{intl.formatMessage(messages.trial)}</p>
        <div className="hero__actions">
          <Link href={signUpHref} className="btn btn--primary">
            {intl.formatMessage(messages.signUp)}
          </Link>
          <Link href={signInHref} className="btn btn--ghost">
            {intl.formatMessage(messages.signIn)}
          </Link>
        </div>
        </div>
        {/* Ships with the app (public/images/landing), sized so nothing moves while it loads. */}
        <img className="hero__image" src="/images/landing/hero.svg" width={640} height={480} alt={intl.formatMessage(messages.imageAlt)} fetchPriority="high" />
      </div>
    </section>
  );
}
