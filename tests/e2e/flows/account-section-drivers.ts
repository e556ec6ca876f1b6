// Browser drivers for two of /account's sections (issue 24's new-class notifications, issue 23's
// schedule and calendar settings): one per state of each machine, reached through the UI against
// the real server; a held request keeps a saving state on screen, an injected failure the
// unavailable one; the push states are held in the browser's own push step (a permission prompt
// left open, a subscription or an unsubscribe that never answers).
import type { Page } from 'playwright-core';
import { accountNotificationsMachine } from '@machines/account-notifications.machine';
import { accountScheduleMachine } from '@machines/account-schedule.machine';
import { baseUrl, captureStates, PASSWORD, signedIn } from '../browser';
import { fail, hold, type Driver, type FlowDrivers } from './flow-driver';

/** Signed in on /account, the section on screen. */
async function onAccount(page: Page, label: string, section: string): Promise<void> {
  await signedIn(page, label);
  await page.goto('/account');
  await page.locator(section).waitFor();
  await page.locator(section).scrollIntoViewIfNeeded();
}

/** On /account once the app's service worker is registered (push is offered only then). */
async function onAccountWithWorker(page: Page): Promise<void> {
  await page.goto('/account');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.reload();
  await page.locator(notifications).waitFor();
  await page.locator(notifications).scrollIntoViewIfNeeded();
}

/** The section's first request held: its loading state stays. */
function loadingHeld(label: string, section: string, part: string): Driver {
  return async (page) => {
    await signedIn(page, label);
    const release = await hold(page, part);
    await page.goto('/account');
    await release.seen();
    await page.locator(section).waitFor({ state: 'attached' }).catch(() => {});
    await release();
  };
}

/**
 * A browser that takes pushes and whose own push step never ends: the permission prompt left
 * open, or its unsubscribing never answering, so the section stays in that state for the picture.
 */
async function pushHangingAt(page: Page, step: 'permission' | 'subscribe' | 'unsubscribe'): Promise<void> {
  // The section offers push only where notifications are allowed.
  await page.context().grantPermissions(['notifications'], { origin: new URL(baseUrl).origin });
  // A script as text: a function would be sent as tsx compiled it, with calls to its `__name`
  // helper, which the page does not have (the script then threw and the real prompt answered).
  const hang = 'new Promise(function () {})';
  await page.addInitScript({
    content: `
      ${step === 'permission' ? `Notification.requestPermission = function () { return ${hang}; };` : ''}
      ${step === 'subscribe' ? `PushManager.prototype.subscribe = function () { return ${hang}; };` : ''}
      PushManager.prototype.getSubscription = function () {
        return Promise.resolve(${step === 'unsubscribe' ? `{ unsubscribe: function () { return ${hang}; } }` : 'null'});
      };`,
  });
}

/** Waits until the app's state probe shows the machine in that state, then photographs it. */
async function inState(page: Page, machine: string, state: string): Promise<void> {
  await page.waitForFunction(([m, s]) => window.__fitstreamStates?.().some((a) => a.machine === m && a.states.includes(s!)), [machine, state] as const);
  await captureStates(page);
}

const notifications = '#account-notifications';
const schedule = '#account-schedule';

