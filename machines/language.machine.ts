// The interface language: en (default) or es. Long-lived; the app restores it from storage as
// input and provides `persistLanguage` to store each change.
import { assign, setup } from 'xstate';

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const isLanguage = (value: unknown): value is Language => value === 'en' || value === 'es';

export type LanguageEvent = { type: 'language.set'; language: Language };

export const languageMachine = setup({
  types: {
    context: {} as { language: Language },
    events: {} as LanguageEvent,
    input: {} as { language?: string | null } | undefined,
  },
  actions: {
    /** Store the language (provided by the app). */
    persistLanguage: (_, _language: Language) => {},
    setLanguage: assign({ language: ({ event }) => event.language }),
  },
  guards: {
    isSupported: ({ event }) => isLanguage(event.language),
  },
}).createMachine({
  id: 'language',
  context: ({ input }) => ({ language: isLanguage(input?.language) ? input.language : DEFAULT_LANGUAGE }),
  initial: 'active',
  states: {
    active: {
      on: {
        'language.set': {
          guard: 'isSupported',
          actions: ['setLanguage', { type: 'persistLanguage', params: ({ event }) => event.language }],
        },
      },
    },
  },
});

export type LanguageMachine = typeof languageMachine;
