// The actors of a profile's own settings (machines/profile-tasks.ts: language, new-class
// notifications with this browser's Web Push, schedule), as /account and /settings both run them.
import type { Actor } from 'xstate';
import type { Api } from '@api/calls';
import type { Schemas } from '@domain/contract';
import { failed, ok, type Outcome } from '@domain/request-outcome';
import type { NotificationChoice, NotificationsView } from '@machines/account-notifications.machine';
import type { AccountLanguage } from '@machines/account-task';
import type { LanguageMachine } from '@machines/language.machine';
import { accountScheduleActors } from '@features/schedule';
import { fromCall } from '@lib/call-actor';
import { askPermission, pushSupported, subscribeBrowser, unsubscribeBrowser } from './web-push';

/** The server's answer as the notifications section reads it, with whether this browser takes pushes. */
async function withPush(outcome: Outcome<Schemas['NotificationsSuccess']>): Promise<Outcome<NotificationsView>> {
  if (outcome.kind !== 'ok') return outcome;
  const { notifications, available } = outcome.data;
  const supported = await pushSupported();
  return { kind: 'ok', data: { choice: { enabled: notifications.enabled, disciplines: notifications.disciplines }, available, push: { supported, ...notifications.push } } };
}

export const profileSettingsActors = (api: Api) => ({
  saveLanguage: fromCall(api.setAccountLanguage),
  loadNotifications: fromCall(async (_: unknown, signal: AbortSignal) => withPush(await api.notifications(signal))),
  saveNotifications: fromCall(async (choice: NotificationChoice, signal: AbortSignal) => withPush(await api.saveNotifications(choice, signal))),
  // The machine bounds how long each browser step may take.
  askPushPermission: fromCall(async (_: unknown) => ok({ granted: await askPermission().catch(() => false) })),
  enablePush: fromCall(async ({ publicKey }: { publicKey: string }, signal: AbortSignal) => {
    // No worker or no subscription: a failure with no server message (the generic notice).
    const subscription = await subscribeBrowser(publicKey).catch(() => null);
    return subscription ? api.subscribePush(subscription, signal) : failed(0);
  }),
  disablePush: fromCall(async (_: unknown, signal: AbortSignal) => {
    await unsubscribeBrowser().catch(() => undefined);
    return api.unsubscribePush(signal);
  }),
  ...accountScheduleActors(api),
});

/** The interface speaks the language saved at once; Copy puts the calendar link on the clipboard. */
export const profileSettingsActions = (language: Actor<LanguageMachine>) => ({
  adoptLanguage: (_: unknown, value: AccountLanguage) => {
    if (language.getSnapshot().context.language !== value) language.send({ type: 'language.set', language: value });
  },
  copyText: (_: unknown, text: string) => void navigator.clipboard?.writeText(text).catch(() => undefined),
});
