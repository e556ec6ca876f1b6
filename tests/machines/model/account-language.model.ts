// Model of the account page's language (machines/account-language.machine.ts): one request with
// the language chosen; on success the app adopts it and the page is told.
import { expect } from 'vitest';
import { accountLanguageMachine } from '@machines/account-language.machine';
import type { MachineModel } from './machine-model';
import { outcomes, outputOf } from './outcomes';
import { toldBusy, toldEnd } from './task-reports';

export const model: MachineModel = {
  machine: accountLanguageMachine,
  events: { 'language.select': [{ type: 'language.select', language: 'es' }] },
  outputs: { saveLanguage: outcomes({ language: 'es' }) },
  states: {
    idle: ({ snapshot }) => expect(snapshot.hasTag('busy')).toBe(false),
    saving: (world) => {
      expect(world.snapshot.hasTag('busy')).toBe(true);
      expect(world.lastStarted('saveLanguage')?.input).toEqual({ language: 'es' });
      toldBusy(world);
    },
  },
  after: {
    'done: saveLanguage': (world) => {
      toldEnd('Your language has been saved.', () => ({ language: 'es' }))(world);
      const adopted = world.actions.filter((action) => action.name === 'adoptLanguage').map((action) => action.params);
      expect(adopted).toEqual(outputOf(world.event).kind === 'ok' ? ['es'] : []);
    },
    'error: saveLanguage': toldEnd(''),
  },
};
