// ISO 3166-1 alpha-2 codes offered at sign-up (sovereign states and a few widely used
// territories), and the one suggested from the browser's languages. Names are not stored here:
// CountrySelect localizes them with Intl.DisplayNames, so the list never needs translating.
export const COUNTRY_CODES = [
  'AD', 'AE', 'AF', 'AG', 'AL', 'AM', 'AO', 'AR', 'AT', 'AU', 'AZ', 'BA', 'BB', 'BD', 'BE',
  'BF', 'BG', 'BH', 'BI', 'BJ', 'BN', 'BO', 'BR', 'BS', 'BT', 'BW', 'BY', 'BZ', 'CA', 'CD',
  'CF', 'CG', 'CH', 'CI', 'CL', 'CM', 'CN', 'CO', 'CR', 'CU', 'CV', 'CY', 'CZ', 'DE', 'DJ',
  'DK', 'DM', 'DO', 'DZ', 'EC', 'EE', 'EG', 'ER', 'ES', 'ET', 'FI', 'FJ', 'FM', 'FR', 'GA',
  'GB', 'GD', 'GE', 'GH', 'GM', 'GN', 'GQ', 'GR', 'GT', 'GW', 'GY', 'HK', 'HN', 'HR', 'HT',
  'HU', 'ID', 'IE', 'IL', 'IN', 'IQ', 'IR', 'IS', 'IT', 'JM', 'JO', 'JP', 'KE', 'KG', 'KH',
  'KI', 'KM', 'KN', 'KP', 'KR', 'KW', 'KZ', 'LA', 'LB', 'LC', 'LI', 'LK', 'LR', 'LS', 'LT',
  'LU', 'LV', 'LY', 'MA', 'MC', 'MD', 'ME', 'MG', 'MH', 'MK', 'ML', 'MM', 'MN', 'MR', 'MT',
  'MU', 'MV', 'MW', 'MX', 'MY', 'MZ', 'NA', 'NE', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR', 'NZ',
  'OM', 'PA', 'PE', 'PG', 'PH', 'PK', 'PL', 'PR', 'PS', 'PT', 'PW', 'PY', 'QA', 'RO', 'RS',
  'RU', 'RW', 'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SI', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR',
  'SS', 'ST', 'SV', 'SY', 'SZ', 'TD', 'TG', 'TH', 'TJ', 'TL', 'TM', 'TN', 'TO', 'TR', 'TT',
  'TV', 'TW', 'TZ', 'UA', 'UG', 'US', 'UY', 'UZ', 'VA', 'VC', 'VE', 'VN', 'VU', 'WS', 'YE',
  'ZA', 'ZM', 'ZW',
] as const;

export type CountryCode = (typeof COUNTRY_CODES)[number];

/** Offered before anything else is known (and where the browser names no region of a known country). */
export const DEFAULT_COUNTRY = 'US';

const regionOf = (tag: string, likely: boolean): string | undefined => {
  try {
    const locale = new Intl.Locale(tag);
    return (likely ? locale.maximize() : locale).region;
  } catch {
    return undefined;
  }
};

/**
 * The country to suggest from the browser's languages (`navigator.languages`, or a parsed
 * Accept-Language): the first region a tag names (es-ES → ES, en-GB → GB), else the likely
 * region of the first language (es → ES), else US. The country drives the tax on invoices,
 * so the person can still choose another.
 */
export function suggestedCountry(languages: readonly string[]): string {
  const offered = new Set<string>(COUNTRY_CODES);
  const first = languages[0];
  const candidates = [...languages.map((tag) => regionOf(tag, false)), first ? regionOf(first, true) : undefined];
  return candidates.find((region): region is string => region !== undefined && offered.has(region)) ?? DEFAULT_COUNTRY;
}
