// End user license agreement page (/eula): the licence to use the apps and content, its
// limits, and termination. Placeholder legal text with [template markers].
import { defineMessages } from 'react-intl';
import { StaticPage } from './static-page';

const m = defineMessages({
  title: { id: 'static.eula.title', defaultMessage: 'End User License Agreement' },
  updated: { id: 'static.eula.updated', defaultMessage: 'Last updated: [Effective Date]' },
  intro: {
    id: 'static.eula.intro',
    defaultMessage: 'This agreement is between you and [Company Name], [Company Address], and covers the FitStream website and apps.',
  },
  licenceHeading: { id: 'static.eula.licence.heading', defaultMessage: '1. Licence' },
  licence: {
    id: 'static.eula.licence.text',
    defaultMessage: 'While your subscription is active we grant you a personal, non-exclusive, non-transferable licence to stream and download the content for private viewing on your devices.',
  },
  limitsHeading: { id: 'static.eula.limits.heading', defaultMessage: '2. Restrictions' },
  copy: { id: 'static.eula.limits.copy', defaultMessage: 'Do not copy, resell, broadcast or publicly show the content.' },
  reverse: { id: 'static.eula.limits.reverse', defaultMessage: 'Do not reverse engineer, decompile or modify the apps.' },
  protections: { id: 'static.eula.limits.protections', defaultMessage: 'Do not remove or bypass copy protection or watermarks.' },
  ownershipHeading: { id: 'static.eula.ownership.heading', defaultMessage: '3. Ownership' },
  ownership: {
    id: 'static.eula.ownership.text',
    defaultMessage: 'The apps and content are licensed, not sold. [Company Name] and its licensors keep all rights not expressly granted.',
  },
  terminationHeading: { id: 'static.eula.termination.heading', defaultMessage: '4. Termination' },
  termination: {
    id: 'static.eula.termination.text',
    defaultMessage: 'The licence ends when your subscription ends or if you break this agreement. Downloaded content then stops playing.',
  },
  warrantyHeading: { id: 'static.eula.warranty.heading', defaultMessage: '5. Warranty and liability' },
  warranty: {
    id: 'static.eula.warranty.text',
    defaultMessage: 'The apps are provided as is, to the extent the law allows. Nothing in this agreement limits rights you have as a consumer under the laws of [Jurisdiction].',
  },
});

export default function EulaPage() {
  return (
    <StaticPage
      title={m.title}
      updated={m.updated}
      intro={[m.intro]}
      sections={[
        { heading: m.licenceHeading, paragraphs: [m.licence] },
        { heading: m.limitsHeading, items: [m.copy, m.reverse, m.protections] },
        { heading: m.ownershipHeading, paragraphs: [m.ownership] },
        { heading: m.terminationHeading, paragraphs: [m.termination] },
        { heading: m.warrantyHeading, paragraphs: [m.warranty] },
      ]}
    />
  );
}
