// The session's edges the main tests leave open: the state before restoring ends, a link that
// arrives while a user is restored, links sent as a visitor, what an exchange leaves behind,
// signing in again, expiry, crashing calls, the busy sign-out, and a session wired without calls.
import { describe, expect, it } from 'vitest';
import { sessionMachine } from '@machines/session.machine';
import { noticeText } from '@domain/notices';
import { ok } from '@domain/request-outcome';
import { settle } from './controlled-actor';
import { navigationOf, startFlow } from './support/navigation';
import { startSession } from './support/session-flow';

const user = { email: 'ana@example.com', token: 'token-1', profile: null };
const other = { email: 'bo@example.com', token: 'token-9', profile: null };
const unreachableText = 'Could not reach FitStream. Please try again.';

const session = startSession;

async function visitor() {
  const s = session();
  s.restore.last.resolve(null);
  await settle();
  return s;
}

async function signedIn(remember = true) {
  const s = session();
  s.restore.last.resolve({ user, remember });
  await settle();
  return s;
}

describe('session machine: restoring and links', () => {
  it('knows nobody while it restores', () => {
    const { actor } = session();
    expect(actor.getSnapshot().context).toEqual({ user: null, remember: false, pendingLink: null, notice: null, heldDownloads: 0 });
    expect(navigationOf(actor)).toBeNull();
  });

  it('ignores a link that arrived while a persisted user was restored, also after signing out', async () => {
    const { actor, restore, exchange, revoke, signOut } = session();
    actor.send({ type: 'session.exchange', token: 'nf-1', deviceId: null });
    restore.last.resolve({ user, remember: true });
    await settle();
    expect(actor.getSnapshot().context.user).toEqual(user);
    await signOut();
    revoke.last.resolve();
    await settle();
    expect(actor.getSnapshot().matches({ visitor: 'idle' })).toBe(true);
    expect(exchange.calls).toHaveLength(0);
  });

  it('exchanges a link sent as a visitor, signs the user in for this tab only, and goes /home', async () => {
    const { actor, exchange, persistSession } = await visitor();
    actor.send({ type: 'session.exchange', token: 'nf-2', deviceId: 'device-9' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(exchange.last.input).toEqual({ token: 'nf-2', deviceId: 'device-9' });
    exchange.last.resolve(ok(user));
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ user, remember: false, pendingLink: null });
    expect(navigationOf(actor)).toEqual({ to: '/home', replace: true });
    expect(persistSession).toHaveBeenCalledTimes(1);
  });

  it('shows the no-response banner when the exchange crashes, until it is dismissed', async () => {
    const { actor, exchange } = await visitor();
    actor.send({ type: 'session.exchange', token: 'nf-3', deviceId: null });
    exchange.last.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(actor.getSnapshot().matches({ visitor: 'showingNotice' })).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe(unreachableText);
    expect(actor.getSnapshot().context.user).toBeNull();
    actor.send({ type: 'notice.dismiss' });
    expect(actor.getSnapshot().context.notice).toBeNull();
    expect(actor.getSnapshot().matches({ visitor: 'idle' })).toBe(true);
  });
});

describe('session machine: signed in', () => {
  it('switches to another account signed in on top, persisting it and going where the flow says', async () => {
    const { actor, persistSession } = await signedIn();
    actor.send({ type: 'session.signIn', user: other, remember: false, to: '/pricing' });
    expect(actor.getSnapshot().matches({ signedIn: 'active' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ user: other, remember: false });
    expect(navigationOf(actor)).toEqual({ to: '/pricing', replace: true });
    expect(persistSession).toHaveBeenCalledTimes(1);
  });

  it('lets a sign-in made while a refresh runs win: the refresh is dropped and the new user stays', async () => {
    const { actor, refresh } = await signedIn();
    actor.send({ type: 'session.refresh' });
    actor.send({ type: 'session.signIn', user: other, remember: true, to: '/home' });
    expect(actor.getSnapshot().hasTag('refreshing')).toBe(false);
    expect(refresh.last.signal.aborted).toBe(true);
    expect(actor.getSnapshot().context.user).toEqual(other);
  });

  it('forgets the user and the stored copy when the session expires', async () => {
    const { actor, purgePersisted } = await signedIn();
    actor.send({ type: 'session.expire' });
    expect(actor.getSnapshot().context).toMatchObject({ user: null, remember: false });
    expect(purgePersisted).toHaveBeenCalledTimes(1);
  });

  it('stays signed in with the same token when the refresh crashes, and refreshes again later', async () => {
    const { actor, refresh, purgePersisted } = await signedIn();
    actor.send({ type: 'session.refresh' });
    refresh.last.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(actor.getSnapshot().matches({ signedIn: 'active' })).toBe(true);
    expect(actor.getSnapshot().hasTag('refreshing')).toBe(false);
    expect(actor.getSnapshot().context.user).toEqual(user);
    expect(purgePersisted).not.toHaveBeenCalled();
    actor.send({ type: 'session.refresh' });
    expect(refresh.calls).toHaveLength(2);
  });

  it('looks busy while signing out and forgets remember-me at once', async () => {
    const { actor, revoke, signOut } = await signedIn(true);
    await signOut();
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().context.remember).toBe(false);
    revoke.last.resolve();
    await settle();
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
  });
});

describe('session machine: wired without its calls', () => {
  it('starts as a visitor, answers a link with the no-response banner, and keeps a signed-in user on refresh', async () => {
    const actor = startFlow(sessionMachine);
    await settle();
    expect(actor.getSnapshot().matches('visitor')).toBe(true);
    actor.send({ type: 'session.exchange', token: 'nf', deviceId: null });
    await settle();
    expect(noticeText(actor.getSnapshot().context.notice)).toBe(unreachableText);
    actor.send({ type: 'session.signIn', user, remember: true, to: '/home' });
    actor.send({ type: 'session.refresh' });
    await settle();
    expect(actor.getSnapshot().matches({ signedIn: 'active' })).toBe(true);
    expect(actor.getSnapshot().context.user).toEqual(user);
  });
});
