// The device asking, as its request headers describe it: a name its account's other devices will
// recognise (sign-in labels its session with it), and whether it is a phone or tablet (the Mobile
// plan's rule, for playback and downloads). Its identity is its sign-in session (deviceIdentity).
import Bowser from 'bowser';
import type { IncomingHttpHeaders } from 'node:http';
import { deviceLabel } from '@domain/device-name';

export interface Device {
  name: string;
  isMobile: boolean;
}

function header(headers: IncomingHttpHeaders, name: string): string {
  const raw = headers[name];
  return (Array.isArray(raw) ? raw[0] : raw) ?? '';
}

/**
 * The browser's mobile client hint (`Sec-CH-UA-Mobile: ?1`) decides when it is sent; otherwise
 * the user agent's platform does. Either can be forged: this tells devices apart for a plan
 * rule, it is not a security boundary (docs/decisions/014).
 */
export function describeDevice(headers: IncomingHttpHeaders): Device {
  const userAgent = header(headers, 'user-agent');
  const parsed = userAgent ? Bowser.parse(userAgent) : null;
  const hint = header(headers, 'sec-ch-ua-mobile').trim();
  const platform = parsed?.platform.type;
  const isMobile = hint === '?1' || (hint !== '?0' && (platform === 'mobile' || platform === 'tablet'));
  const browser = parsed?.browser.name;
  const where = parsed?.platform.model ?? parsed?.os.name;
  // One English label (the app says it in the user's language: domain/device-name.ts).
  return { name: deviceLabel({ browser: browser ?? null, where: where ?? null }), isMobile };
}
