// A new subscription's free trial reads as a trial wherever it shows (decisions "Trial start"):
// /success, the subscription on /billing, its row in Payment History and the email all say the
// trial started and what the first charge will be, and when; none says it was paid.
import assert from 'node:assert/strict';
import { test } from '../playwright-utils';
import { checkEverywhere, expectAccessible, newContext, openMail, signedIn, subscribeInSandbox } from '../browser';

test.describe('trial start', () => {
  test('success, billing, payment history and the email say the trial started and when the first charge is', async ({ browser }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const { email } = await signedIn(page, 'trial-start');
    await subscribeInSandbox(page, 'standard');
    // Seven days from now, as the app writes a date in English.
    const firstCharge = new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(new Date(Date.now() + 7 * 86_400_000));

    await page.getByRole('heading', { name: 'Free trial started!' }).waitFor();
    await page
      .getByText(`Nothing is charged today. Your free trial of Standard has started; your first payment of €13.99 will be on ${firstCharge}, unless you cancel before then.`)
      .waitFor();
    assert.equal(await page.getByText(/Transaction Successful|subscription is now active/).count(), 0);
    await checkEverywhere(page, 'success-trial', (ready) => ready.getByRole('heading', { level: 1 }).waitFor());

    await page.goto('/billing');
    await page.getByText(`Free trial until ${firstCharge}, then €13.99 (your first payment)`).waitFor();
    await checkEverywhere(page, 'billing-trial', (ready) => ready.getByRole('heading', { name: 'STANDARD' }).waitFor());

    await page.getByRole('tab', { name: 'Payment History' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Free trial of Standard' });
    await row.getByText('Free trial started', { exact: true }).waitFor();
    assert.equal(await page.getByText('Paid', { exact: true }).count(), 0);
    await expectAccessible(page, 'payment history with a trial start');
    await checkEverywhere(page, 'payment-history-trial', (ready) => ready.getByRole('tab', { selected: true }).waitFor());

    await openMail(page, email, /Your free trial has started/);
    await page.getByText(`your first payment of €13.99 per month will be on ${firstCharge}`).first().waitFor();
    assert.equal(await page.getByText(/received your payment/).count(), 0);
    await context.close();
  });
});
