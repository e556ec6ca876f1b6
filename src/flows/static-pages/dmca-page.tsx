// DMCA takedown notice page (/dmca): how to report infringing content and what a notice must
// contain. Placeholder legal text with [template markers].
import { defineMessages } from 'react-intl';
import { StaticPage } from './static-page';

const m = defineMessages({
  title: { id: 'static.dmca.title', defaultMessage: 'DMCA Takedown Notice' },
  intro: {
    id: 'static.dmca.intro',
    defaultMessage: 'FitStream respects the intellectual property of others. If you believe content on FitStream infringes your copyright, send a written notice to our designated agent.',
  },
  contentsHeading: { id: 'static.dmca.contents.heading', defaultMessage: 'What your notice must include' },
  signature: { id: 'static.dmca.contents.signature', defaultMessage: 'Your physical or electronic signature.' },
  work: { id: 'static.dmca.contents.work', defaultMessage: 'A description of the copyrighted work you claim is infringed.' },
  location: { id: 'static.dmca.contents.location', defaultMessage: 'The location of the infringing material on FitStream, precise enough for us to find it.' },
  contact: { id: 'static.dmca.contents.contact', defaultMessage: 'Your name, address, telephone number and email address.' },
  goodFaith: { id: 'static.dmca.contents.goodFaith', defaultMessage: 'A statement that you believe in good faith that the use is not authorised by the owner, its agent or the law.' },
  accuracy: { id: 'static.dmca.contents.accuracy', defaultMessage: 'A statement, under penalty of perjury, that the information is accurate and that you are the owner or authorised to act for the owner.' },
  agentHeading: { id: 'static.dmca.agent.heading', defaultMessage: 'Designated agent' },
  agent: { id: 'static.dmca.agent.text', defaultMessage: '[DMCA Agent Name], [Company Name], [Company Address], [DMCA Email Address].' },
  counterHeading: { id: 'static.dmca.counter.heading', defaultMessage: 'Counter-notices' },
  counter: {
    id: 'static.dmca.counter.text',
    defaultMessage: 'If your content was removed by mistake, you may send a counter-notice with the same details. We may restore the content unless the claimant starts court proceedings within 10 working days.',
  },
});

export default function DmcaPage() {
  return (
    <StaticPage
      title={m.title}
      intro={[m.intro]}
      sections={[
        { heading: m.contentsHeading, items: [m.signature, m.work, m.location, m.contact, m.goodFaith, m.accuracy] },
        { heading: m.agentHeading, paragraphs: [m.agent] },
        { heading: m.counterHeading, paragraphs: [m.counter] },
      ]}
    />
  );
}
