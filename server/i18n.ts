// The server's messages in the request's language: ICU messages in locales/server.<lang>.json,
// plus the account rules' messages the app shows for the same fields (locales/<lang>.json,
// `validation.*`), so a rule reads the same on the form and from the server. Every message's
// key is its stable `code` in error bodies.
import { IntlMessageFormat } from 'intl-messageformat';
import Negotiator from 'negotiator';
import appEn from '@locales/en.json';
import appEs from '@locales/es.json';
import serverEn from '@locales/server.en.json';
import serverEs from '@locales/server.es.json';
import { ruleMessages, type RuleMessageKey } from '@domain/account-rules';
import { DEFAULT_LOCALE, isSupportedLocale, SUPPORTED_LOCALES, type AppLocale } from '@domain/locales';

type RuleCode = Extract<keyof typeof appEn, `validation.${string}`>;
export type MessageCode = keyof typeof serverEn | RuleCode;
export type MessageValues = Record<string, string | number>;

function rulesOf(app: Record<string, string>): Record<RuleCode, string> {
  return Object.fromEntries(Object.entries(app).filter(([key]) => key.startsWith('validation.'))) as Record<RuleCode, string>;
}

// Typed as complete: a Spanish catalogue missing an English key does not compile.
const catalogues: Record<AppLocale, Record<MessageCode, string>> = {
  en: { ...rulesOf(appEn), ...serverEn },
  es: { ...rulesOf(appEs as Record<keyof typeof appEn, string>), ...(serverEs satisfies Record<keyof typeof serverEn, string>) },
};

const formats = new Map<string, IntlMessageFormat>();

/** The message `code` in `locale`, with `values` put in. */
export function translate(locale: AppLocale, code: MessageCode, values?: MessageValues): string {
  const key = `${locale}\u0000${code}`;
  let format = formats.get(key);
  if (!format) {
    format = new IntlMessageFormat(catalogues[locale][code], locale);
    formats.set(key, format);
  }
  return String(format.format(values));
}

/**
 * Each `Accept-Language` already negotiated (browsers send a handful of distinct values; the
 * negotiation measured 4–5 µs a call, a request's worth on the pre-rendered pages). Emptied when full.
 */
const negotiated = new Map<string | undefined, AppLocale>();
const NEGOTIATED_MAX = 512;

/** The language to answer in, from `Accept-Language` (the app sends its UI language); English otherwise. */
export function negotiateLocale(acceptLanguage: string | string[] | undefined): AppLocale {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage;
  const known = negotiated.get(header);
  if (known) return known;
  const [best] = new Negotiator({ headers: { 'accept-language': header } }).languages([...SUPPORTED_LOCALES]);
  const locale = isSupportedLocale(best) ? best : DEFAULT_LOCALE;
  if (negotiated.size >= NEGOTIATED_MAX) negotiated.clear();
  negotiated.set(header, locale);
  return locale;
}

/** Whether `code` is one of the server's messages. */
export function isMessageCode(code: string): code is MessageCode {
  return code in catalogues.en;
}

/** The code of a broken account rule: its message id, the one the app's form shows. */
export function ruleCode(rule: RuleMessageKey): MessageCode {
  return ruleMessages[rule].id as RuleCode;
}
