// Model of the account page's Profiles section (machines/account-profiles.machine.ts, decision
// 064): read on its own (a failure leaves the section unavailable, with Try again); Add (never
// past the limit), Edit (only what changed is sent; nothing changed sends nothing), a picture
// uploaded before the profile names it, the PIN set, changed or removed with the password, and
// Delete (never the owner's) behind a dialog; each request tells the page busy, then how it ended.
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { accountProfilesMachine, changesOf, type AccountProfilesContext, type Profile, type ProfilesView } from '@machines/account-profiles.machine';
import type { MachineModel, World } from './machine-model';
import { cancelled, crashed, ok, outcomes, outputOf, refused, unreachable } from './outcomes';
import { toldBusy, toldEnd } from './task-reports';

const PASSWORD = 'Str0ng#Pass';
const ana: Profile = { id: 'b0000000-0000-4000-8000-000000000001', name: 'Ana', image: null, language: 'es', owner: true, locked: false };
const leo: Profile = { id: 'b0000000-0000-4000-8000-000000000002', name: 'Leo', image: 'leo.png', language: 'en', owner: false, locked: true };
const mia: Profile = { id: 'b0000000-0000-4000-8000-000000000003', name: 'Mia', image: 'stored.png', language: 'es', owner: false, locked: false };
const household: ProfilesView = { profiles: [ana, leo], chosen: ana.id, limit: 5 };
const full: ProfilesView = { ...household, limit: 2 };
const file = new Blob(['png']);
const validName = /^[\p{L}\s]+$/u;

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as AccountProfilesContext;
const targetOf = (snapshot: AnyMachineSnapshot) => contextOf(snapshot).view?.profiles.find((profile) => profile.id === contextOf(snapshot).target);
const busy = (world: World) => {
  expect(world.snapshot.hasTag('busy')).toBe(true);
  // Told when the request started, not again on the way.
  if (world.previous && !world.previous.hasTag('busy')) toldBusy(world);
};
const calm = ({ snapshot }: World) => expect(snapshot.hasTag('busy')).toBe(false);

/** What the PIN request said it did: read from the profile before and the answer. */
function pinMessage(world: World) {
  const output = outputOf(world.event);
  if (output.kind === 'ok' && !(output.data as { profile: Profile }).profile.locked) return 'The PIN has been removed: anyone in the household can switch into this profile.';
  return world.previous && targetOf(world.previous)?.locked ? 'The PIN has been changed.' : 'The PIN has been set: it is asked before anyone switches into this profile.';
}

