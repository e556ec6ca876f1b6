// Pause in Chromium against the real server with sandbox payments (decision 065): a subscriber
// past the trial pauses for 1 month from Billing (asked how long, then to confirm), sees "Paused
// until <date>" (axe and screenshots in en/es at 375/1280), and resumes now.
import assert from 'node:assert/strict';
import { test } from '../playwright-utils';
import { checkEverywhere } from '../browser';

test('pauses for a month from Billing, shows Paused until <date>, and resumes now', async ({ subscriber }) => {
  const { page, token } = await subscriber({ label: 'pause', plan: 'standard' });
  const clock = await page.request.post('/api/v1/sandbox/clock', { data: { action: 'end_trial' }, headers: { authorization: `FitStream ${token}` } });
  assert.equal(clock.status(), 200);
  await page.goto('/billing');
  const renews = await page.getByText(/^Renews on /).textContent();
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  const choose = page.getByRole('dialog', { name: 'Pause your subscription' });
  assert.equal(await choose.getByRole('radio', { name: '1 month' }).isChecked(), true);
  await choose.getByRole('button', { name: 'Continue' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Pause your subscription?' });
  await confirm.getByRole('button', { name: 'Pause', exact: true }).click();
  await page.getByText('Your subscription is paused').waitFor();

  await page.getByText(/^Paused until \w+ \d{1,2}, \d{4}$/).waitFor();
  // One month from the end of the paid period, as the contract reports it.
  const billing = await page.request.post('/api/v1/payments/subscriptions', { headers: { authorization: `FitStream ${token}` } });
  const { plans } = (await billing.json()) as { plans: Array<{ pause: { paused_from: string; resumes_at: string } | null }> };
  const pause = plans[0]?.pause;
  assert.ok(pause);
  const expected = new Date(pause.paused_from);
  expected.setUTCMonth(expected.getUTCMonth() + 1);
  assert.equal(pause.resumes_at, expected.toISOString());
  await checkEverywhere(page, 'billing-paused', (shown) => shown.getByRole('button', { name: /^(Resume now|Reanudar ahora)$/ }).waitFor());

  await page.getByRole('button', { name: 'Resume now' }).click();
  await page.getByText('Your subscription is running again').waitFor();
  await page.getByText(renews ?? '').waitFor();
  assert.equal(await page.getByText(/^Paused until/).count(), 0);
  await page.getByRole('button', { name: 'Pause', exact: true }).waitFor();
});

test('once the pause begins, a class says the subscription is paused and leads to Billing, not to the plans', async ({ subscriber }) => {
  const { page, token } = await subscriber({ label: 'paused-watch', plan: 'standard' });
  const headers = { authorization: `FitStream ${token}` };
  assert.equal((await page.request.post('/api/v1/sandbox/clock', { data: { action: 'end_trial' }, headers })).status(), 200);
  const listed = await page.request.post('/api/v1/payments/subscriptions', { headers });
  const subscriptionId = ((await listed.json()) as { plans: Array<{ subscription_id: string }> }).plans[0]?.subscription_id;
  const paused = await page.request.post('/api/v1/payments/subscription-pause', { data: { subscription_id: subscriptionId, months: 1 }, headers });
  assert.equal(paused.status(), 200);
  // The paid period ends: the pause begins.
  assert.equal((await page.request.post('/api/v1/sandbox/clock', { data: { action: 'renew' }, headers })).status(), 200);
  await page.goto('/watch/sunrise-vinyasa-flow');
  await page.getByText('Your subscription is paused. Resume it in Billing to keep watching.').waitFor();
  assert.equal(await page.getByRole('link', { name: 'Choose a plan' }).count(), 0);
  await page.getByRole('link', { name: 'Go to Billing' }).click();
  await page.getByRole('button', { name: 'Resume now' }).waitFor();
});
