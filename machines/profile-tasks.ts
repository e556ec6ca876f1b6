// A profile's own settings, which /account (machines/account.machine.ts, the owner's) and
// /settings (machines/profile-settings.machine.ts, any other profile's) both run as child
// machines: the language, new-class notifications and Web Push, and the schedule (time zone,
// reminders, calendar link). Written once here: the tasks, how the page invokes them, which of the
// page's events go to which task, and the actions that pass them on.
import { forwardTo, type EventObject, type MachineContext } from 'xstate';
import { accountLanguageMachine, type AccountLanguageEvent } from './account-language.machine';
import { accountNotificationsMachine, type AccountNotificationsEvent } from './account-notifications.machine';
import { accountScheduleMachine, type AccountScheduleEvent } from './account-schedule.machine';

/** The tasks' ids on the page (the section a notice belongs to). */
export type ProfileTask = 'language' | 'notifications' | 'schedule';

export type ProfileTaskEvent = AccountLanguageEvent | AccountNotificationsEvent | AccountScheduleEvent;

/** Spread into the page's `setup({ actors })`. */
export const profileTaskActors = {
  language: accountLanguageMachine,
  notifications: accountNotificationsMachine,
  schedule: accountScheduleMachine,
} as const;

/** Spread into the invoke list of the state where the page shows them. */
export const profileTaskInvokes = [
  { id: 'language', src: 'language' },
  { id: 'notifications', src: 'notifications' },
  { id: 'schedule', src: 'schedule' },
] as const;

/**
 * The page's events for these tasks, each passed to its task; a language is saved only when it
 * differs from the one spoken (the page's own `languageDiffers` guard).
 */
export const profileTaskActions = {
  'language.select': { guard: 'languageDiffers', actions: 'toLanguage' },
  'notifications.enable': { actions: 'toNotifications' },
  'notifications.discipline': { actions: 'toNotifications' },
  'notifications.save': { actions: 'toNotifications' },
  'push.enable': { actions: 'toNotifications' },
  'push.disable': { actions: 'toNotifications' },
  'scheduleZone.change': { actions: 'toSchedule' },
  'scheduleZone.save': { actions: 'toSchedule' },
  'reminders.toggle': { actions: 'toSchedule' },
  'feedLink.reset': { actions: 'toSchedule' },
  'feedLink.copy': { actions: 'toSchedule' },
} as const;

/** Spread into the page's `setup({ actions })`: `...profileTaskSends<Context, Event>()`. */
export function profileTaskSends<TContext extends MachineContext, TEvent extends EventObject>() {
  return {
    toLanguage: forwardTo<TContext, TEvent, undefined, TEvent>('language'),
    toNotifications: forwardTo<TContext, TEvent, undefined, TEvent>('notifications'),
    toSchedule: forwardTo<TContext, TEvent, undefined, TEvent>('schedule'),
  };
}