export const model: MachineModel = {
  machine: accountProfilesMachine,
  events: {
    'profiles.edit': [
      { type: 'profiles.edit', profileId: leo.id },
      { type: 'profiles.edit', profileId: 'b0000000-0000-4000-8000-000000000099' },
    ],
    // Leo's PIN: changed or removed, then (removed) set again.
    'profiles.pin': [{ type: 'profiles.pin', profileId: leo.id }],
    'profiles.delete': [
      { type: 'profiles.delete', profileId: ana.id },
      { type: 'profiles.delete', profileId: leo.id },
    ],
    'profileForm.change': [
      { type: 'profileForm.change', field: 'name', value: ' Mia ' },
      { type: 'profileForm.change', field: 'name', value: 'R2D2' },
      { type: 'profileForm.change', field: 'pin', value: '1234' },
      { type: 'profileForm.change', field: 'password', value: PASSWORD },
    ],
    'profileImage.pick': [
      { type: 'profileImage.pick', file, fileName: 'mia.png', preview: 'data:image/png;base64,cG5n' },
      { type: 'profileImage.pick', file, fileName: 'notes.txt', preview: '' },
    ],
  },
  outputs: {
    loadProfiles: [ok(household), ok(full), refused(500), unreachable, cancelled],
    uploadImage: [ok({ image: 'stored.png' }), refused(413), refused(401), unreachable, cancelled],
    addProfile: outcomes({ profile: mia }),
    updateProfile: (snapshot) => outcomes({ profile: { ...(targetOf(snapshot) ?? leo), name: 'Leo M' } }),
    setProfilePin: (snapshot) => {
      const target = targetOf(snapshot) ?? leo;
      return [ok({ profile: { ...target, locked: true } }), ok({ profile: { ...target, locked: false } }), refused(400), refused(401), crashed, unreachable, cancelled];
    },
    deleteProfile: [ok({ message: 'Deleted.' }), refused(409), refused(401), unreachable, cancelled],
  },
  // Told apart by the state, the profiles and the form as the guards read them.
  serialize: (snapshot) => {
    const { view, target, draft, errors } = contextOf(snapshot);
    const form = [validName.test(draft.name.trim()), Object.keys(changesOf(targetOf(snapshot), draft)).length, draft.image !== null, draft.pin !== '', draft.password !== ''];
    return JSON.stringify([snapshot.value, view?.limit, view?.profiles.map((profile) => [profile.id, profile.locked]), target, form, Object.keys(errors).length > 0]);
  },
  simplePathsUpTo: 0,
  states: {
    loading: ({ lastStarted, snapshot }) => {
      expect(lastStarted('loadProfiles')).toBeDefined();
      expect(contextOf(snapshot).view).toBeNull();
    },
    unavailable: ({ snapshot, toParent }) => {
      expect(contextOf(snapshot).view).toBeNull();
      expect(toParent).toEqual([]);
    },
    ready: ({ snapshot }) => expect(contextOf(snapshot).view).not.toBeNull(),
    'ready.idle': (world) => {
      calm(world);
      expect(contextOf(world.snapshot)).toMatchObject({ target: null, pendingFile: null, errors: {} });
    },
    'ready.adding': ({ snapshot }) => expect(contextOf(snapshot).target).toBeNull(),
    'ready.adding.form': calm,
    'ready.adding.uploading': (world) => {
      busy(world);
      expect(world.lastStarted('uploadImage')?.input).toEqual({ file, fileName: 'mia.png' });
      expect(contextOf(world.snapshot).draft.preview).toBe('data:image/png;base64,cG5n');
    },
    'ready.adding.saving': (world) => {
      busy(world);
      const { draft } = contextOf(world.snapshot);
      expect(world.lastStarted('addProfile')?.input).toEqual({ name: 'Mia', image: draft.image, language: draft.language });
    },
    'ready.editing': ({ snapshot }) => expect(targetOf(snapshot)).toBeDefined(),
    'ready.editing.form': calm,
    'ready.editing.uploading': busy,
    'ready.editing.saving': (world) => {
      busy(world);
      const changes = changesOf(targetOf(world.snapshot), contextOf(world.snapshot).draft);
      expect(Object.keys(changes).length).toBeGreaterThan(0);
      expect(world.lastStarted('updateProfile')?.input).toEqual({ profileId: contextOf(world.snapshot).target, changes });
    },
    'ready.pinning': ({ snapshot }) => expect(targetOf(snapshot)).toBeDefined(),
    'ready.pinning.form': calm,
    'ready.pinning.saving': (world) => {
      busy(world);
      const removing = world.event.type === 'profilePin.remove';
      if (removing) expect(targetOf(world.snapshot)?.locked).toBe(true);
      expect(world.lastStarted('setProfilePin')?.input).toEqual({ profileId: contextOf(world.snapshot).target, pin: removing ? null : '1234', password: PASSWORD });
    },
    'ready.confirmingDelete': (world) => {
      calm(world);
      expect(targetOf(world.snapshot)?.owner).toBe(false);
    },
    'ready.deleting': (world) => {
      busy(world);
      expect(world.lastStarted('deleteProfile')?.input).toEqual({ profileId: leo.id });
    },
  },
  after: {
    'done: loadProfiles': ({ snapshot, event, toParent }) => {
      expect(toParent).toEqual([]);
      expect(snapshot.matches('ready')).toBe(outputOf(event).kind === 'ok');
    },
    'profiles.add': ({ snapshot, previous }) => {
      const view = contextOf(previous!).view;
      if (view && view.profiles.length >= view.limit) expect(snapshot.value).toEqual(previous?.value);
    },
    'profiles.delete': ({ snapshot, previous, event }) => {
      if (event.profileId === ana.id) expect(snapshot.value).toEqual(previous?.value);
    },
    'profileImage.pick': ({ snapshot, event }) => {
      if (event.fileName === 'notes.txt') expect(contextOf(snapshot).errors.image).toBe('imageNameInvalid');
    },
    'profileForm.change': ({ snapshot, previous, event }) => {
      // No such language: the draft keeps the one it had.
      if (event.field === 'language') expect(contextOf(snapshot).draft.language).toBe(contextOf(previous!).draft.language);
    },
    'profileForm.submit': ({ snapshot, previous }) => {
      const inForm = ['adding', 'editing', 'pinning'].some((form) => previous?.matches({ ready: { [form]: 'form' } }));
      // A form that stays open says which rule is broken.
      if (inForm && JSON.stringify(snapshot.value) === JSON.stringify(previous?.value)) expect(Object.keys(contextOf(snapshot).errors).length).toBeGreaterThan(0);
    },
    'profilePin.remove': ({ snapshot, previous }) => {
      if (previous && targetOf(previous)?.locked === false) expect(snapshot.value).toEqual(previous.value);
    },
    'done: uploadImage': (world) => {
      const output = outputOf(world.event);
      if (output.kind === 'ok') {
        expect(world.toParent).toEqual([]);
        expect(contextOf(world.snapshot).draft.image).toBe('stored.png');
      } else {
        toldEnd('')(world);
        expect(contextOf(world.snapshot).draft).toMatchObject({ image: null, preview: null });
      }
    },
    'error: uploadImage': toldEnd(''),
    'done: addProfile': (world) => {
      toldEnd('The profile has been added.')(world);
      const added = outputOf(world.event).kind === 'ok';
      expect(world.snapshot.matches({ ready: added ? 'idle' : { adding: 'form' } })).toBe(true);
      if (added) expect(contextOf(world.snapshot).view?.profiles.at(-1)).toEqual(mia);
      else expect(contextOf(world.snapshot).draft).toEqual(contextOf(world.previous!).draft);
    },
    'error: addProfile': toldEnd(''),
    'done: updateProfile': toldEnd('The profile has been saved.'),
    'error: updateProfile': toldEnd(''),
    'done: setProfilePin': (world) => toldEnd(pinMessage(world))(world),
    'error: setProfilePin': toldEnd(''),
    'done: deleteProfile': (world) => {
      toldEnd('The profile and everything it trained with have been deleted. Its devices have been signed out.')(world);
      const gone = outputOf(world.event).kind === 'ok';
      expect(contextOf(world.snapshot).view?.profiles.some((profile) => profile.id === leo.id)).toBe(!gone);
      expect(contextOf(world.snapshot).target).toBeNull();
    },
    'error: deleteProfile': toldEnd(''),
  },
};
