// The player's data saver switch: this device's data saver (src/features/data-saver), checked
// while it limits streaming; turning it on or off here sets it explicitly (/account offers
// Automatic too).
import { defineMessages, useIntl } from 'react-intl';
import { useDataSaver } from '@features/data-saver';

const m = defineMessages({
  label: { id: 'watch.controls.dataSaver', defaultMessage: 'Data saver' },
});

export function DataSaverSwitch() {
  const intl = useIntl();
  const { limiting, set } = useDataSaver();
  return (
    <label className="player__data-saver">
      <input type="checkbox" role="switch" checked={limiting} onChange={(event) => set(event.target.checked ? 'on' : 'off')} />
      <span>{intl.formatMessage(m.label)}</span>
    </label>
  );
}
