// The /account and /settings section for this device's data saver (src/features/data-saver): automatic (on
// metered or slow connections), on, or off, and whether it limits video right now.
import { defineMessages, useIntl } from 'react-intl';
import { Card } from '@components';
import { useDataSaver } from '@features/data-saver';
import { DATA_SAVER_PREFERENCES, type DataSaverPreference } from '@domain/data-saver';

const m = defineMessages({
  title: { id: 'account.dataSaver.title', defaultMessage: 'Data saver' },
  text: {
    id: 'account.dataSaver.text',
    defaultMessage: 'Plays video at 480p (or the lowest quality above 360p) to use less data. This setting is kept on this device only.',
  },
  auto: { id: 'account.dataSaver.auto', defaultMessage: 'Automatic: on metered or slow connections' },
  on: { id: 'account.dataSaver.on', defaultMessage: 'On' },
  off: { id: 'account.dataSaver.off', defaultMessage: 'Off' },
  limiting: { id: 'account.dataSaver.limiting', defaultMessage: 'Video quality is limited on this device now.' },
  free: { id: 'account.dataSaver.free', defaultMessage: 'Video plays in the best quality your plan and connection allow.' },
});

const labels: Record<DataSaverPreference, (typeof m)[keyof typeof m]> = { auto: m.auto, on: m.on, off: m.off };

export function DataSaverSetting() {
  const intl = useIntl();
  const { preference, limiting, set } = useDataSaver();
  return (
    <Card as="section" aria-labelledby="account-data-saver" className="account__section">
      <h2 id="account-data-saver">{intl.formatMessage(m.title)}</h2>
      <fieldset className="account__choices" aria-describedby="account-data-saver-text">
        <legend className="visually-hidden">{intl.formatMessage(m.title)}</legend>
        <p id="account-data-saver-text">{intl.formatMessage(m.text)}</p>
        {DATA_SAVER_PREFERENCES.map((value) => (
          <label key={value} className="account__choice">
            <input type="radio" name="data-saver" value={value} checked={preference === value} onChange={() => set(value)} />
            <span>{intl.formatMessage(labels[value])}</span>
          </label>
        ))}
      </fieldset>
      <p className="account__hint" data-testid="data-saver-state">
        {intl.formatMessage(limiting ? m.limiting : m.free)}
      </p>
    </Card>
  );
}
