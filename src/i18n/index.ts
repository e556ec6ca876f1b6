// Languages of the app: the intl provider, the supported locales, lazy catalogue loading.
export { AppIntlProvider, loadMessages, type AppIntlProviderProps } from './app-intl-provider';
export { DEFAULT_LOCALE, SUPPORTED_LOCALES, isSupportedLocale, pickLocale, type AppLocale } from '@domain/locales';
