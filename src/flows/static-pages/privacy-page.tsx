// Privacy policy page (/privacy): data collected, how it is used, the third-party payment
// provider, your rights. Placeholder legal text with [template markers].
import { defineMessages } from 'react-intl';
import { StaticPage } from './static-page';

const m = defineMessages({
  title: { id: 'static.privacy.title', defaultMessage: 'Privacy Policy' },
  updated: { id: 'static.privacy.updated', defaultMessage: 'Last updated: [Effective Date]' },
  intro: {
    id: 'static.privacy.intro',
    defaultMessage: 'This policy explains what personal data [Company Name] collects when you use FitStream, why, and the choices you have.',
  },
  collectedHeading: { id: 'static.privacy.collected.heading', defaultMessage: 'Data we collect' },
  account: { id: 'static.privacy.collected.account', defaultMessage: 'Account data: your email address, country, name and optional profile picture.' },
  usage: { id: 'static.privacy.collected.usage', defaultMessage: 'Usage data: the devices you sign in from, the classes you watch and basic technical logs.' },
  billing: { id: 'static.privacy.collected.billing', defaultMessage: 'Billing data: your plan, subscription status, and the card brand and last four digits reported by the payment provider.' },
  useHeading: { id: 'static.privacy.use.heading', defaultMessage: 'How we use it' },
  use: {
    id: 'static.privacy.use.text',
    defaultMessage: 'We use your data to run your account, deliver the service, keep it secure, and answer your support requests. We do not sell your personal data.',
  },
  providerHeading: { id: 'static.privacy.provider.heading', defaultMessage: 'Third-party payment provider' },
  provider: {
    id: 'static.privacy.provider.text',
    defaultMessage: 'Payments are handled by a third-party payment provider that processes your card details under its own privacy policy. FitStream never receives or stores your full card number.',
  },
  rightsHeading: { id: 'static.privacy.rights.heading', defaultMessage: 'Your rights' },
  rights: {
    id: 'static.privacy.rights.text',
    defaultMessage: 'You can ask to access, correct, export or delete your personal data, and object to or restrict its processing. Write to [Privacy Contact Email]; you may also complain to your data protection authority.',
  },
  retentionHeading: { id: 'static.privacy.retention.heading', defaultMessage: 'Retention' },
  retention: {
    id: 'static.privacy.retention.text',
    defaultMessage: 'We keep account data while your account exists and billing records for as long as tax law requires.',
  },
});

export default function PrivacyPage() {
  return (
    <StaticPage
      title={m.title}
      updated={m.updated}
      intro={[m.intro]}
      sections={[
        { heading: m.collectedHeading, items: [m.account, m.usage, m.billing] },
        { heading: m.useHeading, paragraphs: [m.use] },
        { heading: m.providerHeading, paragraphs: [m.provider] },
        { heading: m.rightsHeading, paragraphs: [m.rights] },
        { heading: m.retentionHeading, paragraphs: [m.retention] },
      ]}
    />
  );
}
