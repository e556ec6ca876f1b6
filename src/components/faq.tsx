// Faq: the landing page's questions as native disclosures (`<details>`), one open at a time so the
// page stays short (one `name` for the group); the cost answer quotes the real price range when
// the server gave one. The browser opens and closes them, before the app is up as after, so React
// keeps no state of theirs (docs/decisions/071).
import { useId } from 'react';
import { defineMessage, defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import type { PriceRange } from '@domain/plans';
import { PriceRangeAmount } from './money';

const messages = defineMessages({
  title: { id: 'faq.title', defaultMessage: 'Frequently Asked Questions' },
  whatQ: { id: 'faq.what.question', defaultMessage: 'What is FitStream?' },
  whatA: {
    id: 'faq.what.answer',
    defaultMessage:
      'FitStream is a streaming service with thousands of fitness classes, programmes and documentaries, on thousands of internet-connected devices. Watch as much as you want, whenever you want, without a single ad.',
  },
  costQ: { id: 'faq.cost.question', defaultMessage: 'How much does FitStream cost?' },
  costANoRange: {
    id: 'faq.cost.answerNoRange',
    defaultMessage:
      "Watch FitStream in the web browser of your smartphone, tablet, laptop or TV (or send a class to your TV with your browser's cast or AirPlay button) for one fixed monthly fee. No extra costs, no contracts, and a 7-day free trial.",
  },
  whereQ: { id: 'faq.where.question', defaultMessage: 'Where can I watch?' },
  whereA: {
    id: 'faq.where.answer',
    defaultMessage:
      'Watch anywhere, anytime. Sign in with your account in your browser or on any internet-connected device. Install the app from your browser to download classes and watch them offline: on 1 device with Basic and Mobile, 2 with Standard and 6 with Premium, up to 25 classes each, renewed every time you go online.',
  },
  cancelQ: { id: 'faq.cancel.question', defaultMessage: 'How do I cancel?' },
  cancelA: {
    id: 'faq.cancel.answer',
    defaultMessage:
      'FitStream is flexible. There are no annoying contracts and no commitments. Cancel online in two clicks under Billing & Subscriptions; you keep access until the end of the period you paid for.',
  },
});

// Its amounts are elements (PriceRangeAmount), which the typed descriptors cannot declare.
const costWithRange: MessageDescriptor = defineMessage({
  id: 'faq.cost.answer',
  defaultMessage:
    "Watch FitStream in the web browser of your smartphone, tablet, laptop or TV (or send a class to your TV with your browser's cast or AirPlay button) for one fixed monthly fee. Plans range from {min} to {max} a month. No extra costs, no contracts, and a 7-day free trial.",
});

export interface FaqProps {
  /** Minor units; without it the copy leaves the range out. */
  priceRange?: PriceRange;
}

export function Faq({ priceRange }: FaqProps) {
  const intl = useIntl();
  const baseId = useId();

  const cost = priceRange
    ? intl.formatMessage(costWithRange, {
        min: <PriceRangeAmount range={priceRange} end="min" />,
        max: <PriceRangeAmount range={priceRange} end="max" />,
      })
    : intl.formatMessage(messages.costANoRange);
  const items = [
    { question: intl.formatMessage(messages.whatQ), answer: intl.formatMessage(messages.whatA) },
    { question: intl.formatMessage(messages.costQ), answer: cost },
    { question: intl.formatMessage(messages.whereQ), answer: intl.formatMessage(messages.whereA) },
    { question: intl.formatMessage(messages.cancelQ), answer: intl.formatMessage(messages.cancelA) },
  ];

  return (
    <section className="faq" aria-labelledby={`${baseId}-title`}>
      <h2 id={`${baseId}-title`} className="faq__title">
        {intl.formatMessage(messages.title)}
      </h2>
      <ul className="faq__list">
        {items.map((item, index) => (
          <li key={index} className="faq__item">
            <details name={`${baseId}-faq`} className="faq__details">
              <summary className="faq__question">
                <h3 className="faq__heading">{item.question}</h3>
                {/* "+" or "−" as the disclosure is closed or open (landing.css). */}
                <span className="faq__icon" aria-hidden="true" />
              </summary>
              <div className="faq__answer">
                <p>{item.answer}</p>
              </div>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
