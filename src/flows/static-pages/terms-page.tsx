// Terms of service page (/terms): eligibility (18 or older), purchases through the payment
// provider, refunds per policy. Placeholder legal text with [template markers].
import { defineMessages } from 'react-intl';
import { StaticPage } from './static-page';

const m = defineMessages({
  title: { id: 'static.terms.title', defaultMessage: 'Terms of Service' },
  updated: { id: 'static.terms.updated', defaultMessage: 'Last updated: [Effective Date]' },
  intro: {
    id: 'static.terms.intro',
    defaultMessage: 'These terms govern your use of FitStream, provided by [Company Name], [Company Address]. By creating an account you accept them.',
  },
  eligibilityHeading: { id: 'static.terms.eligibility.heading', defaultMessage: '1. Eligibility' },
  eligibility: {
    id: 'static.terms.eligibility.text',
    defaultMessage: 'You must be 18 or older, or the age of majority where you live, to create an account and subscribe. You are responsible for the activity on your account.',
  },
  subscriptionHeading: { id: 'static.terms.subscription.heading', defaultMessage: '2. Subscription and free trial' },
  subscription: {
    id: 'static.terms.subscription.text',
    defaultMessage: 'Your subscription renews every month until you cancel. New accounts get one 7-day free trial; we remind you before the first charge. You can cancel online at any time and keep access until the end of the paid period.',
  },
  paymentHeading: { id: 'static.terms.payment.heading', defaultMessage: '3. Purchases and payment' },
  payment: {
    id: 'static.terms.payment.text',
    defaultMessage: 'All purchases are processed by our third-party payment provider. Your card details are entered on the provider’s page and never stored by FitStream. Prices include applicable taxes unless stated otherwise.',
  },
  refundsHeading: { id: 'static.terms.refunds.heading', defaultMessage: '4. Refunds' },
  refunds: {
    id: 'static.terms.refunds.text',
    defaultMessage: 'Payments are non-refundable except as described in our refund policy [Refund Policy Link] or where the law of your country requires otherwise.',
  },
  useHeading: { id: 'static.terms.use.heading', defaultMessage: '5. Acceptable use' },
  use: {
    id: 'static.terms.use.text',
    defaultMessage: 'The content is for your personal, non-commercial use. Do not share your account outside your household, copy or redistribute videos, or try to bypass technical protections.',
  },
  healthHeading: { id: 'static.terms.health.heading', defaultMessage: '6. Health notice' },
  health: {
    id: 'static.terms.health.text',
    defaultMessage: 'Exercise involves risk. Consult a doctor before starting a new programme and stop if you feel pain or dizziness.',
  },
  changesHeading: { id: 'static.terms.changes.heading', defaultMessage: '7. Changes and governing law' },
  changes: {
    id: 'static.terms.changes.text',
    defaultMessage: 'We may update these terms and will tell you before changes take effect. These terms are governed by the laws of [Jurisdiction].',
  },
});

export default function TermsPage() {
  return (
    <StaticPage
      title={m.title}
      updated={m.updated}
      intro={[m.intro]}
      sections={[
        { heading: m.eligibilityHeading, paragraphs: [m.eligibility] },
        { heading: m.subscriptionHeading, paragraphs: [m.subscription] },
        { heading: m.paymentHeading, paragraphs: [m.payment] },
        { heading: m.refundsHeading, paragraphs: [m.refunds] },
        { heading: m.useHeading, paragraphs: [m.use] },
        { heading: m.healthHeading, paragraphs: [m.health] },
        { heading: m.changesHeading, paragraphs: [m.changes] },
      ]}
    />
  );
}
