// The account page's language, a child of machines/account.machine.ts: the language chosen is
// kept on the server (one request), and on success the app adopts it and the page shows it.
import { setup } from 'xstate';
import { accountNotices } from '@domain/account-notices';
import type { Outcome } from '@domain/request-outcome';
import { taskReports, taskRequest, type AccountLanguage } from './account-task';
import { fromOutcome, outcomeGuards } from './request-states';

export interface SaveLanguageInput {
  language: AccountLanguage;
}
export type SaveLanguageOutput = Outcome<SaveLanguageInput>;

export type AccountLanguageEvent = { type: 'language.select'; language: AccountLanguage };

type Done = { event: { output: SaveLanguageOutput } };
const savedLanguage = ({ event }: Done): AccountLanguage => (event.output.kind === 'ok' ? event.output.data.language : 'en');

export const accountLanguageMachine = setup({
  types: { events: {} as AccountLanguageEvent },
  actors: { saveLanguage: fromOutcome<SaveLanguageInput, SaveLanguageInput>() },
  actions: {
    ...taskReports<object, AccountLanguageEvent>(),
    /** The app shows itself in the account's language (provided by the app). */
    adoptLanguage: (_, _language: AccountLanguage) => {},
  },
  guards: outcomeGuards,
}).createMachine({
  id: 'accountLanguage',
  initial: 'idle',
  states: {
    idle: { on: { 'language.select': { target: 'saving' } } },
    saving: taskRequest({
      request: { src: 'saveLanguage', input: ({ event }: { event: AccountLanguageEvent }) => ({ language: event.language }) },
      then: 'idle',
      actions: [{ type: 'adoptLanguage', params: savedLanguage }],
      done: { type: 'tellDone', params: (done: Done) => ({ message: accountNotices.languageSaved, change: { language: savedLanguage(done) } }) },
    }),
  },
});

export type AccountLanguageMachine = typeof accountLanguageMachine;
