// Model of the interface language (machines/language.machine.ts): en by default, es on request, stored.
import { expect } from 'vitest';
import { languageMachine } from '../../../machines/language.machine';
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
      } else {
        expect(snapshot.context.language).toBe(previous?.context.language);
      }
    },
  },
};
