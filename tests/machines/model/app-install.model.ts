// Model of "Install app" (machines/app-install.machine.ts): no button until the browser offers;
// Install opens the browser's prompt once; accepted or installed otherwise, the button goes for
// good; dismissed, it waits for the next offer.
import { expect } from 'vitest';
import { appInstallMachine } from '@machines/app-install.machine';
import type { MachineModel } from './machine-model';

const prompts = (started: { src: string }[]) => started.filter((s) => s.src === 'promptInstall').length;

export const model: MachineModel = {
  machine: appInstallMachine,
  outputs: { promptInstall: ['accepted', 'dismissed'] },
  states: {
    unavailable: ({ started }) => expect(started[0]?.src).toBe('watchInstall'),
    offered: ({ snapshot }) => expect(snapshot.hasTag('busy')).toBe(false),
    prompting: ({ snapshot, event, started, previous }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      if (event.type === 'install.start' && previous?.matches('offered')) expect(started.at(-1)?.src).toBe('promptInstall');
    },
    installed: ({ snapshot }) => expect(snapshot.hasTag('busy')).toBe(false),
  },
  after: {
    // Installed, an offer (a stale event) never brings the button back.
    'install.offered': ({ snapshot, previous }) => {
      if (previous!.matches('installed')) expect(snapshot.matches('installed')).toBe(true);
    },
    'install.start': ({ snapshot, previous, started }) => {
      if (!previous!.matches('offered')) expect(snapshot.value).toEqual(previous!.value);
      expect(prompts(started)).toBeGreaterThanOrEqual(snapshot.matches('prompting') ? 1 : 0);
    },
  },
};
