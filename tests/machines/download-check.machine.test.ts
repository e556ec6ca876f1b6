// The online check of this device's downloads (docs/decisions/038 and 040): the watcher asks for
// a check (signed in and online); revoked downloads show in a notice naming them and why, until
// dismissed; no answer leaves everything as it was until the next check.
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { downloadCheckMachine, type DownloadCheckEvent, type RevokedDownload } from '@machines/download-check.machine';
import { controlledActor, settle } from './controlled-actor';

const morning: RevokedDownload = { classId: 'c1', title: { en: 'Morning flow', es: 'Flujo matinal' }, reason: 'subscription_ended' };
const evening: RevokedDownload = { classId: 'c2', title: { en: 'Evening stretch', es: 'Estiramiento nocturno' }, reason: 'expired' };

function licenceCheck() {
  const check = controlledActor<RevokedDownload[]>();
  let report: (event: DownloadCheckEvent) => void = () => {};
  let watching = 0;
  const actor = createActor(
    downloadCheckMachine.provide({
      actors: {
        checkLicences: check.logic,
        watchChecks: fromCallback<DownloadCheckEvent>(({ sendBack }) => {
          watching += 1;
          report = sendBack;
          return () => {};
        }),
      },
    }),
  ).start();
  return { actor, check, report: (event: DownloadCheckEvent) => report(event), watching: () => watching };
}

describe('download check machine', () => {
  it('watches from the start, and checks when the watcher says so', () => {
    const t = licenceCheck();
    expect(t.watching()).toBe(1);
    expect(t.actor.getSnapshot().value).toBe('idle');
    expect(t.check.calls).toHaveLength(0);
    t.report({ type: 'check' });
    expect(t.actor.getSnapshot().value).toBe('checking');
    expect(t.check.calls).toHaveLength(1);
  });

  it('shows nothing when every licence is still good', async () => {
    const t = licenceCheck();
    t.report({ type: 'check' });
    t.check.last.resolve([]);
    await settle();
    expect(t.actor.getSnapshot().value).toBe('idle');
    expect(t.actor.getSnapshot().context.revoked).toEqual([]);
  });

  it('names the downloads removed and why until dismissed, adding those a later check removes', async () => {
    const t = licenceCheck();
    t.report({ type: 'check' });
    t.check.last.resolve([morning]);
    await settle();
    expect(t.actor.getSnapshot().value).toBe('notifying');
    expect(t.actor.getSnapshot().context.revoked).toEqual([morning]);
    t.report({ type: 'check' });
    expect(t.actor.getSnapshot().value).toBe('checking');
    t.check.last.resolve([evening]);
    await settle();
    expect(t.actor.getSnapshot().value).toBe('notifying');
    expect(t.actor.getSnapshot().context.revoked).toEqual([morning, evening]);
    t.actor.send({ type: 'notice.dismiss' });
    expect(t.actor.getSnapshot().value).toBe('idle');
    expect(t.actor.getSnapshot().context.revoked).toEqual([]);
  });

  it('keeps the files when the check gets no answer, and checks again next time', async () => {
    const t = licenceCheck();
    t.report({ type: 'check' });
    t.check.last.reject(new Error('offline'));
    await settle();
    expect(t.actor.getSnapshot().value).toBe('idle');
    expect(t.actor.getSnapshot().context.revoked).toEqual([]);
    t.report({ type: 'check' });
    expect(t.check.calls).toHaveLength(2);
  });

  it('a check that removes nothing more, or gets no answer, leaves the notice showing until dismissed', async () => {
    const t = licenceCheck();
    t.report({ type: 'check' });
    t.check.last.resolve([morning]);
    await settle();
    t.report({ type: 'check' });
    t.check.last.resolve([]);
    await settle();
    expect(t.actor.getSnapshot().value).toBe('notifying');
    expect(t.actor.getSnapshot().context.revoked).toEqual([morning]);
    t.report({ type: 'check' });
    t.check.last.reject(new Error('offline'));
    await settle();
    expect(t.actor.getSnapshot().value).toBe('notifying');
    expect(t.actor.getSnapshot().context.revoked).toEqual([morning]);
    t.actor.send({ type: 'notice.dismiss' });
    t.report({ type: 'check' });
    t.check.last.resolve([evening]);
    await settle();
    // The notice names only what the latest checks removed, not what was dismissed.
    expect(t.actor.getSnapshot().context.revoked).toEqual([evening]);
  });

  it('a dismissal while checking changes nothing', () => {
    const t = licenceCheck();
    t.report({ type: 'check' });
    t.actor.send({ type: 'notice.dismiss' });
    expect(t.actor.getSnapshot().value).toBe('checking');
  });
});
