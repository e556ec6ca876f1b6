// Session machine: restore (with its 5000 ms limit), token links, refresh, expiry, sign-out.
import { describe, expect, it } from 'vitest';
import type { RefreshTokenOutput } from '@machines/session.machine';
import { noticeText } from '@domain/notices';
import { ok } from '@domain/request-outcome';
import { settle } from './controlled-actor';
import { startSession } from './support/session-flow';

const user = { email: 'ana@example.com', token: 'token-1', profile: null };

const start = startSession;

async function signedIn() {
  const session = start();
  session.restore.last.resolve({ user, remember: true });
  await settle();
  return session;
}

describe('session machine: restoring', () => {
  it('restores a persisted user and is signed in', async () => {
    const { actor } = await signedIn();
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(actor.getSnapshot().context.user).toEqual(user);
    expect(actor.getSnapshot().context.remember).toBe(true);
  });

  it('is a visitor when nothing was persisted', async () => {
    const { actor, restore } = start();
    restore.last.resolve(null);
    await settle();
    expect(actor.getSnapshot().matches('visitor')).toBe(true);
  });

  it('gives up restoring after 5000 ms and treats the user as a visitor', async () => {
    const { actor, clock } = start();
    clock.increment(4999);
    expect(actor.getSnapshot().matches('restoring')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches('visitor')).toBe(true);
  });

  it('treats a failing storage as a visitor', async () => {
    const { actor, restore } = start();
    restore.last.reject(new Error('storage blocked'));
    await settle();
    expect(actor.getSnapshot().matches('visitor')).toBe(true);
  });
});

