// Browser drivers for Billing (decisions 022, 065, 067, 068): one per state of the billing machine,
// reached through the UI against the real server and sandbox payments; a held request keeps a
// waiting state on screen, an injected failure the failed one. Also the promotion code field's
// (decision 069), on /pricing, where the sandbox's WELCOME50 suits a new account.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { billingMachine } from '@machines/billing.machine';
import { promotionCodeMachine } from '@machines/promotion-code.machine';
import { signedIn, subscribeByApi } from '../browser';
import { spinsWhileHeld, subscribedOnBilling, cancelForAnotherReason } from './account-flow-drivers';
import { fail, hold, type FlowDrivers } from './flow-driver';

/** Past the trial on Standard (the sandbox clock ended it), on Billing, where Pause is offered. */
async function payingOnBilling(page: Page, label: string): Promise<void> {
  const { token } = await signedIn(page, label);
  await subscribeByApi(page, token, 'standard');
  assert.equal((await page.request.post('/api/v1/sandbox/clock', { data: { action: 'end_trial' }, headers: { authorization: `FitStream ${token}` } })).status(), 200);
  await page.goto('/billing');
  await page.getByRole('button', { name: 'Pause', exact: true }).waitFor();
}

/** Paying, the pause dialog open at "1 month" and its Continue pressed: asked to confirm. */
async function confirmingPause(page: Page, label: string): Promise<ReturnType<Page['getByRole']>> {
  await payingOnBilling(page, label);
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await page.getByRole('dialog', { name: 'Pause your subscription' }).getByRole('button', { name: 'Continue' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Pause your subscription?' });
  await confirm.waitFor();
  return confirm;
}

/** A new account on /pricing, its promotion code field showing; the field is returned. */
async function codeFieldOnPricing(page: Page, label: string, path = '/pricing'): Promise<ReturnType<Page['getByLabel']>> {
  await signedIn(page, label);
  await page.goto(path);
  const field = page.getByLabel('Have a promotion code?');
  await field.waitFor();
  return field;
}

export const promotionCodeFlows: FlowDrivers = {
  name: 'promotion-code',
  machine: promotionCodeMachine,
  drivers: {
    empty: async (page) => {
      const field = await codeFieldOnPricing(page, 'flow-code-empty');
      await page.getByRole('button', { name: 'Apply' }).waitFor();
      assert.equal(await field.inputValue(), '');
    },
    checking: async (page) => {
      const field = await codeFieldOnPricing(page, 'flow-code-checking');
      const release = await hold(page, '/api/v1/payments/promotion-code-check');
      await field.fill('welcome50');
      await field.press('Enter');
      await page.getByRole('button', { name: 'Checking…' }).waitFor();
      await release();
      await page.getByText('WELCOME50: 50 % off your first paid month').waitFor();
    },
    // A marketing link: the code filled in and checked; every plan shows its first payment with it.
    applied: async (page) => {
      await codeFieldOnPricing(page, 'flow-code-applied', '/pricing?code=WELCOME50');
      await page.getByText('WELCOME50: 50 % off your first paid month').waitFor();
      await page.getByRole('article', { name: 'STANDARD' }).getByText('First payment with WELCOME50').waitFor();
      await page.getByRole('button', { name: 'Remove' }).waitFor();
    },
    refused: async (page) => {
      const field = await codeFieldOnPricing(page, 'flow-code-refused');
      await field.fill('NOSUCHCODE');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.locator('input[aria-invalid="true"]').waitFor();
      const reason = page.locator(`[id="${await field.getAttribute('aria-describedby')}"]`);
      assert.notEqual((await reason.textContent())?.trim() ?? '', '');
    },
  },
};

export const billingFlows: FlowDrivers[] = [
  promotionCodeFlows,
  {
    name: 'billing',
    machine: billingMachine,
    drivers: {
      loading: spinsWhileHeld('flow-billing-load', '/billing', '/api/v1/payments/subscriptions'),
      'ready.idle': async (page) => {
        await signedIn(page, 'flow-billing');
        await page.goto('/billing');
        await page.getByText(/no subscription found/i).waitFor();
        await page.getByRole('tab', { name: /payment history/i }).click();
        await page.getByText(/no payment history/i).waitFor();
      },
      'ready.showingLoadError': async (page) => {
        await signedIn(page, 'flow-billing-fail');
        await fail(page, '/api/v1/payments/subscriptions', 400, 'Billing is closed');
        await page.goto('/billing');
        await page.getByText('Billing is closed').waitFor();
      },
      'ready.cancelFlow': async (page) => {
        await subscribedOnBilling(page, 'flow-cancel-flow');
        await page.getByRole('button', { name: /cancel subscription/i }).click();
        await page.getByRole('dialog', { name: 'Why are you cancelling?' }).waitFor();
      },
      'ready.reactivating': async (page) => {
        await subscribedOnBilling(page, 'flow-reactivating');
        await cancelForAnotherReason(page);
        await page.getByText('Cancels At Period End').waitFor();
        const release = await hold(page, '/api/v1/payments/subscription-reactivate');
        await page.getByRole('button', { name: /resume subscription/i }).click();
        await page.getByText(/resuming/i).first().waitFor();
        await release();
        await page.getByText('Your subscription will renew again').waitFor();
      },
      'ready.undoingChange': async (page) => {
        // A paid period (the trial ended by the sandbox clock) on Standard, a downgrade scheduled.
        const { token } = await signedIn(page, 'flow-undo-change');
        await subscribeByApi(page, token, 'standard');
        const headers = { authorization: `FitStream ${token}` };
        assert.equal((await page.request.post('/api/v1/sandbox/clock', { data: { action: 'end_trial' }, headers })).status(), 200);
        assert.equal((await page.request.post('/api/v1/payments/plan-change', { data: { plan: 'basic' }, headers })).status(), 200);
        await page.goto('/billing');
        const note = page.getByTestId('scheduled-change');
        await note.getByText(/^Changes to Basic on /).waitFor();
        const release = await hold(page, '/api/v1/payments/plan-change-undo');
        await note.getByRole('button', { name: 'Undo' }).click();
        await note.getByRole('button', { name: /Undoing/ }).waitFor();
        await release();
        await page.getByRole('status').getByText('Change undone: your plan stays as it is').waitFor();
      },
      'ready.choosingPause': async (page) => {
        await payingOnBilling(page, 'flow-pause-choose');
        await page.getByRole('button', { name: 'Pause', exact: true }).click();
        const choose = page.getByRole('dialog', { name: 'Pause your subscription' });
        await choose.getByRole('radio', { name: '3 months' }).check();
        assert.equal(await choose.getByRole('radio', { name: '1 month' }).isChecked(), false);
      },
      'ready.confirmingPause': async (page) => {
        const confirm = await confirmingPause(page, 'flow-pause-confirm');
        await confirm.getByRole('button', { name: 'Pause', exact: true }).waitFor();
      },
      'ready.pausing': async (page) => {
        const confirm = await confirmingPause(page, 'flow-pausing');
        const release = await hold(page, '/api/v1/payments/subscription-pause');
        await confirm.getByRole('button', { name: 'Pause', exact: true }).click();
        await release.seen();
        await release();
        await page.getByText(/^Paused until /).waitFor();
      },
      'ready.resumingPause': async (page) => {
        const confirm = await confirmingPause(page, 'flow-pause-resume');
        await confirm.getByRole('button', { name: 'Pause', exact: true }).click();
        await page.getByText(/^Paused until /).waitFor();
        const release = await hold(page, '/api/v1/payments/subscription-resume');
        await page.getByRole('button', { name: 'Resume now' }).click();
        await release.seen();
        await release();
        await page.getByText('Your subscription is running again').waitFor();
      },
      'ready.openingPortal': async (page) => {
        await subscribedOnBilling(page, 'flow-portal-held');
        const release = await hold(page, '/api/v1/payments/portal');
        await page.getByRole('button', { name: /update payment method/i }).click();
        await page.getByText(/opening/i).first().waitFor();
        await release();
        // Released, the app leaves for the provider's page: the suite's photograph of the page
        // must not start while that navigation is under way.
        await page.waitForURL((url) => url.pathname.startsWith('/sandbox/portal/'));
      },
      redirecting: async (page) => {
        await subscribedOnBilling(page, 'flow-portal');
        await page.getByRole('button', { name: /update payment method/i }).click();
        await page.waitForURL((url) => url.pathname.startsWith('/sandbox/portal/'));
        await page.getByRole('heading', { name: 'Update payment method' }).waitFor();
      },
      'ready.showingNotice': async (page) => {
        await subscribedOnBilling(page, 'flow-cancelled');
        await cancelForAnotherReason(page);
        await page.getByText('Your subscription has been cancelled').waitFor();
        await page.getByText('Cancels At Period End').waitFor();
      },
    },
  },
];
