// Changelog page (/changelog): every release of domain/changelog.ts, newest first.
import { defineMessages } from 'react-intl';
import { releases } from '@domain/changelog';
import { StaticPage } from './static-page';

const m = defineMessages({
  title: { id: 'static.changelog.title', defaultMessage: 'Changelog' },
  intro: { id: 'static.changelog.intro', defaultMessage: 'What changed in FitStream, newest first.' },
});

export default function ChangelogPage() {
  return <StaticPage title={m.title} intro={[m.intro]} sections={releases.map((release) => ({ heading: release.heading, items: release.changes }))} />;
}
