// "Who's training?" (/profiles): load, pick, a locked profile's PIN (wrong, locked after 5 tries),
// choose, the session told and the choice remembered, then on to the kept origin or /home; the
// remembered profile chosen at once on arrival; failures with Try again.
import { describe, expect, it, vi } from 'vitest';
import {
  canManageProfiles,
  profilePickerMachine,
  type ChooseProfileInput,
  type ChooseProfileOutput,
  type LoadProfilesOutput,
  type ProfilePickerInput,
} from '@machines/profile-picker.machine';
import { noticeText } from '@domain/notices';
import { cancelled, failed, ok, unreachable } from '@domain/request-outcome';
import type { Profile } from '@domain/session-user';
import { controlledActor, settle } from './controlled-actor';
import { navigationOf, startFlow } from './support/navigation';

const ana: Profile = { id: 'p-ana', name: 'Ana', image: null, language: 'en', owner: true, locked: false };
const leo: Profile = { id: 'p-leo', name: 'Leo', image: 'leo.png', language: 'es', owner: false, locked: true };
const mia: Profile = { id: 'p-mia', name: 'Mia', image: null, language: 'en', owner: false, locked: false };
const household = [ana, leo, mia];

const refusal = (status: number, code: string, message: string) => failed(status, { isSuccess: false, message, statusCode: status, code });

function picker(input: Partial<ProfilePickerInput> = {}) {
  const load = controlledActor<LoadProfilesOutput>();
  const choose = controlledActor<ChooseProfileOutput, ChooseProfileInput>();
  const tellSession = vi.fn();
  const rememberChoice = vi.fn();
  const actor = startFlow(
    profilePickerMachine.provide({
      actors: { loadProfiles: load.logic, chooseProfile: choose.logic },
      actions: { tellSession: (_, choice) => tellSession(choice), rememberChoice: (_, id) => rememberChoice(id) },
    }),
    { input: { current: null, origin: null, ...input } },
  );
  return { actor, load, choose, tellSession, rememberChoice };
}

async function listed(input: Partial<ProfilePickerInput> = {}, remembered: string | null = null) {
  const flow = picker(input);
  flow.load.last.resolve(ok({ profiles: household, remembered }));
  await settle();
  return flow;
}