describe('session machine: one-time sign-in link (nftoken)', () => {
  it('exchanges a link that arrived while restoring, then goes to /home replacing history', async () => {
    const { actor, restore, exchange, persistSession, navigations } = start();
    actor.send({ type: 'session.exchange', token: 'nf-1', deviceId: 'device-123' });
    restore.last.resolve(null);
    await settle();
    expect(actor.getSnapshot().matches('exchanging')).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(exchange.last.input).toEqual({ token: 'nf-1', deviceId: 'device-123' });
    exchange.last.resolve({ kind: 'ok', data: user });
    await settle();
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(navigations).toEqual([{ type: 'navigate', to: '/home', replace: true }]);
    expect(persistSession).toHaveBeenCalled();
  });

  it('shows the server message for 5 s when the link is refused', async () => {
    const { actor, clock, restore, exchange } = start();
    restore.last.resolve(null);
    await settle();
    actor.send({ type: 'session.exchange', token: 'used', deviceId: null });
    exchange.last.resolve({ kind: 'failed', status: 401, body: { isSuccess: false, message: 'This sign-in link has expired.', statusCode: 401 } });
    await settle();
    expect(actor.getSnapshot().matches({ visitor: 'showingNotice' })).toBe(true);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('This sign-in link has expired.');
    clock.increment(4999);
    expect(actor.getSnapshot().context.notice).not.toBeNull();
    clock.increment(1);
    expect(actor.getSnapshot().context.notice).toBeNull();
    expect(actor.getSnapshot().matches({ visitor: 'idle' })).toBe(true);
  });

  it('ignores a cancelled exchange', async () => {
    const { actor, restore, exchange } = start();
    restore.last.resolve(null);
    await settle();
    actor.send({ type: 'session.exchange', token: 'nf', deviceId: null });
    exchange.last.resolve({ kind: 'cancelled' });
    await settle();
    expect(actor.getSnapshot().matches({ visitor: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.notice).toBeNull();
  });
});

describe('session machine: signed in', () => {
  it('signs in from a flow and goes where the flow says, replacing history', async () => {
    const { actor, restore, persistSession, navigations } = start();
    restore.last.resolve(null);
    await settle();
    actor.send({ type: 'session.signIn', user, remember: false, to: '/billing' });
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(navigations).toEqual([{ type: 'navigate', to: '/billing', replace: true }]);
    expect(persistSession).toHaveBeenCalledTimes(1);
  });

  it('replaces the token after a successful refresh and persists it', async () => {
    const { actor, refresh, persistSession } = await signedIn();
    actor.send({ type: 'session.refresh' });
    actor.send({ type: 'session.refresh' });
    expect(actor.getSnapshot().hasTag('refreshing')).toBe(true);
    expect(refresh.calls).toHaveLength(1);
    refresh.last.resolve({ kind: 'ok', data: { token: 'token-2' } });
    await settle();
    expect(actor.getSnapshot().matches({ signedIn: 'active' })).toBe(true);
    expect(actor.getSnapshot().context.user?.token).toBe('token-2');
    expect(persistSession).toHaveBeenCalled();
  });

  it('signs out to /login keeping the origin when the refresh fails', async () => {
    const { actor, refresh, purgePersisted, navigations } = await signedIn();
    actor.send({ type: 'session.refresh' });
    refresh.last.resolve({ kind: 'failed', status: 401, body: null });
    await settle();
    expect(actor.getSnapshot().matches('visitor')).toBe(true);
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(navigations).toEqual([{ type: 'navigate', to: '/login', replace: true, keepOrigin: true }]);
    expect(purgePersisted).toHaveBeenCalled();
  });

  it.each<[string, RefreshTokenOutput]>([
    ['no response', { kind: 'unreachable' }],
    ['a server error', { kind: 'failed', status: 503, body: null }],
    ['a cancelled call', { kind: 'cancelled' }],
  ])('stays signed in with the same token when the refresh gets %s', async (_, output) => {
    const { actor, refresh, purgePersisted, navigations } = await signedIn();
    actor.send({ type: 'session.refresh' });
    refresh.last.resolve(output);
    await settle();
    expect(actor.getSnapshot().matches({ signedIn: 'active' })).toBe(true);
    expect(actor.getSnapshot().context.user).toEqual(user);
    expect(navigations).toEqual([]);
    expect(purgePersisted).not.toHaveBeenCalled();
    // The network is back: the next 401 refreshes again.
    actor.send({ type: 'session.refresh' });
    expect(refresh.calls).toHaveLength(2);
  });

  it('signs out to /login keeping the origin when a retried request is refused again', async () => {
    const { actor, navigations } = await signedIn();
    actor.send({ type: 'session.expire' });
    expect(actor.getSnapshot().matches('visitor')).toBe(true);
    expect(navigations).toEqual([{ type: 'navigate', to: '/login', replace: true, keepOrigin: true }]);
  });

  it('logs out: clears the user and persisted state at once, revokes the server session, goes to /', async () => {
    const { actor, revoke, purgePersisted, countDownloads, signOut, navigations } = await signedIn();
    await signOut();
    expect(countDownloads.last.input).toEqual(user);
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(purgePersisted).toHaveBeenCalled();
    expect(navigations).toEqual([{ type: 'navigate', to: '/', replace: false }]);
    expect(revoke.calls).toHaveLength(1);
    revoke.last.resolve();
    await settle();
    expect(actor.getSnapshot().matches('visitor')).toBe(true);
  });

  it('finishes signing out after 3 s when the logout call hangs', async () => {
    const { actor, clock, revoke, signOut } = await signedIn();
    await signOut();
    expect(actor.getSnapshot().context.user).toBeNull();
    clock.increment(2999);
    expect(actor.getSnapshot().matches('signingOut')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches('visitor')).toBe(true);
    expect(revoke.last.signal.aborted).toBe(true);
    // A visitor again: signing in works at once.
    actor.send({ type: 'session.signIn', user, remember: false, to: '/home' });
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
  });

  it('still ends signed out when the server cannot be told', async () => {
    const { actor, revoke, signOut } = await signedIn();
    await signOut();
    revoke.last.reject(new Error('offline'));
    await settle();
    expect(actor.getSnapshot().matches('visitor')).toBe(true);
  });
});

describe('session machine: this browser\'s downloads belong to the account signed in', () => {
  it('asks before logging out when the device holds downloads, saying how many; staying keeps everything', async () => {
    const { actor, signOut, purgePersisted, releaseDevice, revoke, navigations } = await signedIn();
    await signOut(3);
    expect(actor.getSnapshot().hasTag('confirmingSignOut')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ user, heldDownloads: 3 });
    actor.send({ type: 'session.signOut.cancel' });
    expect(actor.getSnapshot().matches({ signedIn: 'active' })).toBe(true);
    expect(purgePersisted).not.toHaveBeenCalled();
    expect(releaseDevice).not.toHaveBeenCalled();
    expect(revoke.calls).toHaveLength(0);
    expect(navigations).toEqual([]);
  });

  it('logging out once confirmed deletes the downloads and the queued progress at once, before the server answers', async () => {
    const { actor, signOut, releaseDevice, forgetQueuedReports, revoke } = await signedIn();
    await signOut(1);
    actor.send({ type: 'session.signOut.confirm' });
    expect(actor.getSnapshot().matches('signingOut')).toBe(true);
    expect(releaseDevice).toHaveBeenCalled();
    expect(forgetQueuedReports).toHaveBeenCalledTimes(1);
    expect(revoke.calls).toHaveLength(1);
  });

  it('logs out without asking when the device cannot tell what it holds (what is there is deleted)', async () => {
    const { actor, countDownloads, releaseDevice } = await signedIn();
    actor.send({ type: 'session.signOut' });
    countDownloads.last.reject(new Error('storage unreadable'));
    await settle();
    expect(actor.getSnapshot().matches('signingOut')).toBe(true);
    expect(releaseDevice).toHaveBeenCalled();
  });

  it('a deleted account logs out at once: nothing is asked', async () => {
    const { actor, countDownloads, forgetQueuedReports } = await signedIn();
    actor.send({ type: 'session.signOut.confirm' });
    expect(actor.getSnapshot().matches('signingOut')).toBe(true);
    expect(countDownloads.calls).toHaveLength(0);
    expect(forgetQueuedReports).toHaveBeenCalled();
  });

  it('the user who signs in claims the device: restored, by sign-in, by link, and another account signing in over it', async () => {
    const restored = await signedIn();
    expect(restored.claimDevice.mock.calls).toEqual([[user]]);
    const other = { email: 'bo@example.com', token: 'token-9', profile: null };
    restored.actor.send({ type: 'session.signIn', user: other, remember: false, to: '/home' });
    expect(restored.claimDevice.mock.calls).toEqual([[user], [other]]);
    const fresh = start();
    fresh.restore.last.resolve(null);
    await settle();
    fresh.actor.send({ type: 'session.exchange', token: 'nf-1', deviceId: null });
    fresh.exchange.last.resolve(ok(other));
    await settle();
    expect(fresh.claimDevice.mock.calls).toEqual([[other]]);
  });

  it('nobody signed in holds nothing: a start without a session, and a session the server ended, release the device', async () => {
    const fresh = start();
    expect(fresh.releaseDevice).not.toHaveBeenCalled();
    fresh.restore.last.resolve(null);
    await settle();
    expect(fresh.releaseDevice).toHaveBeenCalledTimes(1);
    const ended = await signedIn();
    expect(ended.releaseDevice).not.toHaveBeenCalled();
    ended.actor.send({ type: 'session.expire' });
    expect(ended.releaseDevice).toHaveBeenCalledTimes(1);
    // Ended, not signed out on purpose: the reports queued here wait for this account's next sign-in.
    expect(ended.forgetQueuedReports).not.toHaveBeenCalled();
  });
});
