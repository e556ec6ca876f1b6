// PricingNotes: the pricing page's small print (quality disclaimer, streaming anywhere), kept
// out of the plan components so they stay about choosing.
import { defineMessages, useIntl } from 'react-intl';

const messages = defineMessages({
  disclaimer: {
    id: 'pricing.disclaimer',
    defaultMessage:
      'HD (720p), Full HD (1080p), Ultra HD (4K) and HDR availability depends on your internet service and device capabilities. Not all content is available in every resolution.',
  },
  title: { id: 'pricing.anywhere.title', defaultMessage: 'Stream anywhere' },
  offline: { id: 'pricing.anywhere.offline', defaultMessage: 'Download classes and train offline' },
  dataSaver: { id: 'pricing.anywhere.dataSaver', defaultMessage: 'Data saver mode for mobile networks' },
  releases: { id: 'pricing.anywhere.releases', defaultMessage: 'Notifications when new classes are released' },
});

export function PricingNotes() {
  const intl = useIntl();
  return (
    <div className="pricing-notes">
      <p className="pricing-notes__disclaimer">{intl.formatMessage(messages.disclaimer)}</p>
      <section className="pricing-notes__anywhere" aria-labelledby="pricing-anywhere-title">
        <h2 id="pricing-anywhere-title">{intl.formatMessage(messages.title)}</h2>
        <ul>
          <li>{intl.formatMessage(messages.offline)}</li>
          <li>{intl.formatMessage(messages.dataSaver)}</li>
          <li>{intl.formatMessage(messages.releases)}</li>
        </ul>
      </section>
    </div>
  );
}
