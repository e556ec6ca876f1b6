// A device's name in the interface's language (issue 40): "Chrome on Android" reads "Chrome en
// Android" in Spanish. Browser and system names are proper names and stay as they are. With the
// profile it is on (decision 064), so a household sees who is on which device.
import { defineMessage, useIntl } from 'react-intl';
import { deviceNameParts } from '@domain/device-name';

const browserOn = defineMessage<{ browser: string; where: string }>({ id: 'device.browserOn', defaultMessage: '{browser} on {where}' });
const unknown = defineMessage({ id: 'device.unknown', defaultMessage: 'Web browser' });
const onProfile = defineMessage<{ device: string; profile: string }>({ id: 'device.onProfile', defaultMessage: '{device} · {profile}' });

/** Turns the server's device label into what the user reads. */
export function useDeviceName(): (label: string) => string {
  const intl = useIntl();
  return (label) => {
    const { browser, where } = deviceNameParts(label);
    if (browser && where) return intl.formatMessage(browserOn, { browser, where });
    return browser ?? where ?? intl.formatMessage(unknown);
  };
}

/** The device's name with the profile its sign-in is on, when one is chosen: "Chrome on Android · Leo". */
export function useDeviceLabel(): (label: string, profile: string | null) => string {
  const intl = useIntl();
  const deviceName = useDeviceName();
  return (label, profile) => (profile ? intl.formatMessage(onProfile, { device: deviceName(label), profile }) : deviceName(label));
}
