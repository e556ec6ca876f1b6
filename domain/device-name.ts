// A device's name as the server derives it from the user agent: a browser and where it runs
// (model or operating system), either possibly unknown. The server stores it as one English
// label; the app reads the parts back to say it in the interface's language.
export interface DeviceNameParts {
  browser: string | null;
  where: string | null;
}

/** How the stored label joins the parts ("Chrome on Android"). */
const SEPARATOR = ' on ';
/** The stored label when the user agent told nothing. */
export const UNKNOWN_DEVICE = 'Web browser';

/** The label the server stores for these parts. */
export function deviceLabel({ browser, where }: DeviceNameParts): string {
  return browser && where ? `${browser}${SEPARATOR}${where}` : (browser ?? where ?? UNKNOWN_DEVICE);
}

/** The parts of a stored label (a label with no separator is a browser alone, or unknown). */
export function deviceNameParts(label: string): DeviceNameParts {
  if (label === UNKNOWN_DEVICE) return { browser: null, where: null };
  const at = label.indexOf(SEPARATOR);
  return at < 0 ? { browser: label, where: null } : { browser: label.slice(0, at), where: label.slice(at + SEPARATOR.length) };
}
