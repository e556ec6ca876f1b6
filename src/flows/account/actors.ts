// The account machine's actors and actions in the app: its calls, the interface language
// following the account's, the data export saved as a file, and signing out.
import { fromCall } from '@lib/call-actor';
import { failed, ok, type Outcome } from '@domain/request-outcome';
import { implement } from '@lib/flow';
import type { AccountMachine, NotificationChoice, NotificationsView } from '@machines/account.machine';
import type { Schemas } from '@domain/contract';
import { accountScheduleActors } from '@features/schedule';
import { saveTextFile } from './save-file';
import { askPermission, pushSupported, subscribeBrowser, unsubscribeBrowser } from './web-push';

/** The server's answer as the notifications section reads it, with whether this browser takes pushes. */
async function withPush(outcome: Outcome<Schemas['NotificationsSuccess']>): Promise<Outcome<NotificationsView>> {
  if (outcome.kind !== 'ok') return outcome;
  const { notifications, available } = outcome.data;
  const supported = await pushSupported();
  return { kind: 'ok', data: { choice: { enabled: notifications.enabled, disciplines: notifications.disciplines }, available, push: { supported, ...notifications.push } } };
}

export default implement<AccountMachine>(({ api, language, session }) => ({
  actors: {
    loadAccount: fromCall((_, signal) => api.account(signal)),
    changeEmail: fromCall(api.changeEmail),
    changePassword: fromCall(api.changePassword),
    saveLanguage: fromCall(api.setAccountLanguage),
    signOutDevice: fromCall(api.signOutDevice),
    signOutOthers: fromCall((_, signal) => api.signOutOtherDevices(signal)),
    exportData: fromCall((_, signal) => api.exportAccount(signal)),
    deleteAccount: fromCall(api.deleteAccount),
    loadNotifications: fromCall(async (_, signal) => withPush(await api.notifications(signal))),
    saveNotifications: fromCall(async (choice: NotificationChoice, signal) => withPush(await api.saveNotifications(choice, signal))),
    // The machine bounds how long each browser step may take.
    askPushPermission: fromCall(async () => ok({ granted: await askPermission().catch(() => false) })),
    enablePush: fromCall(async ({ publicKey }: { publicKey: string }, signal) => {
      // No worker or no subscription: a failure with no server message (the generic notice).
      const subscription = await subscribeBrowser(publicKey).catch(() => null);
      return subscription ? api.subscribePush(subscription, signal) : failed(0);
    }),
    disablePush: fromCall(async (_, signal) => {
      await unsubscribeBrowser().catch(() => undefined);
      return api.unsubscribePush(signal);
    }),
    ...accountScheduleActors(api),
  },
  actions: {
    adoptLanguage: (_, value) => {
      if (language.getSnapshot().context.language !== value) language.send({ type: 'language.set', language: value });
    },
    saveFile: (_, file) => saveTextFile(file),
    // The account is gone: nothing to ask (its downloads go with the session).
    signOut: () => session.send({ type: 'session.signOut.confirm' }),
    copyText: (_, text) => void navigator.clipboard?.writeText(text).catch(() => undefined),
  },
}));
