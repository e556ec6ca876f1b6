// The installable app's machines: connectivity (online/offline from the browser's events), the
// app update prompt (a waiting version, Reload or Not now) and data saver (the setting per
// device and the connection decide whether streaming is limited).
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { appUpdateMachine, type AppUpdateEvent } from '@machines/app-update.machine';
import { connectivityMachine } from '@machines/connectivity.machine';
import { dataSaverMachine, type DataSaverEvent } from '@machines/data-saver.machine';
import { UNKNOWN_CONNECTION } from '@domain/data-saver';

describe('connectivity machine', () => {
  it('starts as the browser says and follows its online and offline events', () => {
    const actor = createActor(connectivityMachine, { input: { online: false } }).start();
    expect(actor.getSnapshot().value).toBe('offline');
    actor.send({ type: 'connection.online' });
    expect(actor.getSnapshot().value).toBe('online');
    actor.send({ type: 'connection.offline' });
    expect(actor.getSnapshot().value).toBe('offline');
  });

  it('hears the events through the watcher the app provides', () => {
    let report: (event: { type: 'connection.online' | 'connection.offline' }) => void = () => {};
    const watchConnectivity = fromCallback<{ type: 'connection.online' } | { type: 'connection.offline' }>(({ sendBack }) => {
      report = sendBack;
      return () => {};
    });
    const actor = createActor(connectivityMachine.provide({ actors: { watchConnectivity } }), { input: { online: true } }).start();
    expect(actor.getSnapshot().value).toBe('online');
    report({ type: 'connection.offline' });
    expect(actor.getSnapshot().value).toBe('offline');
  });
});

describe('app update machine', () => {
  function start() {
    let report: (event: AppUpdateEvent) => void = () => {};
    let applied = 0;
    const machine = appUpdateMachine.provide({
      actors: {
        watchForUpdate: fromCallback<AppUpdateEvent>(({ sendBack }) => {
          report = sendBack;
          return () => {};
        }),
      },
      actions: { applyUpdate: () => (applied += 1) },
    });
    const actor = createActor(machine).start();
    return { actor, ready: () => report({ type: 'update.ready' }), applied: () => applied };
  }

  it('shows nothing until a new version waits, then applies it once on Reload', () => {
    const { actor, ready, applied } = start();
    expect(actor.getSnapshot().value).toBe('current');
    ready();
    expect(actor.getSnapshot().value).toBe('available');
    actor.send({ type: 'update.reload' });
    actor.send({ type: 'update.reload' });
    expect(actor.getSnapshot().value).toBe('reloading');
    expect(applied()).toBe(1);
  });

  it('is busy only while the new version takes over', () => {
    const { actor, ready } = start();
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    actor.send({ type: 'update.reload' });
    expect(actor.getSnapshot().value).toBe('current');
    ready();
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    actor.send({ type: 'update.reload' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
  });

  it('stays away for the visit after Not now, even when the worker reports the version again', () => {
    const { actor, ready, applied } = start();
    ready();
    actor.send({ type: 'update.dismiss' });
    ready();
    expect(actor.getSnapshot().value).toBe('dismissed');
    expect(applied()).toBe(0);
  });
});

describe('data saver machine', () => {
  function start(preference: 'auto' | 'on' | 'off', connection = UNKNOWN_CONNECTION) {
    const persisted: string[] = [];
    let report: (event: DataSaverEvent) => void = () => {};
    const machine = dataSaverMachine.provide({
      actors: {
        watchConnection: fromCallback<DataSaverEvent>(({ sendBack }) => {
          report = sendBack;
          return () => {};
        }),
      },
      actions: { persistPreference: (_, value) => persisted.push(value) },
    });
    const actor = createActor(machine, { input: { preference, connection } }).start();
    return { actor, persisted, report: (event: DataSaverEvent) => report(event) };
  }

  it('is automatic by default: free on a fast connection, limiting once the connection turns slow or metered', () => {
    const { actor, report } = start('auto', { saveData: false, effectiveType: '4g', connectionType: 'wifi' });
    expect(actor.getSnapshot().value).toBe('free');
    report({ type: 'connection.changed', saveData: false, effectiveType: '3g', connectionType: 'wifi' });
    expect(actor.getSnapshot().value).toBe('limiting');
    report({ type: 'connection.changed', saveData: false, effectiveType: '4g', connectionType: 'cellular' });
    expect(actor.getSnapshot().value).toBe('limiting');
    report({ type: 'connection.changed', saveData: false, effectiveType: '4g', connectionType: 'wifi' });
    expect(actor.getSnapshot().value).toBe('free');
  });

  it('turned on or off explicitly, ignores the connection and remembers the choice', () => {
    const { actor, persisted, report } = start('auto');
    actor.send({ type: 'dataSaver.set', preference: 'on' });
    expect(actor.getSnapshot().value).toBe('limiting');
    actor.send({ type: 'dataSaver.set', preference: 'off' });
    report({ type: 'connection.changed', saveData: true, effectiveType: '2g', connectionType: 'cellular' });
    expect(actor.getSnapshot().value).toBe('free');
    expect(persisted).toEqual(['on', 'off']);
  });

  it('ignores a setting it does not know', () => {
    const { actor, persisted } = start('on');
    actor.send({ type: 'dataSaver.set', preference: 'sometimes' as 'on' });
    expect(actor.getSnapshot().context.preference).toBe('on');
    expect(persisted).toEqual([]);
  });
});
