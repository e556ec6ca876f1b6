// Changelog page (/changelog): versions 1.4.0, 1.3.2, 1.3.0 and 1.0.0 with short entries.
import { defineMessages } from 'react-intl';
import { StaticPage } from './static-page';

const m = defineMessages({
  title: { id: 'static.changelog.title', defaultMessage: 'Changelog' },
  intro: { id: 'static.changelog.intro', defaultMessage: 'What changed in FitStream, newest first.' },
  v140: { id: 'static.changelog.v140.heading', defaultMessage: 'Version 1.4.0' },
  v140a: { id: 'static.changelog.v140.spanish', defaultMessage: 'The whole app is now available in Spanish.' },
  v140b: { id: 'static.changelog.v140.billing', defaultMessage: 'New Billing & Subscriptions page with your payment history.' },
  v140c: { id: 'static.changelog.v140.links', defaultMessage: 'Sign in on another device with a one-time link.' },
  v132: { id: 'static.changelog.v132.heading', defaultMessage: 'Version 1.3.2' },
  v132a: { id: 'static.changelog.v132.session', defaultMessage: 'Fixed being signed out while watching a long class.' },
  v132b: { id: 'static.changelog.v132.contrast', defaultMessage: 'Better contrast and keyboard focus across the app.' },
  v130: { id: 'static.changelog.v130.heading', defaultMessage: 'Version 1.3.0' },
  v130a: { id: 'static.changelog.v130.trial', defaultMessage: 'A 7-day free trial for new members.' },
  v130b: { id: 'static.changelog.v130.profile', defaultMessage: 'Add a profile picture when you set up your account.' },
  v100: { id: 'static.changelog.v100.heading', defaultMessage: 'Version 1.0.0' },
  v100a: { id: 'static.changelog.v100.launch', defaultMessage: 'FitStream launches with four plans and hundreds of classes.' },
});

export default function ChangelogPage() {
  return (
    <StaticPage
      title={m.title}
      intro={[m.intro]}
      sections={[
        { heading: m.v140, items: [m.v140a, m.v140b, m.v140c] },
        { heading: m.v132, items: [m.v132a, m.v132b] },
        { heading: m.v130, items: [m.v130a, m.v130b] },
        { heading: m.v100, items: [m.v100a] },
      ]}
    />
  );
}
