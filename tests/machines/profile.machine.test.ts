// Profile machine (/details): name rules, picture pick → name check → upload, delete, save
// errors with the exact text the user reads (domain/notices.ts), skip.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { profileMachine, type SaveDetailsInput, type SaveDetailsOutput, type UploadImageInput, type UploadImageOutput } from '@machines/profile.machine';
import { noticeText } from '@domain/notices';
import type { Outcome } from '@domain/request-outcome';
import { controlledActor, settle } from './controlled-actor';
import { recordNavigation } from './navigation-recorder';

function start() {
  const upload = controlledActor<UploadImageOutput, UploadImageInput>();
  const save = controlledActor<SaveDetailsOutput, SaveDetailsInput>();
  const actor = createActor(profileMachine.provide({ actors: { uploadImage: upload.logic, saveDetails: save.logic } }));
  const navigations = recordNavigation(actor);
  actor.start();
  return { actor, upload, save, navigations };
}

const file = new Blob(['png-bytes'], { type: 'image/png' });
const pick = (fileName: string) => ({ type: 'image.pick' as const, file, fileName, preview: 'data:image/png;base64,AAAA' });

describe('profile machine', () => {
  it('requires a name of letters and spaces and clears the error on input', () => {
    const { actor, save } = start();
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ name: 'nameRequired' });
    actor.send({ type: 'field.change', field: 'name', value: 'R2D2' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ name: 'nameInvalid' });
    expect(save.calls).toHaveLength(0);
  });

  it('refuses a picture whose name is not jpg, jpeg, png or gif, without uploading', () => {
    const { actor, upload } = start();
    actor.send(pick('photo.avif'));
    expect(actor.getSnapshot().context.errors).toEqual({ image: 'imageNameInvalid' });
    expect(actor.getSnapshot().context.preview).toBeNull();
    expect(upload.calls).toHaveLength(0);
  });

  it('previews, uploads, then saves the stored name and goes /home', async () => {
    const { actor, upload, save, navigations } = start();
    actor.send(pick('me.PNG'));
    expect(actor.getSnapshot().hasTag('uploading')).toBe(true);
    expect(actor.getSnapshot().context.preview).toBe('data:image/png;base64,AAAA');
    expect(upload.last.input).toEqual({ file, fileName: 'me.PNG' });
    upload.last.resolve({ kind: 'ok', data: { image: 'abc123.png' } });
    await settle();
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    actor.send({ type: 'field.change', field: 'name', value: ' José Núñez ' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(save.last.input).toEqual({ name: 'José Núñez', image: 'abc123.png' });
    expect(navigations).toEqual([]);
    save.last.resolve({ kind: 'ok', data: {} });
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(navigations).toEqual([{ type: 'navigate', to: '/home', replace: true }]);
  });

  it('clears the picture and says "Failed to add image..." when the upload fails', async () => {
    const { actor, upload } = start();
    actor.send(pick('me.jpg'));
    upload.last.resolve({ kind: 'failed', status: 415, body: { isSuccess: false, message: 'Not an image' } });
    await settle();
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Failed to add image...');
    expect(actor.getSnapshot().context.preview).toBeNull();
    expect(actor.getSnapshot().context.image).toBeNull();
  });

  it('deletes a picture, also while it uploads (the upload is cancelled)', async () => {
    const { actor, upload } = start();
    actor.send(pick('me.gif'));
    actor.send({ type: 'image.delete' });
    expect(upload.last.signal.aborted).toBe(true);
    expect(actor.getSnapshot().context.preview).toBeNull();
    actor.send(pick('me.gif'));
    upload.last.resolve({ kind: 'ok', data: { image: 'x.gif' } });
    await settle();
    actor.send({ type: 'image.delete' });
    expect(actor.getSnapshot().context).toMatchObject({ image: null, preview: null });
  });

  it('skips to /home', () => {
    const { actor, navigations } = start();
    actor.send({ type: 'form.skip' });
    expect(navigations).toEqual([{ type: 'navigate', to: '/home', replace: true }]);
  });

  const cases: [string, Outcome<never>, string][] = [
    ['isSuccess false', { kind: 'failed', status: 200, body: { isSuccess: false, message: 'ignored' } }, 'Register Failed...'],
    ['400', { kind: 'failed', status: 400, body: { isSuccess: false, message: 'name is too long', statusCode: 400 } }, 'name is too long'],
    ['401', { kind: 'failed', status: 401, body: { isSuccess: false, message: 'Please sign in again.', statusCode: 401 } }, 'Please sign in again.'],
    ['500', { kind: 'failed', status: 500, body: { isSuccess: false, message: 'boom', statusCode: 500 } }, 'Personnel details Failed...'],
    ['no response', { kind: 'unreachable' }, 'Failed to add personnel details. Try Again...'],
  ];
  for (const [name, outcome, text] of cases) {
    it(`shows "${text}" when saving gets ${name}`, async () => {
      const { actor, save } = start();
      actor.send({ type: 'field.change', field: 'name', value: 'Ana' });
      actor.send({ type: 'form.submit' });
      save.last.resolve(outcome);
      await settle();
      expect(actor.getSnapshot().matches('editing')).toBe(true);
      expect(noticeText(actor.getSnapshot().context.notice)).toBe(text);
      expect(actor.getSnapshot().context.scrollToTop).toBe(1);
    });
  }
});
