// Time zones as people read them (issue 40): the zone's localised generic name from Intl (e.g.
// "hora de Europa central") with its city, in place of the raw IANA id ("Europe/Madrid"), and the
// list a zone picker offers. The id stays the value sent to the server.
import { useMemo } from 'react';
import { useIntl } from 'react-intl';

/** The city part of an IANA id, as written ("America/Argentina/Buenos_Aires" → "Buenos Aires"). */
const cityOf = (zone: string) => (zone.split('/').at(-1) ?? zone).replace(/_/g, ' ');

/** The zone's localised generic name (winter and summer alike), or null where Intl has none. */
function genericName(locale: string, zone: string): string | null {
  try {
    const parts = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'longGeneric' }).formatToParts(new Date());
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? null;
  } catch {
    return null;
  }
}

/** "Madrid (hora de Europa central)"; the city alone where Intl only knows an offset or the id. */
export function zoneLabel(locale: string, zone: string): string {
  const city = cityOf(zone);
  const name = genericName(locale, zone);
  return name && !/^(GMT|UTC)[+-−]?\d*/.test(name) && name !== zone ? `${city} (${name})` : city;
}

/** Every zone this browser knows (plus `extra` when it is not one), labelled in the active locale. */
export function useZoneOptions(extra: string): { zone: string; label: string }[] {
  const { locale } = useIntl();
  const all = useMemo(() => (typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []), []);
  const labelled = useMemo(() => all.map((zone) => ({ zone, label: zoneLabel(locale, zone) })), [all, locale]);
  return !extra || all.includes(extra) ? labelled : [{ zone: extra, label: zoneLabel(locale, extra) }, ...labelled];
}

/** A zone's label in the active locale. */
export function useZoneLabel(): (zone: string) => string {
  const { locale } = useIntl();
  return (zone) => zoneLabel(locale, zone);
}