describe('profile picker machine', () => {
  it('lists the profiles, chooses an open one, tells the session, remembers it and goes home', async () => {
    const { actor, choose, tellSession, rememberChoice } = await listed();
    expect(actor.getSnapshot().matches('picking')).toBe(true);
    expect(actor.getSnapshot().context.profiles).toEqual(household);
    actor.send({ type: 'profile.pick', profileId: mia.id });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(choose.last.input).toEqual({ profileId: mia.id });
    choose.last.resolve(ok({ token: 'jwt-mia', profile: mia, language: 'en' }));
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(tellSession).toHaveBeenCalledWith({ token: 'jwt-mia', profile: mia, language: 'en' });
    expect(rememberChoice).toHaveBeenCalledWith(mia.id);
    expect(navigationOf(actor)).toEqual({ to: '/home', replace: true });
  });

  it('goes back to the page the guard kept, never to the picker itself', async () => {
    const kept = await listed({ origin: '/classes?level=beginner' });
    kept.actor.send({ type: 'profile.pick', profileId: ana.id });
    kept.choose.last.resolve(ok({ token: 't', profile: ana, language: 'en' }));
    await settle();
    expect(navigationOf(kept.actor)).toEqual({ to: '/classes?level=beginner', replace: true });
    const itself = await listed({ origin: '/profiles' });
    itself.actor.send({ type: 'profile.pick', profileId: ana.id });
    itself.choose.last.resolve(ok({ token: 't', profile: ana, language: 'en' }));
    await settle();
    expect(navigationOf(itself.actor)).toEqual({ to: '/home', replace: true });
  });

  it('asks a locked profile its PIN: digits only, 4 of them, sent with the choice', async () => {
    const { actor, choose } = await listed();
    actor.send({ type: 'profile.pick', profileId: leo.id });
    expect(actor.getSnapshot().matches('askingPin')).toBe(true);
    expect(choose.calls).toHaveLength(0);
    actor.send({ type: 'pin.change', value: '12a' });
    expect(actor.getSnapshot().context.pin).toBe('12');
    actor.send({ type: 'pin.submit' });
    expect(actor.getSnapshot().matches('askingPin')).toBe(true);
    expect(noticeText({ tone: 'error', message: actor.getSnapshot().context.pinError ?? '' })).toContain('4 digits');
    actor.send({ type: 'pin.change', value: '123456' });
    expect(actor.getSnapshot().context).toMatchObject({ pin: '1234', pinError: null });
    actor.send({ type: 'pin.submit' });
    expect(choose.last.input).toEqual({ profileId: leo.id, pin: '1234' });
  });

  it("shows a wrong PIN's message (tries left) under an emptied field, and the lock after 5 tries", async () => {
    const { actor, choose } = await listed();
    actor.send({ type: 'profile.pick', profileId: leo.id });
    actor.send({ type: 'pin.change', value: '0000' });
    actor.send({ type: 'pin.submit' });
    choose.last.resolve(refusal(403, 'profiles.wrongPin', 'Wrong PIN: 4 tries left.'));
    await settle();
    expect(actor.getSnapshot().matches('askingPin')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ pin: '', pinError: 'Wrong PIN: 4 tries left.' });
    actor.send({ type: 'pin.change', value: '1111' });
    actor.send({ type: 'pin.submit' });
    choose.last.resolve(refusal(429, 'profiles.pinLocked', 'Too many wrong PINs: try again in 15 minutes.'));
    await settle();
    expect(actor.getSnapshot().matches('pinLocked')).toBe(true);
    expect(actor.getSnapshot().context.pinError).toContain('15 minutes');
    actor.send({ type: 'profiles.back' });
    expect(actor.getSnapshot().matches('picking')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ picked: null, pin: '', pinError: null });
  });

  it('goes back to the profiles from the PIN', async () => {
    const { actor } = await listed();
    actor.send({ type: 'profile.pick', profileId: leo.id });
    actor.send({ type: 'pin.change', value: '12' });
    actor.send({ type: 'profiles.back' });
    expect(actor.getSnapshot().matches('picking')).toBe(true);
    expect(actor.getSnapshot().context.pin).toBe('');
  });

  it('on arrival chooses the profile remembered on this device when it has no PIN', async () => {
    const { actor, choose } = await listed({}, mia.id);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(choose.last.input).toEqual({ profileId: mia.id });
  });

  it('on arrival asks the PIN of a remembered locked profile', async () => {
    const { actor, choose } = await listed({}, leo.id);
    expect(actor.getSnapshot().matches('askingPin')).toBe(true);
    expect(actor.getSnapshot().context.picked).toBe(leo.id);
    expect(choose.calls).toHaveLength(0);
  });

  it('switching (a profile already chosen), or with a remembered profile that is gone, shows the list', async () => {
    expect((await listed({ current: ana.id }, mia.id)).actor.getSnapshot().matches('picking')).toBe(true);
    expect((await listed({}, 'p-deleted')).actor.getSnapshot().matches('picking')).toBe(true);
  });

  it('offers Manage profiles to the owner’s profile only', async () => {
    expect(canManageProfiles((await listed({ current: ana.id })).actor.getSnapshot().context)).toBe(true);
    expect(canManageProfiles((await listed({ current: mia.id })).actor.getSnapshot().context)).toBe(false);
    expect(canManageProfiles((await listed()).actor.getSnapshot().context)).toBe(false);
  });

  it('says why the profiles could not be loaded, with Try again', async () => {
    const { actor, load } = picker();
    load.last.resolve(unreachable);
    await settle();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(noticeText(actor.getSnapshot().context.notice)).toMatch(/reach FitStream/);
    actor.send({ type: 'retry' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().context.notice).toBeNull();
    expect(load.calls).toHaveLength(2);
  });

  it('offers Try again (same profile and PIN) or another profile when a choice gets no answer', async () => {
    const { actor, choose } = await listed();
    actor.send({ type: 'profile.pick', profileId: leo.id });
    actor.send({ type: 'pin.change', value: '4321' });
    actor.send({ type: 'pin.submit' });
    choose.last.reject(new Error('offline'));
    await settle();
    expect(actor.getSnapshot().matches('chooseFailed')).toBe(true);
    expect(actor.getSnapshot().context.notice).not.toBeNull();
    actor.send({ type: 'retry' });
    expect(choose.last.input).toEqual({ profileId: leo.id, pin: '4321' });
    choose.last.resolve(failed(500, null));
    await settle();
    actor.send({ type: 'profiles.back' });
    expect(actor.getSnapshot().matches('picking')).toBe(true);
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('loads the list again, saying so, when the picked profile was deleted meanwhile', async () => {
    const { actor, load, choose } = await listed({}, null);
    actor.send({ type: 'profile.pick', profileId: mia.id });
    choose.last.resolve(refusal(404, 'profiles.notFound', 'That profile is no longer there.'));
    await settle();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    load.last.resolve(ok({ profiles: [ana, leo], remembered: mia.id }));
    await settle();
    expect(actor.getSnapshot().matches('picking')).toBe(true);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('That profile is no longer there.');
  });

  it('ends quietly when a request is cancelled or the session is lost', async () => {
    const first = picker();
    first.load.last.resolve(cancelled);
    await settle();
    expect(first.actor.getSnapshot().matches('abandoned')).toBe(true);
    const second = await listed();
    second.actor.send({ type: 'profile.pick', profileId: ana.id });
    second.choose.last.resolve(failed(401, null));
    await settle();
    expect(second.actor.getSnapshot().matches('abandoned')).toBe(true);
    expect(second.tellSession).not.toHaveBeenCalled();
  });
});
