// The interface language: en (default) or es. Long-lived; the app restores it from storage as
// input and provides `persistLanguage` to store each change and `keepOnAccount` to tell the
// signed-in account (its emails are written in it). The switcher sets it (`language.set`). At a
// sign-in (`language.adopt`, the account's language) the interface and the account come to speak
// one language: a browser with no language of its own takes the account's; one where a language
// was chosen keeps it, and the account is told (the language the person is reading wins).
import { and, assign, setup } from 'xstate';

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const isLanguage = (value: unknown): value is Language => value === 'en' || value === 'es';

export type LanguageEvent = { type: 'language.set'; language: Language } | { type: 'language.adopt'; language: Language };

export interface LanguageContext {
  language: Language;
  /** This browser has a language of its own: one was stored, chosen or adopted here. */
  own: boolean;
}

export const languageMachine = setup({
  types: {
    context: {} as LanguageContext,
    events: {} as LanguageEvent,
    /** `fallback`: the language to speak while none is stored (a pre-rendered page's), not one of its own. */
    input: {} as { language?: string | null; fallback?: string | null } | undefined,
  },
  actions: {
    /** Store the language (provided by the app). */
    persistLanguage: (_, _language: Language) => {},
    /** Tell the signed-in account (provided by the app; nothing when signed out). */
    keepOnAccount: (_, _language: Language) => {},
    setLanguage: assign({ language: ({ event }) => event.language, own: true }),
  },
  guards: {
    isSupported: ({ event }) => isLanguage(event.language),
    hasOwn: ({ context }) => context.own,
    differs: ({ context, event }) => context.language !== event.language,
  },
}).createMachine({
  id: 'language',
  context: ({ input }) =>
    isLanguage(input?.language) ? { language: input.language, own: true } : { language: isLanguage(input?.fallback) ? input.fallback : DEFAULT_LANGUAGE, own: false },
  initial: 'active',
  states: {
    active: {
      on: {
        'language.set': {
          guard: 'isSupported',
          actions: [
            'setLanguage',
            { type: 'persistLanguage', params: ({ event }) => event.language },
            { type: 'keepOnAccount', params: ({ event }) => event.language },
          ],
        },
        'language.adopt': [
          {
            guard: and(['hasOwn', 'differs']),
            actions: { type: 'keepOnAccount', params: ({ context }) => context.language },
          },
          { guard: 'hasOwn' },
          {
            guard: 'isSupported',
            actions: ['setLanguage', { type: 'persistLanguage', params: ({ event }) => event.language }],
          },
        ],
      },
    },
  },
});

export type LanguageMachine = typeof languageMachine;
