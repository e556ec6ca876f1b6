// Promotion codes in Chromium against the real server with sandbox payments (decision 069): a new
// account follows a WELCOME50 link to /pricing, picks yearly (axe and screenshots of the applied
// code in en/es at 375 and 1280 px), sees the code on the sandbox checkout, and once the test clock
// ends the trial pays half the first year, with the discount on the invoice; a paying subscriber
// adds FRIEND10 on Billing after a refused code told them why, in Spanish too.
import assert from 'node:assert/strict';
import { test } from '../playwright-utils';
import { checkEverywhere, newContext, payingStandard, payWithCard, signedIn, storeLanguage } from '../browser';

test.describe('promotion codes', () => {
  test('WELCOME50 from a link: a yearly checkout with the code, half the first year charged after the trial', async ({ browser }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const { token } = await signedIn(page, 'welcome50');
    await page.goto('/pricing?code=welcome50');
    const field = page.getByRole('textbox', { name: 'Have a promotion code?' });
    assert.equal(await field.inputValue(), 'welcome50');
    await page.getByText('WELCOME50: 50 % off your first paid month').waitFor();
    await page.getByRole('group', { name: 'Billing' }).getByRole('button', { name: /^Yearly/ }).click();
    // Standard yearly: €139.90, the first year €69.95 with the code.
    await page.getByText('WELCOME50: 50 % off your first paid year').waitFor();
    await page.getByText('First payment with WELCOME50: €69.95').first().waitFor();
    await checkEverywhere(page, 'pricing-promotion-code', (ready) => ready.locator('.promotion-code__result--applied').waitFor());

    await page.getByRole('button', { name: 'Choose Standard' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/sandbox/checkout/'));
    await page.getByText('Promotion code WELCOME50: €69.95 off the first payment').waitFor();
    await page.getByText(/^First payment of €69\.95 on /).waitFor();
    await payWithCard(page);
    await page.waitForURL((url) => url.pathname === '/success');

    const clock = await page.request.post('/api/v1/sandbox/clock', { data: { action: 'end_trial' }, headers: { authorization: `FitStream ${token}` } });
    assert.equal(clock.status(), 200);
    await page.goto('/billing?tab=history');
    const paid = page.getByRole('row').filter({ hasText: 'Standard plan, per year' });
    await paid.getByRole('cell', { name: '€69.95', exact: true }).first().waitFor();
    await page.getByText('Discount (WELCOME50): -€69.95').first().waitFor();
    // Once used, a second subscription could not take it again: the code is for first subscriptions.
    const again = await page.request.post('/api/v1/payments/promotion-code-check', { data: { code: 'WELCOME50', plan: 'basic' }, headers: { authorization: `FitStream ${token}` } });
    assert.equal(again.status(), 409);
    assert.equal(((await again.json()) as { code: string }).code, 'payments.promotionCodeFirstSubscriptionOnly');
    await context.close();
  });

  test('on Billing: an unknown code is refused in Spanish, then FRIEND10 takes 10 % off every payment', async ({ browser }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const { token } = await payingStandard(page, 'friend10');
    const headers = { authorization: `FitStream ${token}` };

    await storeLanguage(page, 'es');
    await page.goto('/billing');
    const field = page.getByRole('textbox', { name: 'Añadir un código promocional' });
    await field.fill('NOSUCHCODE');
    await field.press('Enter');
    await page.getByText('Ese código promocional no existe. Revísalo e inténtalo de nuevo.').waitFor();
    assert.equal(await field.getAttribute('aria-invalid'), 'true');
    await checkEverywhere(page, 'billing-promotion-code-refused', (ready) => ready.locator('.promotion-code__result--refused').waitFor());

    // checkEverywhere leaves the page in English.
    await page.getByRole('textbox', { name: 'Add a promotion code' }).fill('friend10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Promotion code FRIEND10: 10 % off every payment').waitFor();
    // One code per subscription: the form is gone once it has one.
    assert.equal(await page.getByRole('textbox', { name: 'Add a promotion code' }).count(), 0);
    await checkEverywhere(page, 'billing-promotion-code', (ready) => ready.getByText(/^(Promotion code|Código promocional) FRIEND10/).waitFor());

    // The next renewal is charged €12.59 (€13.99 less 10 %), with the discount line naming the code.
    assert.equal((await page.request.post('/api/v1/sandbox/clock', { data: { action: 'renew' }, headers })).status(), 200);
    await page.goto('/billing?tab=history');
    await page.getByRole('cell', { name: '€12.59', exact: true }).first().waitFor();
    await page.getByText('Discount (FRIEND10): -€1.40').first().waitFor();
    await context.close();
  });
});
