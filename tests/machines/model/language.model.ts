// Model of the interface language (machines/language.machine.ts): en by default, es on request,
// stored; the switcher's choice is told to the account, the account's own (at sign-in) is not.
import { expect } from 'vitest';
import { languageMachine } from '@machines/language.machine';
import type { MachineModel } from './machine-model';

export const model: MachineModel = {
  machine: languageMachine,
  inputs: [undefined, { language: 'es' }, { language: 'fr' }],
  events: {
    'language.set': [
      { type: 'language.set', language: 'es' },
      { type: 'language.set', language: 'en' },
      { type: 'language.set', language: 'de' },
    ],
    'language.adopt': [
      { type: 'language.adopt', language: 'es' },
      { type: 'language.adopt', language: 'en' },
      { type: 'language.adopt', language: 'de' },
    ],
  },
  states: {
    active: ({ snapshot }) => expect(['en', 'es']).toContain(snapshot.context.language),
  },
  after: {
    'language.set': ({ snapshot, event, previous, actions }) => {
      const wanted = event.language as string;
      const persisted = actions.filter((a) => a.name === 'persistLanguage');
      if (wanted === 'en' || wanted === 'es') {
        expect(snapshot.context.language).toBe(wanted);
        expect(persisted.at(-1)?.params).toBe(wanted);
        expect(actions.filter((a) => a.name === 'keepOnAccount').at(-1)?.params).toBe(wanted);
      } else {
        expect(snapshot.context.language).toBe(previous?.context.language);
      }
    },
    // What it tells the account at a sign-in is pinned by tests/machines/language.edges.test.ts.
    'language.adopt': ({ snapshot, event, previous, actions }) => {
      const wanted = event.language as string;
      const before = previous!.context;
      if (before.own || (wanted !== 'en' && wanted !== 'es')) {
        // The browser's own language stays (and an unsupported one changes nothing).
        expect(snapshot.context).toEqual(before);
      } else {
        expect(snapshot.context).toEqual({ language: wanted, own: true });
        expect(actions.filter((a) => a.name === 'persistLanguage').at(-1)?.params).toBe(wanted);
      }
    },
  },
};
