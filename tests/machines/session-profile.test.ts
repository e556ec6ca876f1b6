// The session and household profiles: the user carries the profile chosen on this sign-in; the
// picker's choice brings a new token, the profile and its language; a refresh's answer names
// the profile too.
import { describe, expect, it } from 'vitest';
import type { Profile } from '@domain/session-user';
import { settle } from './controlled-actor';
import { startSession } from './support/session-flow';

const ana: Profile = { id: 'p-ana', name: 'Ana', image: null, language: 'en', owner: true, locked: false };
const leo: Profile = { id: 'p-leo', name: 'Leo', image: null, language: 'es', owner: false, locked: true };
const user = { email: 'ana@example.com', token: 'token-1', profile: null };

async function signedIn(profile: Profile | null = null) {
  const session = startSession();
  session.restore.last.resolve({ user: { ...user, profile }, remember: true });
  await settle();
  return session;
}

describe('session machine: profiles', () => {
  it('takes a chosen profile with its token, persists it and speaks its language, staying where it is', async () => {
    const { actor, persistSession, adoptLanguage, speakLanguage, navigations } = await signedIn();
    actor.send({ type: 'session.profileChosen', token: 'token-leo', profile: leo, language: 'es' });
    expect(actor.getSnapshot().matches({ signedIn: 'active' })).toBe(true);
    expect(actor.getSnapshot().context.user).toEqual({ email: user.email, token: 'token-leo', profile: leo });
    expect(persistSession).toHaveBeenCalledTimes(1);
    // Another person: their language, not the one this browser spoke (which a sign-in keeps).
    expect(speakLanguage).toHaveBeenLastCalledWith('es');
    expect(adoptLanguage).not.toHaveBeenCalledWith('es');
    // The picker navigates, not the session.
    expect(navigations).toEqual([]);
  });

  it('switches from one profile to another', async () => {
    const { actor } = await signedIn(ana);
    actor.send({ type: 'session.profileChosen', token: 'token-leo', profile: leo, language: 'es' });
    expect(actor.getSnapshot().context.user?.profile).toEqual(leo);
  });

  it('ignores a choice while signed out', async () => {
    const { actor, restore, persistSession } = startSession();
    restore.last.resolve(null);
    await settle();
    actor.send({ type: 'session.profileChosen', token: 'token-leo', profile: leo });
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(persistSession).not.toHaveBeenCalled();
  });

  it("keeps a sign-in's profile (null: none chosen yet)", async () => {
    const { actor, restore } = startSession();
    restore.last.resolve(null);
    await settle();
    actor.send({ type: 'session.signIn', user: { ...user, profile: ana }, remember: false, to: '/home' });
    expect(actor.getSnapshot().context.user?.profile).toEqual(ana);
  });

  it("updates the profile from a refresh's answer, and keeps it when the answer names none", async () => {
    const { actor, refresh } = await signedIn(ana);
    actor.send({ type: 'session.refresh' });
    refresh.last.resolve({ kind: 'ok', data: { token: 'token-2', profile: leo } });
    await settle();
    expect(actor.getSnapshot().context.user).toMatchObject({ token: 'token-2', profile: leo });
    actor.send({ type: 'session.refresh' });
    refresh.last.resolve({ kind: 'ok', data: { token: 'token-3', profile: null } });
    await settle();
    expect(actor.getSnapshot().context.user).toMatchObject({ token: 'token-3', profile: null });
    actor.send({ type: 'session.refresh' });
    refresh.last.resolve({ kind: 'ok', data: { token: 'token-4' } });
    await settle();
    expect(actor.getSnapshot().context.user).toMatchObject({ token: 'token-4', profile: null });
  });
});
