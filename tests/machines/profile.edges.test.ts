// Profile's edges the main tests leave open: the blank form, typing while a picture uploads,
// cancelled and crashing uploads and saves, a resubmit after a failure, and a page wired
// without its calls.
import { describe, expect, it } from 'vitest';
import { profileMachine, type SaveDetailsInput, type SaveDetailsOutput, type UploadImageInput, type UploadImageOutput } from '@machines/profile.machine';
import { noticeText } from '@domain/notices';
import { cancelled, failed, ok } from '@domain/request-outcome';
import { controlledActor, settle } from './controlled-actor';
import { navigationOf, startFlow } from './support/navigation';

const file = new Blob(['png-bytes'], { type: 'image/png' });
const pick = { type: 'image.pick' as const, file, fileName: 'me.png', preview: 'data:image/png;base64,AAAA' };

function profile() {
  const upload = controlledActor<UploadImageOutput, UploadImageInput>();
  const save = controlledActor<SaveDetailsOutput, SaveDetailsInput>();
  const actor = startFlow(profileMachine.provide({ actors: { uploadImage: upload.logic, saveDetails: save.logic } }));
  return { actor, upload, save };
}

type ProfileActor = ReturnType<typeof profile>['actor'];

function submitName(actor: ProfileActor, name = 'Ana') {
  actor.send({ type: 'field.change', field: 'name', value: name });
  actor.send({ type: 'form.submit' });
}

describe('profile machine: the picture', () => {
  it('opens blank: no name, no picture, nothing to correct, nowhere to go', () => {
    const { actor } = profile();
    expect(actor.getSnapshot().context).toEqual({
      name: '',
      image: null,
      preview: null,
      pendingFile: null,
      errors: {},
      notice: null,
      scrollToTop: 0,
    });
    expect(navigationOf(actor)).toBeNull();
  });

  it('takes the name typed while the picture uploads', async () => {
    const { actor, upload, save } = profile();
    actor.send(pick);
    actor.send({ type: 'field.change', field: 'name', value: 'Ana' });
    upload.last.resolve(ok({ image: 'abc.png' }));
    await settle();
    actor.send({ type: 'form.submit' });
    expect(save.last.input).toEqual({ name: 'Ana', image: 'abc.png' });
  });

  it('drops the picture silently when its upload was cancelled', async () => {
    const { actor, upload } = profile();
    actor.send(pick);
    upload.last.resolve(cancelled);
    await settle();
    expect(actor.getSnapshot().hasTag('uploading')).toBe(false);
    expect(actor.getSnapshot().context).toMatchObject({ preview: null, image: null, notice: null });
  });

  it('drops the picture and says so when the upload crashes, scrolled to the banner', async () => {
    const { actor, upload, save } = profile();
    actor.send(pick);
    upload.last.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(actor.getSnapshot().hasTag('uploading')).toBe(false);
    expect(actor.getSnapshot().context).toMatchObject({ preview: null, image: null });
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Failed to add image...');
    expect(actor.getSnapshot().context.scrollToTop).toBe(1);
    submitName(actor);
    expect(save.last.input).toEqual({ name: 'Ana', image: null });
  });

  it('scrolls to the banner of a refused upload and can save without the picture', async () => {
    const { actor, upload, save } = profile();
    actor.send(pick);
    upload.last.resolve(failed(415, { isSuccess: false, message: 'Not an image' }));
    await settle();
    expect(actor.getSnapshot().context.scrollToTop).toBe(1);
    submitName(actor);
    expect(save.calls).toHaveLength(1);
  });
});

describe('profile machine: saving', () => {
  it('says nothing after a cancelled save and can save again', async () => {
    const { actor, save } = profile();
    submitName(actor);
    save.last.resolve(cancelled);
    await settle();
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(actor.getSnapshot().context.notice).toBeNull();
    expect(navigationOf(actor)).toBeNull();
    actor.send({ type: 'form.submit' });
    expect(save.calls).toHaveLength(2);
  });

  it('shows the no-response banner when the save crashes, and a new save takes it away', async () => {
    const { actor, save } = profile();
    submitName(actor);
    save.last.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Failed to add personnel details. Try Again...');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().context.notice).toBeNull();
    save.last.resolve(ok({}));
    await settle();
    expect(navigationOf(actor)).toEqual({ to: '/home', replace: true });
  });
});

describe('profile machine: wired without its calls', () => {
  it('says the picture failed and the details could not be sent', async () => {
    const actor = startFlow(profileMachine);
    actor.send(pick);
    await settle();
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Failed to add image...');
    submitName(actor);
    await settle();
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Failed to add personnel details. Try Again...');
  });
});
