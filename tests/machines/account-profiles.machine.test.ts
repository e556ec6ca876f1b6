// The Profiles section on /account (machines/account-profiles.machine.ts, a child of the account
// page, decision 064): read on its own; a profile added (picture uploaded first), edited (only
// what changed is sent), its PIN set, changed or removed with the account's password, and one
// that is not the owner's deleted after the dialog; the section busy while its request runs and
// told how it ended, in its own place on the page.
import { describe, expect, it } from 'vitest';
import { noticeText } from '@domain/notices';
import { failed, ok } from '@domain/request-outcome';
import type { Profile, ProfilesView } from '@machines/account-profiles.machine';
import { loadedAccountPage, task } from './account-test-kit';
import { settle } from './controlled-actor';

const ana: Profile = { id: 'b0000000-0000-4000-8000-000000000001', name: 'Ana', image: null, language: 'es', owner: true, locked: false };
const leo: Profile = { id: 'b0000000-0000-4000-8000-000000000002', name: 'Leo', image: 'leo.png', language: 'en', owner: false, locked: true };
const view: ProfilesView = { profiles: [ana, leo], chosen: ana.id, limit: 5 };
const named = (name: string, index: number): Profile => ({ ...leo, id: `b0000000-0000-4000-8000-00000000001${index}`, name, locked: false });

async function pageWithProfiles(loaded: ProfilesView = view) {
  const page = await loadedAccountPage();
  page.calls.loadProfiles.last.resolve(ok(loaded));
  await settle();
  return page;
}

const profilesOf = (page: Awaited<ReturnType<typeof pageWithProfiles>>) => task(page.actor, 'profiles');
const noticeOf = (page: Awaited<ReturnType<typeof pageWithProfiles>>) => {
  const { notice, noticeFrom } = page.actor.getSnapshot().context;
  return noticeFrom === 'profiles' ? noticeText(notice) : null;
};

