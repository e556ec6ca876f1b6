// The languages the app speaks (English by default, Spanish) and how to read one from outside input.
export const SUPPORTED_LOCALES = ['en', 'es'] as const;
export type AppLocale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: AppLocale = 'en';

export function isSupportedLocale(value: unknown): value is AppLocale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/** A supported locale from a stored setting or a browser tag like 'es-MX'; else English. */
export function pickLocale(value: string | null | undefined): AppLocale {
  return chooseLocale([value]);
}

/**
 * The first of `choices` that names a supported locale (the stored choice first, then the
 * browser's languages in its order of preference); else English.
 */
export function chooseLocale(choices: readonly (string | null | undefined)[]): AppLocale {
  for (const choice of choices) {
    const base = choice?.toLowerCase().split(/[-_]/)[0];
    if (isSupportedLocale(base)) return base;
  }
  return DEFAULT_LOCALE;
}
