// Model of the account page's new-class notifications (machines/account-notifications.machine.ts):
// it reads the choice itself (a failure leaves the section unavailable, the page working), keeps
// the form, saves it in one request, and turns Web Push on (only where the browser offers it and
// it is off: permission first, then the subscription) or off (only when on) for this device,
// each browser step ending with a message when the browser does not answer in time; each
// request tells the page, as tasks do.
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { accountNotificationsMachine, type AccountNotificationsContext, type NotificationsView } from '@machines/account-notifications.machine';
import type { MachineModel, World } from './machine-model';
import type { Notice } from '@domain/notices';
import { cancelled, ok, outcomes, outputOf, refused, textOf, unreachable } from './outcomes';
import { toldBusy, toldEnd } from './task-reports';

const view = (push: NotificationsView['push']): NotificationsView => ({
  choice: { enabled: false, disciplines: [] },
  available: [{ id: 'yoga', name: { en: 'Yoga', es: 'Yoga' } }],
  push,
});
const offered = view({ supported: true, publicKey: 'BPublicKey', subscribed: false });
const unsupported = view({ supported: false, publicKey: 'BPublicKey', subscribed: false });
const saved: NotificationsView = { ...offered, choice: { enabled: true, disciplines: ['yoga'] } };

/** The browser refused or did not answer: one error report, in the task's own words. */
const toldProblem = (text: string) => (world: World) => {
  const ends = world.toParent.filter((report) => report.type === 'task.ended') as unknown as { notice: Notice }[];
  expect(ends.map((report) => [report.notice.tone, textOf(report.notice)])).toEqual([['error', text]]);
};

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
    askPushPermission: [ok({ granted: true }), ok({ granted: false })],
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
    'ready.askingPermission': (world) => {
      expect(contextOf(world.previous).view?.push).toMatchObject({ supported: true, subscribed: false });
      expect(world.lastStarted('askPushPermission')).toBeDefined();
      expect(world.snapshot.hasTag('busy')).toBe(true);
      toldBusy(world);
    },
    'ready.subscribing': (world) => {
      expect(world.lastStarted('enablePush')?.input).toEqual({ publicKey: 'BPublicKey' });
      expect(world.snapshot.hasTag('busy')).toBe(true);
      // Busy was told when the permission was asked.
      expect(world.toParent).toEqual([]);
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
      expect(snapshot.matches({ ready: 'askingPermission' })).toBe(Boolean(offeredHere));
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
    'done: askPushPermission': (world) => {
      const granted = outputOf(world.event).kind === 'ok' && (outputOf(world.event) as { data: { granted: boolean } }).data.granted;
      expect(world.snapshot.matches({ ready: granted ? 'subscribing' : 'idle' })).toBe(true);
      if (!granted) toldProblem('Notifications are blocked for FitStream in this browser. Allow them in the browser’s site settings, then try again.')(world);
    },
    'error: askPushPermission': toldProblem('Notifications are blocked for FitStream in this browser. Allow them in the browser’s site settings, then try again.'),
    'after: permissionLimit': toldProblem('Your browser did not answer when we asked to notify you. Nothing has changed; try again, or check the browser’s site settings.'),
    'after: browserLimit': (world) => {
      if (world.previous?.matches('loading')) return expect(world.snapshot.matches('unavailable')).toBe(true);
      expect(world.snapshot.matches({ ready: 'idle' })).toBe(true);
      // The push state stays as it was: nothing changed.
      expect(contextOf(world.snapshot).view?.push).toEqual(contextOf(world.previous).view?.push);
      toldProblem(
        world.previous?.matches({ ready: 'subscribing' })
          ? 'Your browser did not finish turning on notifications for this device. Nothing has changed; please try again later.'
          : 'Your browser did not finish turning off notifications for this device. Please try again later.',
      )(world);
    },
  },
};
