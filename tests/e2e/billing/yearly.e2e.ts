// Yearly plans in Chromium against the real server with sandbox payments (docs/decisions/066): a
// new account switches /pricing to yearly (axe and screenshots of the switch in en/es at 375 and
// 1280 px), pays in the sandbox checkout at 10 monthly prices, and once the sandbox test clock
// ends the trial, Billing says the yearly price and the next charge a year on. A monthly subscriber
// moves to yearly on Change plan.
import assert from 'node:assert/strict';
import { test } from '../playwright-utils';
import { checkEverywhere, newContext, payingStandard, payWithCard, signedIn } from '../browser';

test.describe('yearly plans', () => {
  test('a new account picks yearly on /pricing, pays in the sandbox, and Billing says the yearly price and a renewal a year on', async ({ browser }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const { token } = await signedIn(page, 'yearly');
    await page.goto('/pricing');
    const yearly = page.getByRole('group', { name: 'Billing' }).getByRole('button', { name: /^Yearly/ });
    await yearly.click();
    assert.equal(await yearly.getAttribute('aria-pressed'), 'true');
    await page.getByText('€139.90').first().waitFor();
    await checkEverywhere(page, 'pricing-yearly', (ready) =>
      ready.getByRole('group', { name: /^(Billing|Facturación)$/ }).getByRole('button', { pressed: true, name: /^(Yearly|Anual)/ }).waitFor(),
    );

    await page.getByRole('button', { name: 'Choose Standard' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/sandbox/checkout/'));
    await page.getByText('€139.90/year').first().waitFor();
    await payWithCard(page);
    await page.waitForURL((url) => url.pathname === '/success');

    // The sandbox test clock ends the free trial now: the first year is charged and starts today.
    const clock = await page.request.post('/api/v1/sandbox/clock', { data: { action: 'end_trial' }, headers: { authorization: `FitStream ${token}` } });
    assert.equal(clock.status(), 200);
    const aYearOn = new Date();
    aYearOn.setFullYear(aYearOn.getFullYear() + 1);
    await page.goto('/billing');
    await page.getByText('€139.90/year').waitFor();
    await page.getByText(`Renews on ${new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(aYearOn)}`).waitFor();
    await page.getByRole('tab', { name: 'Payment History' }).click();
    await page.getByRole('row').filter({ hasText: 'Standard plan, per year' }).getByRole('cell', { name: '€139.90', exact: true }).first().waitFor();
    await context.close();
  });

  test('a monthly subscriber switches to yearly on Change plan: Premium yearly is an upgrade charged now, and Billing bills it per year', async ({ browser }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await payingStandard(page, 'monthly-to-yearly');

    await page.goto('/billing/plan');
    const yearly = page.getByRole('group', { name: 'Billing' }).getByRole('button', { name: /^Yearly/ });
    await yearly.click();
    assert.equal(await yearly.getAttribute('aria-pressed'), 'true');
    await page.getByRole('radio', { name: /premium/i }).check();
    await page.getByRole('button', { name: 'Review the change' }).click();
    await page.getByText('Charged now').waitFor();
    await page.getByRole('button', { name: 'Confirm change' }).click();
    await page.getByText('Your plan has changed.').waitFor();
    await page.getByRole('button', { name: 'Back to billing' }).click();
    await page.waitForURL((url) => url.pathname === '/billing');
    await page.getByText('PREMIUM').first().waitFor();
    await page.getByText('€179.90/year').waitFor();
    await context.close();
  });
});
