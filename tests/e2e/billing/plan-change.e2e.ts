// Plan change and invoices in Chromium against the real server with sandbox payments
// (docs/decisions/022): upgrade Standard → Premium on a paid period and download the prorated
// invoice's PDF from /billing's Payment History tab; the receipt's link (and the old
// /billing/history one) opening that tab at the invoice; downgrade and undo; axe and screenshots
// of the new screens in en/es, 375/1280.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { EVERYWHERE, test } from '../playwright-utils';
import { pdfTextLines } from '../../server/fixtures/pdf-text';
import { expectAccessible, newContext, openMail, payingStandard, payWithCard, screenshot, signedIn, storeLanguage } from '../browser';

const pathIs = (p: string) => (url: URL) => url.pathname === p;


test.describe('plan change and invoices', () => {
  test('upgrades Standard → Premium at once and downloads the prorated invoice PDF', async ({ browser }) => {
    const context = await newContext(browser, { acceptDownloads: true });
    const page = await context.newPage();
    const { email } = await payingStandard(page, 'upgrade', 'ES');
    await page.goto('/billing');
    await page.getByRole('link', { name: 'Change plan' }).click();
    await page.waitForURL(pathIs('/billing/plan'));
    await page.getByRole('radio', { name: /premium/i }).check();
    await page.getByRole('button', { name: 'Review the change' }).click();
    await page.getByText('Charged now').waitFor();
    await page.getByText(/^Unused time on Standard$/).waitFor();
    await page.getByText(/^Remaining time on Premium$/).waitFor();
    await expectAccessible(page, 'plan change preview');
    await screenshot(page, 'plan-change-preview-en-1280');
    await page.getByRole('button', { name: 'Confirm change' }).click();
    await page.getByText('Your plan has changed.').waitFor();
    await page.getByRole('button', { name: 'Back to billing' }).click();
    await page.waitForURL(pathIs('/billing'));
    await page.getByText('PREMIUM').first().waitFor();

    await page.getByRole('tab', { name: 'Payment History' }).click();
    await page.getByText('Standard → Premium').waitFor();
    assert.equal(new URL(page.url()).pathname, '/billing');
    await expectAccessible(page, 'payment history');
    await screenshot(page, 'payment-history-en-1280');
    const button = page.getByRole('button', { name: /^Download PDF FS-\d{4}-\d{6}$/ }).first();
    const name = (await button.textContent()) ?? '';
    const number = /FS-\d{4}-\d{6}/.exec(name)?.[0] ?? '';
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    assert.equal(download.suggestedFilename(), `${number}.pdf`);
    const bytes = await readFile((await download.path()) ?? '');
    assert.equal(bytes.subarray(0, 5).toString(), '%PDF-');
    assert.ok(pdfTextLines(bytes).includes(`Invoice ${number}`));
    // The first paid period's row: its net, the tax included with Spain's rate, and its total (docs/decisions/032).
    const standardRow = page.getByRole('row').filter({ hasText: 'Standard plan' });
    for (const figure of ['€11.56', '€2.43 (21%)', '€13.99']) await standardRow.getByRole('cell', { name: figure, exact: true }).waitFor();

    // The receipt's link opens Payment History at that invoice, marked, its download focused.
    await openMail(page, email, new RegExp(`receipt ${number}`));
    await page.getByRole('link', { name: 'Download the invoice' }).click();
    await page.waitForURL(pathIs('/billing'));
    const invoiceId = new URL(page.url()).searchParams.get('invoice') ?? '';
    assert.equal(new URL(page.url()).searchParams.get('tab'), 'history');
    const atInvoice = async () => {
      const marked = page.locator('tr[aria-current="true"]');
      await marked.getByText(number).waitFor();
      assert.equal(await marked.count(), 1);
      assert.equal(await page.getByRole('tab', { name: 'Payment History' }).getAttribute('aria-selected'), 'true');
      assert.equal(await page.evaluate(() => document.activeElement?.textContent ?? ''), `Download PDF ${number}`);
      assert.ok(await marked.evaluate((row) => row.getBoundingClientRect().bottom <= window.innerHeight && row.getBoundingClientRect().top >= 0), 'the invoice is in view');
    };
    await atInvoice();
    await expectAccessible(page, 'payment history at a receipt\'s invoice');
    await screenshot(page, 'payment-history-receipt-link-en-1280');
    // A receipt sent before the tab existed links to /billing/history: it lands on the same place.
    await page.goto(`/billing/history?invoice=${encodeURIComponent(invoiceId)}`);
    await page.waitForURL((url) => url.pathname === '/billing' && url.searchParams.get('invoice') === invoiceId);
    await atInvoice();
    await context.close();
  });

  test('downgrades at the renewal ("Changes to Basic on <date>") and undoes it', async ({ browser }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await payingStandard(page, 'downgrade', 'ES');
    await page.goto('/billing/plan');
    await page.getByRole('radio', { name: /basic/i }).check();
    await page.getByRole('button', { name: 'Review the change' }).click();
    await page.getByText(/nothing is charged now/).waitFor();
    await page.getByRole('button', { name: 'Confirm change' }).click();
    await page.getByText(/Your plan will change at the next renewal/).waitFor();
    await page.getByRole('button', { name: 'Back to billing' }).click();
    await page.waitForURL(pathIs('/billing'));
    await page.getByText(/^Changes to Basic on /).waitFor();
    await page.getByText('STANDARD').first().waitFor();
    await page.getByRole('link', { name: 'Change plan' }).click();
    await page.getByRole('button', { name: 'Undo the change' }).click();
    await page.getByText(/^Changes to Basic on /).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Back to billing' }).click();
    await page.waitForURL(pathIs('/billing'));
    assert.equal(await page.getByText(/^Changes to Basic on /).count(), 0);
    await context.close();
  });

  test('Undo beside "Changes to Basic" on Billing, confirmed on screen and by email; a resume is emailed too', async ({ browser }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const { email, token } = await payingStandard(page, 'undo-on-billing', 'ES');
    const headers = { authorization: `FitStream ${token}` };
    assert.equal((await page.request.post('/api/v1/payments/plan-change', { data: { plan: 'basic' }, headers })).status(), 200);
    await page.goto('/billing');
    const note = page.getByTestId('scheduled-change');
    await note.getByText(/^Changes to Basic on /).waitFor();
    await screenshot(page, 'billing-scheduled-change-undo-en-1280');
    await note.getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('status').getByText('Change undone: your plan stays as it is').waitFor();
    await page.getByText(/^Changes to Basic on /).waitFor({ state: 'detached' });
    await page.getByText('STANDARD').first().waitFor();
    await openMail(page, email, /Your plan stays Standard/);
    await page.getByText(/you stay on Standard/).first().waitFor();

    // Cancelled, then resumed: the inbox's "Your subscription is cancelled" is followed by "will renew".
    await page.goto('/billing');
    await page.getByRole('button', { name: /cancel subscription/i }).click();
    await page.getByRole('dialog', { name: 'Why are you cancelling?' }).getByRole('radio', { name: 'Another reason' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, cancel' }).click();
    await page.getByRole('button', { name: /resume subscription/i }).click();
    await page.getByRole('status').getByText('Your subscription will renew again').waitFor();
    await openMail(page, email, /Your subscription will renew/);
    await page.getByText(/Your subscription is no longer cancelled: it renews on /).first().waitFor();
    await context.close();
  });

  test('the new screens pass axe', { tag: EVERYWHERE }, async ({ browser, language, width, size }) => {
    const context = await newContext(browser, { viewport: size });
    const page = await context.newPage();
    await payingStandard(page, `axe-${language}-${width}`, 'ES');
    await storeLanguage(page, language);
    await page.goto('/billing/plan');
    await page.getByRole('radio').first().waitFor();
    await expectAccessible(page, `/billing/plan ${language} ${width}`);
    await screenshot(page, `plan-change-${language}-${width}`);
    await page.getByRole('radio').last().check();
    await page.locator('.billing-actions button').first().click();
    await page.locator('#plan-change-review').waitFor();
    await expectAccessible(page, `/billing/plan preview ${language} ${width}`);
    await screenshot(page, `plan-change-preview-${language}-${width}`);
    await page.goto('/billing?tab=history');
    await page.locator('table.rtable').waitFor();
    // Net, tax included (21 %) and total of the paid period, on the table's row or the phone's card.
    const figures = language === 'en' ? [/^€11\.56$/, /^€2\.43 \(21%\)$/, /^€13\.99$/] : [/^11,56\s€$/, /^2,43\s€\s\(21\s%\)$/, /^13,99\s€$/];
    for (const figure of figures) assert.ok(await page.getByText(figure).first().isVisible(), `${String(figure)} is shown`);
    await expectAccessible(page, `/billing Payment History ${language} ${width}`);
    await screenshot(page, `payment-history-${language}-${width}`);
    await context.close();
  });

  test('the sandbox pages (checkout, a refused card, the card page, the test clock) pass axe', { tag: EVERYWHERE }, async ({ browser, language, width, size }) => {
    const context = await newContext(browser, { viewport: size, locale: language === 'es' ? 'es-ES' : 'en-US' });
    const page = await context.newPage();
    const { email, token } = await signedIn(page, `sandbox-axe-${language}-${width}`);
    const headers = { authorization: `FitStream ${token}`, 'accept-language': language };
    const subscribe = await page.request.post('/api/v1/payments/subscribe', { data: { plan: 'standard' }, headers });
    await page.goto(((await subscribe.json()) as { url: string }).url);
    await page.locator('[name=card_number]').waitFor();
    await expectAccessible(page, `sandbox checkout ${language} ${width}`);
    await screenshot(page, `sandbox-checkout-${language}-${width}`);
    await payWithCard(page, { number: '4000 0000 0000 0002' });
    await page.locator('[role=alert]').waitFor();
    await expectAccessible(page, `sandbox card declined ${language} ${width}`);
    await screenshot(page, `sandbox-card-declined-${language}-${width}`);
    await payWithCard(page);
    await page.waitForURL(pathIs('/success'));

    const portal = await page.request.post('/api/v1/payments/portal', { headers });
    await page.goto(((await portal.json()) as { url: string }).url);
    await page.locator('[name=card_number]').waitFor();
    await expectAccessible(page, `sandbox card page ${language} ${width}`);
    await screenshot(page, `sandbox-portal-${language}-${width}`);

    await page.goto('/sandbox/clock');
    assert.equal(await page.evaluate(() => document.documentElement.lang), language);
    await expectAccessible(page, `sandbox clock ${language} ${width}`);
    await screenshot(page, `sandbox-clock-${language}-${width}`);
    await page.fill('#email', email);
    await page.locator('button[value=end_trial]').click();
    await page.locator('[role=status]').waitFor();
    await expectAccessible(page, `sandbox clock moved ${language} ${width}`);
    await screenshot(page, `sandbox-clock-done-${language}-${width}`);
    await context.close();
  });
});
