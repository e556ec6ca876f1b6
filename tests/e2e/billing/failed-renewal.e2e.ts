// A failed renewal end to end (decision 067) in Chromium against the real server with sandbox
// payments: subscribed with card 4000 0000 0000 0341 (it attaches, then fails on renewal), the
// test clock ends the trial and the renewal fails; the banner shows on every signed-in page and
// classes still play (the grace period); a new card (4242) on the card page pays at once, the
// banner is gone and access kept. The banner and Billing with axe in en/es at 375 and 1280 px.
import assert from 'node:assert/strict';
import { test } from '../playwright-utils';
import { checkEverywhere, newContext, payWithCard, signedIn } from '../browser';

const pathIs = (p: string) => (url: URL) => url.pathname === p;

test.describe('a failed renewal', () => {
  test('card 0341 fails on renewal: the banner, access in the grace period, a new card settles it', async ({ browser }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const { token } = await signedIn(page, 'failed-renewal');
    const headers = { authorization: `FitStream ${token}` };
    const canPlay = async () => {
      const home = await page.request.get('/api/v1/classes/home', { headers });
      return ((await home.json()) as { canPlay?: boolean }).canPlay;
    };

    const subscribe = await page.request.post('/api/v1/payments/subscribe', { data: { plan: 'standard' }, headers });
    await page.goto(((await subscribe.json()) as { url: string }).url);
    await payWithCard(page, { number: '4000 0000 0000 0341' });
    await page.waitForURL(pathIs('/success'));
    // The sandbox test clock: the trial ends now and its first charge (the renewal) is declined.
    const clock = await page.request.post('/api/v1/sandbox/clock', { data: { action: 'end_trial' }, headers });
    assert.equal(clock.status(), 200);
    assert.equal(((await clock.json()) as { subscription: { subscription_status: string } }).subscription.subscription_status, 'past_due');

    await page.goto('/classes');
    const banner = page.getByRole('status').filter({ hasText: 'Your payment failed — update your card' });
    await banner.getByText(/Your classes keep playing until /).waitFor();
    assert.equal(await canPlay(), true, 'classes play during the grace period');
    await checkEverywhere(page, 'failed-renewal-banner', (p) => p.getByRole('status').filter({ has: p.getByRole('link') }).first().waitFor());

    await banner.getByRole('link', { name: 'Update your card' }).click();
    await page.waitForURL(pathIs('/billing'));
    await page.getByText(/^Your payment failed on /).waitFor();
    await page.getByText(/^We will try again on .+, or at once when you update your card\.$/).waitFor();
    await checkEverywhere(page, 'failed-renewal-billing', (p) => p.locator('.billing-plan__failure').waitFor());

    await page.getByRole('button', { name: 'Update payment method' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/sandbox/portal/'));
    await payWithCard(page, { number: '4242 4242 4242 4242', exp: '08/36' });
    await page.waitForURL(pathIs('/billing'));
    await page.getByText(/^Renews on /).first().waitFor();
    await page.getByText('Your payment failed — update your card').waitFor({ state: 'detached' });
    await page.goto('/classes');
    await page.getByRole('heading', { level: 1 }).waitFor();
    assert.equal(await page.getByText('Your payment failed — update your card').count(), 0);
    assert.equal(await canPlay(), true, 'classes play once the invoice is paid');
    await context.close();
  });
});
