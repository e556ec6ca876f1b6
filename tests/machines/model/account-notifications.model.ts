// Model of the account page's new-class notifications (machines/account-notifications.machine.ts):
// it reads the choice itself (a failure leaves the section unavailable, the page working), keeps
// the form, saves it in one request, and turns Web Push on (only where the browser offers it and
// it is off) or off (only when on) for this device; each request tells the page, as tasks do.
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { accountNotificationsMachine, type AccountNotificationsContext, type NotificationsView } from '@machines/account-notifications.machine';
import type { MachineModel } from './machine-model';
import { cancelled, ok, outcomes, outputOf, refused, unreachable } from './outcomes';
import { toldBusy, toldEnd } from './task-reports';

const view = (push: NotificationsView['push']): NotificationsView => ({
  choice: { enabled: false, disciplines: [] },
  available: [{ id: 'yoga', name: { en: 'Yoga', es: 'Yoga' } }],
  push,
});
const offered = view({ supported: true, publicKey: 'BPublicKey', subscribed: false });
const unsupported = view({ supported: false, publicKey: 'BPublicKey', subscribed: false });
const saved: NotificationsView = { ...offered, choice: { enabled: true, disciplines: ['yoga'] } };

const contextOf = (snapshot: AnyMachineSnapshot | undefined) => snapshot?.context as AccountNotificationsContext;

export const model: MachineModel = {
  machine: accountNotificationsMachine,
  events: {
    'notifications.enable': [
      { type: 'notifications.enable', enabled: true },
      { type: 'notifications.enable', enabled: false },
    ],
    'notifications.discipline': [
      { type: 'notifications.discipline', id: 'yoga', chosen: true },
      { type: 'notifications.discipline', id: 'yoga', chosen: false },
    ],
  },
  outputs: {
    loadNotifications: [ok(offered), ok(unsupported), refused(500), unreachable, cancelled],
    saveNotifications: outcomes(saved),
    enablePush: [ok({ subscribed: true }), refused(400), unreachable, cancelled],
    disablePush: [ok({ subscribed: false }), refused(400), cancelled],
  },
  serialize: (snapshot) => {
    const c = contextOf(snapshot);
    return JSON.stringify([snapshot.value, c.draft, c.view?.push ?? null, c.view?.choice ?? null]);
  },
  simplePathsUpTo: 0,
  states: {
    loading: ({ lastStarted }) => expect(lastStarted('loadNotifications')).toBeDefined(),
    unavailable: ({ snapshot }) => expect(contextOf(snapshot).view).toBeNull(),
    'ready.idle': ({ snapshot }) => {
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(contextOf(snapshot).view).not.toBeNull();
    },
    'ready.saving': (world) => {
      expect(world.lastStarted('saveNotifications')?.input).toEqual(contextOf(world.previous).draft);
      toldBusy(world);
    },
    'ready.subscribing': (world) => {
      expect(contextOf(world.previous).view?.push).toMatchObject({ supported: true, subscribed: false });
      expect(world.lastStarted('enablePush')?.input).toEqual({ publicKey: 'BPublicKey' });
      toldBusy(world);
    },
    'ready.unsubscribing': (world) => {
      expect(contextOf(world.previous).view?.push.subscribed).toBe(true);
      toldBusy(world);
    },
  },
  after: {
    'done: loadNotifications': ({ snapshot, event }) => {
      const output = outputOf(event);
      expect(snapshot.matches('ready')).toBe(output.kind === 'ok');
      if (output.kind === 'ok') expect(contextOf(snapshot).draft).toEqual({ enabled: false, disciplines: [] });
    },
    'notifications.enable': ({ snapshot, previous, event }) => {
      if (previous?.matches({ ready: 'idle' })) expect(contextOf(snapshot).draft.enabled).toBe(event.enabled);
      else expect(contextOf(snapshot)).toEqual(contextOf(previous));
    },
    'notifications.discipline': ({ snapshot, previous, event }) => {
      if (previous?.matches({ ready: 'idle' })) expect(contextOf(snapshot).draft.disciplines.includes('yoga')).toBe(event.chosen);
      else expect(contextOf(snapshot)).toEqual(contextOf(previous));
    },
    'push.enable': ({ snapshot, previous }) => {
      const offeredHere = previous?.matches({ ready: 'idle' }) && contextOf(previous).view?.push.supported && !contextOf(previous).view?.push.subscribed;
      expect(snapshot.matches({ ready: 'subscribing' })).toBe(Boolean(offeredHere));
    },
    'push.disable': ({ snapshot, previous }) => {
      const on = previous?.matches({ ready: 'idle' }) && contextOf(previous).view?.push.subscribed;
      expect(snapshot.matches({ ready: 'unsubscribing' })).toBe(Boolean(on));
    },
    'done: saveNotifications': (world) => {
      toldEnd('Your new-class notifications have been saved.')(world);
      if (outputOf(world.event).kind === 'ok') expect(contextOf(world.snapshot).draft).toEqual({ enabled: true, disciplines: ['yoga'] });
    },
    'error: saveNotifications': toldEnd(''),
    'done: enablePush': (world) => {
      toldEnd('This device will be told when new classes arrive.')(world);
      expect(contextOf(world.snapshot).view?.push.subscribed).toBe(outputOf(world.event).kind === 'ok');
    },
    'error: enablePush': toldEnd(''),
    'done: disablePush': (world) => {
      toldEnd('This device will no longer be told about new classes.')(world);
      expect(contextOf(world.snapshot).view?.push.subscribed).toBe(outputOf(world.event).kind !== 'ok');
    },
    'error: disablePush': toldEnd(''),
  },
};
