// The account page's new-class notifications, a child of machines/account.machine.ts (decision
// 037): it reads the account's choice itself (the page does not wait for it), keeps the form
// (on or off, and which disciplines; none chosen means every one), saves it, and turns Web Push
// on or off for this device where the browser offers it.
import { assign, setup } from 'xstate';
import { accountNotices, pushProblems } from '@domain/account-notices';
import type { Schemas } from '@domain/contract';
import type { Outcome } from '@domain/request-outcome';
import { taskReports, taskRequest } from './account-task';
import { afterRequest, fromOutcome, outcomeGuards, outcomeOf } from './request-states';

export type NotificationChoice = Schemas['NotificationsRequest'];
export interface NotificationsView {
  choice: NotificationChoice;
  available: Schemas['Discipline'][];
  /** Web Push on this device: whether the browser offers it, the server's key, whether it is on. */
  push: { supported: boolean; publicKey: string; subscribed: boolean };
}
export type LoadNotificationsOutput = Outcome<NotificationsView>;
export type SaveNotificationsOutput = Outcome<NotificationsView>;
export type PushOutput = Outcome<{ subscribed: boolean }>;
/** The browser's answer to "may we notify you?". */
export type PushPermissionOutput = Outcome<{ granted: boolean }>;

export interface AccountNotificationsContext {
  view: NotificationsView | null;
  /** The form as the user left it. */
  draft: NotificationChoice;
}

export type AccountNotificationsEvent =
  | { type: 'notifications.enable'; enabled: boolean }
  | { type: 'notifications.discipline'; id: string; chosen: boolean }
  | { type: 'notifications.save' }
  | { type: 'push.enable' }
  | { type: 'push.disable' };

type Done<T> = { event: { output: T } };

export const accountNotificationsMachine = setup({
  types: { context: {} as AccountNotificationsContext, events: {} as AccountNotificationsEvent },
  actors: {
    loadNotifications: fromOutcome<NotificationsView>(),
    saveNotifications: fromOutcome<NotificationsView, NotificationChoice>(),
    askPushPermission: fromOutcome<{ granted: boolean }>(),
    enablePush: fromOutcome<{ subscribed: boolean }, { publicKey: string }>(),
    disablePush: fromOutcome<{ subscribed: boolean }>(),
  },
  actions: {
    ...taskReports<AccountNotificationsContext, AccountNotificationsEvent>(),
    takeView: assign((_, output: Outcome<NotificationsView>) => (output.kind === 'ok' ? { view: output.data, draft: output.data.choice } : {})),
    takePush: assign(({ context }, output: PushOutput) =>
      output.kind === 'ok' && context.view ? { view: { ...context.view, push: { ...context.view.push, subscribed: output.data.subscribed } } } : {},
    ),
    setEnabled: assign(({ context }, enabled: boolean) => ({ draft: { ...context.draft, enabled } })),
    setDiscipline: assign(({ context }, { id, chosen }: { id: string; chosen: boolean }) => {
      const others = context.draft.disciplines.filter((other) => other !== id);
      return { draft: { ...context.draft, disciplines: chosen ? [...others, id] : others } };
    }),
  },
  guards: {
    ...outcomeGuards,
    pushOffered: ({ context }) => Boolean(context.view?.push.supported && !context.view.push.subscribed),
    pushOn: ({ context }) => Boolean(context.view?.push.subscribed),
    permissionGranted: (_, output: PushPermissionOutput) => output.kind === 'ok' && output.data.granted,
  },
  delays: {
    /** The permission question may wait for the user's answer: longer than the browser's own work. */
    permissionLimit: 30_000,
    /** Subscribing, unsubscribing or reading the service worker: the browser alone, no user. */
    browserLimit: 10_000,
  },
}).createMachine({
  id: 'accountNotifications',
  context: { view: null, draft: { enabled: false, disciplines: [] } },
  initial: 'loading',
  states: {
    loading: {
      // A service worker that never answers must not leave the section spinning.
      after: { browserLimit: { target: 'unavailable' } },
      invoke: {
        src: 'loadNotifications',
        ...afterRequest({
          ok: { target: 'ready', actions: { type: 'takeView', params: outcomeOf } },
          quiet: { target: 'unavailable' },
          failed: { target: 'unavailable' },
        }),
      },
    },
    /** The choice could not be read: the section says so (the rest of the page works). */
    unavailable: {},
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'notifications.enable': { actions: { type: 'setEnabled', params: ({ event }) => event.enabled } },
            'notifications.discipline': { actions: { type: 'setDiscipline', params: ({ event }) => event } },
            'notifications.save': { target: 'saving' },
            'push.enable': { guard: 'pushOffered', target: 'askingPermission' },
            'push.disable': { guard: 'pushOn', target: 'unsubscribing' },
          },
        },
        saving: taskRequest({
          request: { src: 'saveNotifications', input: ({ context }: { context: AccountNotificationsContext }) => context.draft },
          then: 'idle',
          actions: [{ type: 'takeView', params: outcomeOf }],
          done: { type: 'tellDone', params: () => ({ message: accountNotices.notificationsSaved }) },
        }),
        /** The browser asks the user (or answers at once when they already chose). */
        askingPermission: {
          tags: ['busy'],
          entry: 'tellBusy',
          after: { permissionLimit: { target: 'idle', actions: { type: 'tellProblem', params: pushProblems.permissionNoAnswer } } },
          invoke: {
            src: 'askPushPermission',
            onDone: [
              { guard: { type: 'permissionGranted', params: ({ event }: Done<PushPermissionOutput>) => event.output }, target: 'subscribing' },
              { target: 'idle', actions: { type: 'tellProblem', params: pushProblems.permissionRefused } },
            ],
            onError: { target: 'idle', actions: { type: 'tellProblem', params: pushProblems.permissionRefused } },
          },
        },
        subscribing: {
          ...taskRequest({
            request: { src: 'enablePush', input: ({ context }: { context: AccountNotificationsContext }) => ({ publicKey: context.view?.push.publicKey ?? '' }) },
            then: 'idle',
            actions: [{ type: 'takePush', params: ({ event }: Done<PushOutput>) => event.output }],
            done: { type: 'tellDone', params: () => ({ message: accountNotices.pushOn }) },
          }),
          // Busy was told when the permission was asked.
          entry: [],
          after: { browserLimit: { target: 'idle', actions: { type: 'tellProblem', params: pushProblems.subscribeNoAnswer } } },
        },
        unsubscribing: {
          ...taskRequest({
            request: { src: 'disablePush' },
            then: 'idle',
            actions: [{ type: 'takePush', params: ({ event }: Done<PushOutput>) => event.output }],
            done: { type: 'tellDone', params: () => ({ message: accountNotices.pushOff }) },
          }),
          after: { browserLimit: { target: 'idle', actions: { type: 'tellProblem', params: pushProblems.unsubscribeNoAnswer } } },
        },
      },
    },
  },
});

export type AccountNotificationsMachine = typeof accountNotificationsMachine;
