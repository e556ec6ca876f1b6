// Browser drivers for the cancel flow (machines/cancel-flow.machine.ts, decision 068), the dialog
// Billing opens from Cancel subscription: one per state, through the UI against the real server
// and sandbox payments (a trial subscriber; one past the trial where the offer is a pause).
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { cancelFlowMachine } from '@machines/cancel-flow.machine';
import { subscribedOnBilling, subscribedWithTrial } from './account-flow-drivers';
import { hold, type FlowDrivers } from './flow-driver';

/** Cancel subscription, then `reason` and Continue in the first step. */
async function why(page: Page, reason: string): Promise<void> {
  await page.getByRole('button', { name: /cancel subscription/i }).click();
  const dialog = page.getByRole('dialog', { name: 'Why are you cancelling?' });
  await dialog.getByRole('radio', { name: reason }).check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
}

/** A subscriber past the trial (the sandbox clock ends it), on /billing: a pause can be offered. */
async function payingOnBilling(page: Page, label: string): Promise<void> {
  const { token } = await subscribedWithTrial(page, label);
  const clock = await page.request.post('/api/v1/sandbox/clock', { data: { action: 'end_trial' }, headers: { authorization: `FitStream ${token}` } });
  assert.equal(clock.status(), 200);
  await page.goto('/billing');
  await page.getByRole('button', { name: /cancel subscription/i }).waitFor();
}

const halfOffDialog = (page: Page) => page.getByRole('dialog', { name: 'How about 50 % off your next month?' });

export const cancelFlowFlows: FlowDrivers[] = [
  {
    name: 'cancel-flow',
    machine: cancelFlowMachine,
    drivers: {
      choosingReason: async (page) => {
        await subscribedOnBilling(page, 'flow-cancel-why');
        await page.getByRole('button', { name: /cancel subscription/i }).click();
        const dialog = page.getByRole('dialog', { name: 'Why are you cancelling?' });
        await dialog.getByRole('group', { name: 'Reason' }).waitFor();
        assert.equal(await dialog.getByRole('radio').count(), 8);
      },
      findingOffer: async (page) => {
        await subscribedOnBilling(page, 'flow-cancel-finding');
        const release = await hold(page, '/api/v1/payments/subscription-cancel-offer');
        await why(page, 'It’s too expensive');
        await page.getByRole('button', { name: 'One moment…' }).waitFor();
        await release();
        await halfOffDialog(page).waitFor();
      },
      offering: async (page) => {
        await subscribedOnBilling(page, 'flow-cancel-offer');
        await why(page, 'It’s too expensive');
        const offer = halfOffDialog(page);
        await offer.getByRole('button', { name: 'Take 50 % off' }).waitFor();
        await offer.getByRole('button', { name: 'Cancel anyway' }).waitFor();
      },
      confirming: async (page) => {
        await subscribedOnBilling(page, 'flow-cancel-confirm');
        await why(page, 'Another reason');
        await page.getByRole('alertdialog', { name: 'Cancel your subscription?' }).getByText(/^You keep access to every class until /).waitFor();
      },
      acceptingHalfOff: async (page) => {
        await subscribedOnBilling(page, 'flow-cancel-half');
        await why(page, 'It’s too expensive');
        const release = await hold(page, '/api/v1/payments/subscription-half-off');
        await halfOffDialog(page).getByRole('button', { name: 'Take 50 % off' }).click();
        await halfOffDialog(page).getByRole('button', { name: 'Working…' }).waitFor();
        await release();
        await page.getByText('50 % off your next month', { exact: true }).waitFor();
      },
      pausing: async (page) => {
        await payingOnBilling(page, 'flow-cancel-pause');
        await why(page, 'I don’t use it enough');
        const offer = page.getByRole('dialog', { name: 'Take a break instead?' });
        const release = await hold(page, '/api/v1/payments/subscription-pause');
        await offer.getByRole('button', { name: 'Pause instead' }).click();
        await offer.getByRole('button', { name: 'Working…' }).waitFor();
        await release();
        await page.getByText('Your subscription is paused').waitFor();
      },
      cancelling: async (page) => {
        await subscribedOnBilling(page, 'flow-cancel-sending');
        await why(page, 'Another reason');
        const confirm = page.getByRole('alertdialog', { name: 'Cancel your subscription?' });
        await confirm.waitFor();
        const release = await hold(page, '/api/v1/payments/subscription-cancel');
        await confirm.getByRole('button', { name: 'Yes, cancel' }).click();
        await confirm.getByRole('button', { name: 'Working…' }).waitFor();
        await release();
        await page.getByText('Your subscription has been cancelled').waitFor();
      },
      done: async (page) => {
        await subscribedOnBilling(page, 'flow-cancel-kept');
        await why(page, 'Another reason');
        await page.getByRole('alertdialog', { name: 'Cancel your subscription?' }).getByRole('button', { name: 'Keep subscription' }).click();
        await page.getByRole('alertdialog').waitFor({ state: 'detached' });
        await page.getByRole('button', { name: /cancel subscription/i }).waitFor();
      },
    },
  },
];
