// The app's react-intl provider. English needs no catalogue: it is every message's default,
// parsed at build time with the code that shows it (scripts/precompiled-messages.ts), so each
// screen brings its own English. Spanish is loaded on demand with a dynamic import, so visitors
// on English never download it.
// While a catalogue loads, the previous language stays on screen (no blank flash).
// Usage: <AppIntlProvider locale={language}>…</AppIntlProvider>; preload with loadMessages().
import { useEffect, useState, type ReactNode } from 'react';
import { IntlProvider, type MessageFormatElement } from 'react-intl';
import { DEFAULT_LOCALE, type AppLocale } from '@domain/locales';
import { manifestHref } from '@domain/web-app-manifest';

/** Messages by id: ICU strings, or their parsed form in the built app. */
type Catalogue = Record<string, string> | Record<string, MessageFormatElement[]>;

const en: Catalogue = {};

const loaders: Record<AppLocale, () => Promise<Catalogue>> = {
  en: async () => en,
  es: () => import('@locales/es.json').then((module) => module.default as Catalogue),
};

const loaded = new Map<AppLocale, Catalogue>([['en', en]]);

/** Loads (once) and answers the catalogue of a locale. */
export async function loadMessages(locale: AppLocale): Promise<Catalogue> {
  const cached = loaded.get(locale);
  if (cached) return cached;
  const messages = await loaders[locale]();
  loaded.set(locale, messages);
  return messages;
}

/** Missing translations fall back to the English default; only say so during development. */
function onIntlError(error: { code?: string; message: string }): void {
  if (error.code === 'MISSING_TRANSLATION') {
    if (import.meta.env?.DEV) console.warn(error.message);
    return;
  }
  console.error(error);
}

export interface AppIntlProviderProps {
  locale: AppLocale;
  children: ReactNode;
}

export function AppIntlProvider({ locale, children }: AppIntlProviderProps) {
  const [current, setCurrent] = useState<{ locale: AppLocale; messages: Catalogue }>(() => {
    const messages = loaded.get(locale);
    return messages ? { locale, messages } : { locale: DEFAULT_LOCALE, messages: en };
  });

  useEffect(() => {
    if (current.locale === locale) return;
    let cancelled = false;
    loadMessages(locale).then(
      (messages) => {
        if (!cancelled) setCurrent({ locale, messages });
      },
      (error: unknown) => console.error('Could not load the catalogue', locale, error),
    );
    return () => {
      cancelled = true;
    };
  }, [locale, current.locale]);

  useEffect(() => {
    document.documentElement.lang = current.locale;
    // The app installed from this page is described in its language (decision 062).
    document.querySelector('link[rel=manifest]')?.setAttribute('href', manifestHref(current.locale));
  }, [current.locale]);

  return (
    <IntlProvider locale={current.locale} defaultLocale={DEFAULT_LOCALE} messages={current.messages} onError={onIntlError}>
      {children}
    </IntlProvider>
  );
}
