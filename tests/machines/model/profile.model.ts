// Model of /details (machines/profile.machine.ts): name, optional picture upload, save or skip.
import { expect } from 'vitest';
import { profileMachine } from '@machines/profile.machine';
import type { MachineModel } from './machine-model';
import { outcomes, textOf } from './outcomes';

const picture = new Blob(['fake-png']);

export const model: MachineModel = {
  machine: profileMachine,
  events: {
    'field.change': [
      { type: 'field.change', field: 'name', value: 'José Núñez' },
      { type: 'field.change', field: 'name', value: 'R2D2' },
    ],
    'image.pick': [
      { type: 'image.pick', file: picture, fileName: 'me.png', preview: 'data:image/png;base64,AAAA' },
      { type: 'image.pick', file: picture, fileName: 'me.avif', preview: 'data:image/avif;base64,AAAA' },
    ],
  },
  outputs: {
    uploadImage: outcomes({ image: 'stored-me.png' }),
    saveDetails: outcomes({ name: 'José Núñez', image: null }),
  },
  ignore: ['scrollToTop'],
  states: {
    editing: ({ snapshot }) => {
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.context.pendingFile).toBeNull();
    },
    uploading: ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('uploading')).toBe(true);
      expect(snapshot.context.preview).toMatch(/^data:image\/png/);
      expect(lastStarted('uploadImage')?.input).toEqual({ file: picture, fileName: 'me.png' });
    },
    saving: ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(lastStarted('saveDetails')?.input).toEqual({ name: 'José Núñez', image: snapshot.context.image });
    },
    done: ({ emitted }) => expect(emitted).toEqual([{ type: 'navigate', to: '/home', replace: true }]),
  },
  after: {
    'image.pick': ({ snapshot, event }) => {
      if (String(event.fileName).endsWith('.avif')) {
        expect(snapshot.context.errors.image).toBe('imageNameInvalid');
        expect(snapshot.matches('uploading')).toBe(false);
      }
    },
    'done: uploadImage': ({ snapshot, event }) => {
      const out = event.output as { kind: string };
      if (out.kind === 'ok') {
        expect(snapshot.context.image).toBe('stored-me.png');
      } else {
        expect(snapshot.context.image).toBeNull();
        expect(snapshot.context.preview).toBeNull();
        if (out.kind !== 'cancelled') expect(textOf(snapshot.context.notice)).toBe('Failed to add image...');
      }
    },
    'error: uploadImage': ({ snapshot }) => expect(textOf(snapshot.context.notice)).toBe('Failed to add image...'),
    'image.delete': ({ snapshot }) => {
      expect(snapshot.context.image).toBeNull();
      expect(snapshot.context.preview).toBeNull();
    },
    'form.submit': ({ snapshot }) => {
      if (snapshot.matches('editing')) expect(snapshot.context.errors.name).toEqual(expect.any(String));
    },
    'done: saveDetails': ({ snapshot, event }) => {
      const out = event.output as { kind: string; status?: number };
      if (out.kind === 'failed' && out.status === 500) expect(textOf(snapshot.context.notice)).toBe('Personnel details Failed...');
      if (out.kind === 'unreachable') expect(textOf(snapshot.context.notice)).toBe('Failed to add personnel details. Try Again...');
    },
    'form.skip': ({ snapshot }) => expect(snapshot.matches('done')).toBe(true),
  },
};