describe('account profiles', () => {
  it('reads the profiles on its own; a failure leaves the section unavailable, with Try again', async () => {
    const page = await loadedAccountPage();
    page.calls.loadProfiles.last.resolve(failed(500));
    await settle();
    expect(profilesOf(page).value).toBe('unavailable');
    expect(page.actor.getSnapshot().context.notice).toBeNull();
    page.actor.send({ type: 'profiles.retry' });
    page.calls.loadProfiles.last.resolve(ok(view));
    await settle();
    expect(profilesOf(page).matches({ ready: 'idle' })).toBe(true);
    expect(profilesOf(page).context.view).toEqual(view);
  });

  it('adds a profile with a picture uploaded first, in the owner’s language unless changed', async () => {
    const page = await pageWithProfiles();
    page.actor.send({ type: 'profiles.add' });
    expect(profilesOf(page).context.draft).toMatchObject({ name: '', language: 'es', image: null });
    page.actor.send({ type: 'profileForm.change', field: 'name', value: '  Mia ' });
    const file = new Blob(['png']);
    page.actor.send({ type: 'profileImage.pick', file, fileName: 'mia.png', preview: 'data:image/png;base64,cG5n' });
    expect(profilesOf(page).hasTag('busy')).toBe(true);
    expect(page.calls.uploadImage.last.input).toEqual({ file, fileName: 'mia.png' });
    page.calls.uploadImage.last.resolve(ok({ image: 'stored-mia.png' }));
    await settle();
    page.actor.send({ type: 'profileForm.change', field: 'language', value: 'en' });
    page.actor.send({ type: 'profileForm.submit' });
    expect(page.calls.addProfile.last.input).toEqual({ name: 'Mia', image: 'stored-mia.png', language: 'en' });
    const mia = { ...named('Mia', 3), image: 'stored-mia.png' };
    page.calls.addProfile.last.resolve(ok({ profile: mia }));
    await settle();
    expect(profilesOf(page).matches({ ready: 'idle' })).toBe(true);
    expect(profilesOf(page).context.view?.profiles).toEqual([ana, leo, mia]);
    expect(noticeOf(page)).toBe('The profile has been added.');
  });

  it('checks the name by the shared rules and a picture by its name before sending anything', async () => {
    const page = await pageWithProfiles();
    page.actor.send({ type: 'profiles.add' });
    page.actor.send({ type: 'profileImage.pick', file: new Blob(['x']), fileName: 'notes.txt', preview: '' });
    page.actor.send({ type: 'profileForm.change', field: 'name', value: 'R2D2' });
    page.actor.send({ type: 'profileForm.submit' });
    expect(profilesOf(page).context.errors).toEqual({ image: 'imageNameInvalid', name: 'nameInvalid' });
    expect(page.calls.uploadImage.calls).toHaveLength(0);
    expect(page.calls.addProfile.calls).toHaveLength(0);
    page.actor.send({ type: 'profileForm.change', field: 'name', value: 'Mia' });
    expect(profilesOf(page).context.errors).toEqual({ image: 'imageNameInvalid' });
  });

  it('a failed upload takes the picture away and says why; the form stays', async () => {
    const page = await pageWithProfiles();
    page.actor.send({ type: 'profiles.add' });
    page.actor.send({ type: 'profileImage.pick', file: new Blob(['x']), fileName: 'big.jpg', preview: 'data:image/jpeg;base64,eA==' });
    page.calls.uploadImage.last.resolve(failed(413, { isSuccess: false, message: 'The picture is larger than 5 MB.' }));
    await settle();
    expect(profilesOf(page).matches({ ready: { adding: 'form' } })).toBe(true);
    expect(profilesOf(page).context.draft).toMatchObject({ image: null, preview: null });
    expect(noticeOf(page)).toBe('The picture is larger than 5 MB.');
  });

  it('refuses to open the add form at the limit; a refusal from the server keeps the form', async () => {
    const full = { ...view, profiles: [ana, leo, named('Mia', 3), named('Noa', 4), named('Pau', 5)] };
    const page = await pageWithProfiles(full);
    page.actor.send({ type: 'profiles.add' });
    expect(profilesOf(page).matches({ ready: 'idle' })).toBe(true);

    const other = await pageWithProfiles();
    other.actor.send({ type: 'profiles.add' });
    other.actor.send({ type: 'profileForm.change', field: 'name', value: 'Mia' });
    other.actor.send({ type: 'profileForm.submit' });
    other.calls.addProfile.last.resolve(failed(409, { isSuccess: false, message: 'This household already has 5 profiles.', code: 'profiles.limitReached' }));
    await settle();
    expect(profilesOf(other).matches({ ready: { adding: 'form' } })).toBe(true);
    expect(profilesOf(other).context.draft.name).toBe('Mia');
    expect(noticeOf(other)).toBe('This household already has 5 profiles.');
  });

  it('edits a profile sending only what changed; removing the picture sends null', async () => {
    const page = await pageWithProfiles();
    page.actor.send({ type: 'profiles.edit', profileId: leo.id });
    expect(profilesOf(page).context.draft).toMatchObject({ name: 'Leo', language: 'en', image: 'leo.png' });
    page.actor.send({ type: 'profileImage.remove' });
    page.actor.send({ type: 'profileForm.change', field: 'name', value: 'Leo ' });
    page.actor.send({ type: 'profileForm.submit' });
    expect(page.calls.updateProfile.last.input).toEqual({ profileId: leo.id, changes: { image: null } });
    page.calls.updateProfile.last.resolve(ok({ profile: { ...leo, image: null } }));
    await settle();
    expect(profilesOf(page).context.view?.profiles[1]).toEqual({ ...leo, image: null });
    expect(noticeOf(page)).toBe('The profile has been saved.');
  });

  it('closes the edit form without a request when nothing changed', async () => {
    const page = await pageWithProfiles();
    page.actor.send({ type: 'profiles.edit', profileId: leo.id });
    page.actor.send({ type: 'profileForm.submit' });
    expect(profilesOf(page).matches({ ready: 'idle' })).toBe(true);
    expect(page.calls.updateProfile.calls).toHaveLength(0);
    expect(noticeOf(page)).toBeNull();
  });

  it('sets a PIN with the account’s password, and says so', async () => {
    const page = await pageWithProfiles();
    page.actor.send({ type: 'profiles.pin', profileId: ana.id });
    page.actor.send({ type: 'profileForm.submit' });
    expect(profilesOf(page).context.errors).toEqual({ pin: 'pinInvalid', password: 'passwordRequired' });
    page.actor.send({ type: 'profileForm.change', field: 'pin', value: '12a4' });
    page.actor.send({ type: 'profileForm.change', field: 'password', value: 'Str0ng#Pass' });
    page.actor.send({ type: 'profileForm.submit' });
    expect(page.calls.setProfilePin.calls).toHaveLength(0);
    page.actor.send({ type: 'profileForm.change', field: 'pin', value: '1234' });
    page.actor.send({ type: 'profileForm.submit' });
    expect(page.calls.setProfilePin.last.input).toEqual({ profileId: ana.id, pin: '1234', password: 'Str0ng#Pass' });
    page.calls.setProfilePin.last.resolve(ok({ profile: { ...ana, locked: true } }));
    await settle();
    expect(profilesOf(page).context.view?.profiles[0]?.locked).toBe(true);
    expect(profilesOf(page).context.draft.password).toBe('');
    expect(noticeOf(page)).toBe('The PIN has been set: it is asked before anyone switches into this profile.');
  });

  it('a wrong password keeps the PIN form and shows the server’s words', async () => {
    const page = await pageWithProfiles();
    page.actor.send({ type: 'profiles.pin', profileId: leo.id });
    page.actor.send({ type: 'profileForm.change', field: 'pin', value: '4321' });
    page.actor.send({ type: 'profileForm.change', field: 'password', value: 'wrong' });
    page.actor.send({ type: 'profileForm.submit' });
    page.calls.setProfilePin.last.resolve(failed(400, { isSuccess: false, message: 'Your password is not correct.', code: 'account.wrongPassword' }));
    await settle();
    expect(profilesOf(page).matches({ ready: { pinning: 'form' } })).toBe(true);
    expect(noticeOf(page)).toBe('Your password is not correct.');
    page.actor.send({ type: 'profileForm.change', field: 'password', value: 'Str0ng#Pass' });
    page.actor.send({ type: 'profileForm.submit' });
    page.calls.setProfilePin.last.resolve(ok({ profile: leo }));
    await settle();
    expect(noticeOf(page)).toBe('The PIN has been changed.');
  });

  it('removes a PIN with the password alone, and only from a profile that has one', async () => {
    const page = await pageWithProfiles();
    page.actor.send({ type: 'profiles.pin', profileId: ana.id });
    page.actor.send({ type: 'profileForm.change', field: 'password', value: 'Str0ng#Pass' });
    page.actor.send({ type: 'profilePin.remove' });
    expect(page.calls.setProfilePin.calls).toHaveLength(0);

    page.actor.send({ type: 'profiles.pin', profileId: leo.id });
    page.actor.send({ type: 'profilePin.remove' });
    expect(profilesOf(page).context.errors).toEqual({ password: 'passwordRequired' });
    page.actor.send({ type: 'profileForm.change', field: 'password', value: 'Str0ng#Pass' });
    page.actor.send({ type: 'profilePin.remove' });
    expect(page.calls.setProfilePin.last.input).toEqual({ profileId: leo.id, pin: null, password: 'Str0ng#Pass' });
    page.calls.setProfilePin.last.resolve(ok({ profile: { ...leo, locked: false } }));
    await settle();
    expect(profilesOf(page).context.view?.profiles[1]?.locked).toBe(false);
    expect(noticeOf(page)).toBe('The PIN has been removed: anyone in the household can switch into this profile.');
  });

  it('deletes a profile after the dialog, never the owner’s; Cancel keeps it', async () => {
    const page = await pageWithProfiles();
    page.actor.send({ type: 'profiles.delete', profileId: ana.id });
    expect(profilesOf(page).matches({ ready: 'idle' })).toBe(true);
    page.actor.send({ type: 'profiles.delete', profileId: leo.id });
    expect(profilesOf(page).matches({ ready: 'confirmingDelete' })).toBe(true);
    page.actor.send({ type: 'profiles.cancel' });
    expect(profilesOf(page).matches({ ready: 'idle' })).toBe(true);
    expect(page.calls.deleteProfile.calls).toHaveLength(0);

    page.actor.send({ type: 'profiles.delete', profileId: leo.id });
    page.actor.send({ type: 'profileDelete.confirm' });
    expect(profilesOf(page).matches({ ready: 'deleting' })).toBe(true);
    expect(page.actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(page.calls.deleteProfile.last.input).toEqual({ profileId: leo.id });
    page.calls.deleteProfile.last.resolve(ok({ message: 'Deleted.' }));
    await settle();
    expect(profilesOf(page).context.view?.profiles).toEqual([ana]);
    expect(profilesOf(page).context.target).toBeNull();
    expect(noticeOf(page)).toBe('The profile and everything it trained with have been deleted. Its devices have been signed out.');
  });

  it('a refused deletion closes the dialog, keeps the profile and says why', async () => {
    const page = await pageWithProfiles();
    page.actor.send({ type: 'profiles.delete', profileId: leo.id });
    page.actor.send({ type: 'profileDelete.confirm' });
    page.calls.deleteProfile.last.reject(new Error('offline'));
    await settle();
    expect(profilesOf(page).matches({ ready: 'idle' })).toBe(true);
    expect(profilesOf(page).context.view?.profiles).toEqual([ana, leo]);
    expect(noticeOf(page)).toBe('Could not reach FitStream. Please try again.');
  });

  it('runs beside the other sections: a profile request does not hold up the language', async () => {
    const page = await pageWithProfiles();
    page.actor.send({ type: 'profiles.edit', profileId: leo.id });
    page.actor.send({ type: 'profileForm.change', field: 'name', value: 'Leon' });
    page.actor.send({ type: 'profileForm.submit' });
    page.actor.send({ type: 'language.select', language: 'es' });
    expect(task(page.actor, 'language').value).toBe('saving');
    expect(profilesOf(page).matches({ ready: { editing: 'saving' } })).toBe(true);
  });
});