const accountNotificationsFlow: FlowDrivers = {
    name: 'account-notifications',
    machine: accountNotificationsMachine,
    drivers: {
      loading: loadingHeld('flow-notify-load', notifications, '/api/v1/account/notifications'),
      unavailable: async (page) => {
        await signedIn(page, 'flow-notify-fail');
        await fail(page, '/api/v1/account/notifications', 503, 'Notifications are resting');
        await page.goto('/account');
        await page.getByText('Your notifications could not be loaded. Reload the page to try again.').waitFor();
      },
      'ready.idle': async (page) => {
        await onAccount(page, 'flow-notify', notifications);
        await page.getByRole('checkbox', { name: 'Tell me when new classes arrive' }).check();
        await page.locator('.account__disciplines').waitFor();
      },
      'ready.saving': async (page) => {
        await onAccount(page, 'flow-notify-save', notifications);
        await page.getByRole('checkbox', { name: 'Tell me when new classes arrive' }).check();
        const release = await hold(page, '/api/v1/account/notifications');
        const sent = page.waitForRequest((r) => r.url().includes('/api/v1/account/notifications') && r.method() !== 'GET');
        await page.getByRole('button', { name: 'Save notifications' }).click();
        await sent;
        await release();
        await page.getByText('Your new-class notifications have been saved.').waitFor();
      },
      'ready.askingPermission': async (page) => {
        await pushHangingAt(page, 'permission');
        await signedIn(page, 'flow-notify-ask');
        await onAccountWithWorker(page);
        const notify = page.getByRole('button', { name: 'Notify this device' });
        await notify.waitFor();
        await page.waitForFunction(() => window.__fitstreamStates?.().some((a) => a.machine === 'accountNotifications' && a.states.includes('ready.idle')));
        await notify.click();
        await inState(page, 'accountNotifications', 'ready.askingPermission');
      },
      'ready.subscribing': async (page) => {
        await pushHangingAt(page, 'subscribe');
        await signedIn(page, 'flow-notify-push');
        await onAccountWithWorker(page);
        const notify = page.getByRole('button', { name: 'Notify this device' });
        await notify.waitFor();
        await page.waitForFunction(() => window.__fitstreamStates?.().some((a) => a.machine === 'accountNotifications' && a.states.includes('ready.idle')));
        await notify.click();
        await inState(page, 'accountNotifications', 'ready.subscribing');
      },
      'ready.unsubscribing': async (page) => {
        await pushHangingAt(page, 'unsubscribe');
        await signedIn(page, 'flow-notify-unpush');
        // This device subscribed already, as the server's answer says. (A real subscription needs
        // a push service on a public host the server resolves: it refuses any other, decision 037.)
        await page.route('**/api/v1/account/notifications', async (route) => {
          if (route.request().method() !== 'GET') return route.continue();
          const response = await route.fetch();
          const body = (await response.json()) as { notifications: { push: { subscribed: boolean } } };
          body.notifications.push.subscribed = true;
          return route.fulfill({ response, json: body });
        });
        await onAccountWithWorker(page);
        const stop = page.getByRole('button', { name: 'Stop notifying this device' });
        await stop.waitFor();
        await page.waitForFunction(() => window.__fitstreamStates?.().some((a) => a.machine === 'accountNotifications' && a.states.includes('ready.idle')));
        await stop.click();
        await inState(page, 'accountNotifications', 'ready.unsubscribing');
      },
    },
};

export const accountSectionFlows: FlowDrivers[] = [
  accountNotificationsFlow,
  {
    name: 'account-schedule',
    machine: accountScheduleMachine,
    drivers: {
      loading: loadingHeld('flow-schedule-load', schedule, '/api/v1/schedule/settings'),
      unavailable: async (page) => {
        await signedIn(page, 'flow-schedule-fail');
        await fail(page, '/api/v1/schedule/settings', 503, 'The schedule is resting');
        await page.goto('/account');
        await page.getByText('Your schedule settings could not be loaded.').waitFor();
      },
      idle: async (page) => {
        await onAccount(page, 'flow-schedule', schedule);
        await page.getByRole('button', { name: 'Get my calendar link' }).waitFor();
      },
      savingZone: async (page) => {
        await onAccount(page, 'flow-schedule-zone', schedule);
        await page.locator('#account-schedule-zone').selectOption('Europe/Madrid');
        const release = await hold(page, '/api/v1/account/time-zone');
        const sent = page.waitForRequest((r) => r.url().includes('/api/v1/account/time-zone'));
        await page.getByRole('button', { name: 'Save time zone' }).click();
        await sent;
        await release();
      },
      savingReminders: async (page) => {
        await onAccount(page, 'flow-schedule-remind', schedule);
        const release = await hold(page, '/api/v1/schedule/reminders');
        const sent = page.waitForRequest((r) => r.url().includes('/api/v1/schedule/reminders'));
        await page.getByRole('checkbox', { name: 'Email me a reminder at 7:00 on the morning of each planned day' }).click();
        await sent;
        await release();
      },
      resettingLink: async (page) => {
        await onAccount(page, 'flow-schedule-link', schedule);
        const release = await hold(page, '/api/v1/schedule/feed-link');
        const sent = page.waitForRequest((r) => r.url().includes('/api/v1/schedule/feed-link'));
        await page.getByRole('button', { name: 'Get my calendar link' }).click();
        await sent;
        await release();
        await page.getByLabel('Calendar link').waitFor();
      },
      // A password change ends the link just made; the section reads its settings again.
      rereading: async (page) => {
        await onAccount(page, 'flow-schedule-reread', schedule);
        await page.getByRole('button', { name: 'Get my calendar link' }).click();
        await page.getByLabel('Calendar link').waitFor();
        const release = await hold(page, '/api/v1/schedule/settings');
        await page.locator('#account-current-password').fill(PASSWORD);
        await page.locator('#account-new-password').fill('N3w#Secret');
        await page.locator('#account-confirm-password').fill('N3w#Secret');
        await page.getByRole('button', { name: 'Change password' }).click();
        await release.seen();
        await release();
        await page.getByText(/^Your calendar link stopped working on /).waitFor();
      },
    },
  },
];
