// What's new machine: the newest release shown once per version to a signed-in user; a
// device's first visit records the version silently; visitors never see it.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { whatsNewMachine, type WhatsNewInput } from '@machines/whats-new.machine';

function start(input: WhatsNewInput) {
  const remembered: string[] = [];
  const actor = createActor(whatsNewMachine.provide({ actions: { rememberVersion: (_, version) => remembered.push(version) } }), { input });
  actor.start();
  return { actor, remembered };
}

describe("what's new machine", () => {
  it('records the version on a device\'s first visit without showing anything', () => {
    const { actor, remembered } = start({ version: '1.4.0', lastSeen: null, signedIn: true });
    expect(actor.getSnapshot().status).toBe('done');
    expect(remembered).toEqual(['1.4.0']);
  });

  it('shows nothing when this version was seen here already', () => {
    const { actor, remembered } = start({ version: '1.4.0', lastSeen: '1.4.0', signedIn: true });
    expect(actor.getSnapshot().status).toBe('done');
    expect(remembered).toEqual([]);
  });

  it('opens for a signed-in user after a release, recording the version as it opens, and closes', () => {
    const { actor, remembered } = start({ version: '1.4.0', lastSeen: '1.3.2', signedIn: true });
    expect(actor.getSnapshot().matches('open')).toBe(true);
    expect(remembered).toEqual(['1.4.0']);
    actor.send({ type: 'whatsNew.close' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(remembered).toEqual(['1.4.0']);
  });

  it('waits while the user is a visitor, and opens once they sign in', () => {
    const { actor, remembered } = start({ version: '1.4.0', lastSeen: '1.3.2', signedIn: false });
    expect(actor.getSnapshot().matches('waiting')).toBe(true);
    actor.send({ type: 'session.changed', signedIn: false });
    expect(actor.getSnapshot().matches('waiting')).toBe(true);
    expect(remembered).toEqual([]);
    actor.send({ type: 'session.changed', signedIn: true });
    expect(actor.getSnapshot().matches('open')).toBe(true);
    expect(remembered).toEqual(['1.4.0']);
  });

  it('goes away when the user signs out while it is open, and does not come back', () => {
    const { actor } = start({ version: '1.4.0', lastSeen: '1.3.2', signedIn: true });
    actor.send({ type: 'session.changed', signedIn: true });
    expect(actor.getSnapshot().matches('open')).toBe(true);
    actor.send({ type: 'session.changed', signedIn: false });
    expect(actor.getSnapshot().status).toBe('done');
  });
});
