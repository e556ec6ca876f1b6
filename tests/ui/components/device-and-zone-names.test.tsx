// Device and time-zone names in the interface's language (issue 40): "Chrome on Android" reads
// "Chrome en Android" in Spanish; a zone reads as its city and localised name, never its IANA id.
import { describe, expect, it } from 'vitest';
import { useDeviceLabel, useDeviceName } from '@components/device-name';
import { useZoneLabel } from '@components/time-zones';
import { renderIntl } from '../support/components-render';

function Names({ devices, zones }: { devices: string[]; zones: string[] }) {
  const deviceName = useDeviceName();
  const zoneLabel = useZoneLabel();
  return (
    <ul>
      {devices.map((device) => (
        <li key={device}>{deviceName(device)}</li>
      ))}
      {zones.map((zone) => (
        <li key={zone}>{zoneLabel(zone)}</li>
      ))}
    </ul>
  );
}

function Labels({ devices }: { devices: [string, string | null][] }) {
  const deviceLabel = useDeviceLabel();
  return (
    <ul>
      {devices.map(([device, profile]) => (
        <li key={device}>{deviceLabel(device, profile)}</li>
      ))}
    </ul>
  );
}

const shown = () => [...document.querySelectorAll('li')].map((item) => item.textContent);

describe('device and time-zone names', () => {
  it('say a device the server named in English in Spanish, browser and system names kept', () => {
    renderIntl(<Names devices={['Chrome on Android', 'Safari on iPhone', 'Firefox', 'Web browser']} zones={[]} />, 'es');
    expect(shown()).toEqual(['Chrome en Android', 'Safari en iPhone', 'Firefox', 'Navegador web']);
  });

  it('name the profile a device is on, when one is chosen (decision 064)', () => {
    renderIntl(<Labels devices={[['Chrome on Android', 'Leo'], ['Web browser', null]]} />, 'es');
    expect(shown()).toEqual(['Chrome en Android · Leo', 'Navegador web']);
  });

  it('keep the English name in English', () => {
    renderIntl(<Names devices={['Chrome on Android', 'Web browser']} zones={[]} />);
    expect(shown()).toEqual(['Chrome on Android', 'Web browser']);
  });

  it('name a zone by its city and its localised name, not its id', () => {
    renderIntl(<Names devices={[]} zones={['Europe/Madrid', 'America/New_York']} />, 'es');
    const [madrid, newYork] = shown();
    expect(madrid).toMatch(/^Madrid \(hora .*Europa central\)$/);
    expect(newYork).toMatch(/^New York \(hora .*\)$/);
    expect(shown().join(' ')).not.toContain('/');
  });
});
