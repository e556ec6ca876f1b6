// The per-person features (favourites, membership, queued progress) hear "training" only once a
// profile is chosen, and again at every change of profile, so the new profile's data loads afresh.
import { describe, expect, it, vi } from 'vitest';
import type { Actor } from 'xstate';
import type { SessionMachine } from '@machines/session.machine';
import { onSignedInChange } from '@lib/session-changes';
import { settle } from '../machines/controlled-actor';
import { startSession } from '../machines/support/session-flow';

const profile = (id: string) => ({ id, name: id, image: null, language: 'en' as const, owner: id === 'ana', locked: false });

describe('onSignedInChange', () => {
  it('says false until a profile is chosen, true at each profile chosen, false when signed out', async () => {
    const { actor, restore, signOut } = startSession();
    const listener = vi.fn();
    onSignedInChange(actor as unknown as Actor<SessionMachine>, listener);
    restore.last.resolve({ user: { email: 'ana@example.com', token: 't', profile: null }, remember: false });
    await settle();
    expect(listener.mock.calls).toEqual([[false]]);
    actor.send({ type: 'session.profileChosen', token: 't-ana', profile: profile('ana') });
    actor.send({ type: 'session.profileChosen', token: 't-ana-2', profile: profile('ana') });
    expect(listener.mock.calls).toEqual([[false], [true]]);
    actor.send({ type: 'session.profileChosen', token: 't-leo', profile: profile('leo') });
    expect(listener.mock.calls).toEqual([[false], [true], [true]]);
    await signOut();
    expect(listener.mock.calls).toEqual([[false], [true], [true], [false]]);
  });
});
