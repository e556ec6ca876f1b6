// The languages the app speaks (English by default, Spanish) and how to read one from outside input.
export const SUPPORTED_LOCALES = ['en', 'es'] as const;
export type AppLocale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: AppLocale = 'en';

export function isSupportedLocale(value: unknown): value is AppLocale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/** A supported locale from a stored setting or a browser tag like 'es-MX'; else English. */
export function pickLocale(value: string | null | undefined): AppLocale {
  const base = value?.toLowerCase().split(/[-_]/)[0];
  return isSupportedLocale(base) ? base : DEFAULT_LOCALE;
}
