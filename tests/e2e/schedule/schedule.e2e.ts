// The schedule in a browser: the time zone asked once on /schedule, a class planned from its
// page (a day and a time), seen in the week, moved and removed; on /account the calendar link
// made, then fetched with no cookie (as a calendar app does) with the class's event in the
// account's time zone, and reminders switched on. axe and screenshots in en and es at 375 and
// 1280 px for each new screen.
import { test } from '../playwright-utils';
import assert from 'node:assert/strict';
import type { Page } from '@playwright/test';
import { baseUrl, captureStates, DESKTOP, expectAccessible, MOBILE, newContext, screenshot, signedIn, storeLanguage } from '../browser';

const ZONE = 'Europe/Madrid';

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.locator('.spinner').first().waitFor({ state: 'detached', timeout: 5_000 }).catch(() => {});
}

/** Screenshots and axe of the page as it is, in both languages at both widths. */
async function everyLanguageAndWidth(page: Page, name: string, ready: (page: Page) => Promise<void>): Promise<void> {
  const failures: string[] = [];
  for (const language of ['en', 'es'] as const) {
    await storeLanguage(page, language);
    for (const viewport of [MOBILE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.reload();
      await settle(page);
      await ready(page);
      await screenshot(page, `${name}-${language}-${viewport.width}`);
      await expectAccessible(page, `${name} (${language}, ${viewport.width} px)`).catch((error: Error) => failures.push(error.message));
    }
  }
  await storeLanguage(page, 'en');
  await page.setViewportSize(DESKTOP);
  await page.reload();
  await settle(page);
  assert.deepEqual(failures, []);
}

test.describe('schedule', () => {
  test('plans a class from its page, shows it in the week, moves it, serves it in the calendar feed and removes it', async ({ browser }) => {
    const context = await newContext(browser, { timezoneId: ZONE });
    const page = await context.newPage();
    const { token } = await signedIn(page, 'schedule');
    await storeLanguage(page, 'en');
    const list = await page.request.get('/api/v1/classes', { headers: { authorization: `FitStream ${token}` } });
    const klass = ((await list.json()) as { classes: { id: string; title: { en: string } }[] }).classes[0]!;
    const title = klass.title.en;

    // The first visit asks for the time zone, with the browser's chosen.
    await page.goto('/schedule');
    await page.getByRole('heading', { name: 'Your time zone' }).waitFor();
    assert.equal(await page.getByLabel('Time zone', { exact: true }).inputValue(), ZONE);
    // Named as people read it in the page's language, never by its identifier.
    const zoneName = () => page.locator('#schedule-zone-select option:checked').innerText();
    assert.match(await zoneName(), /^Madrid \(Central European.*\)$/);
    await storeLanguage(page, 'es');
    await page.reload();
    await page.locator('#schedule-zone-select').waitFor();
    assert.match(await zoneName(), /^Madrid \(hora .*Europa central\)$/);
    await storeLanguage(page, 'en');
    await page.reload();
    await page.locator('#schedule-zone-select').waitFor();
    await everyLanguageAndWidth(page, 'schedule-time-zone', (p) => p.locator('#schedule-zone-select').waitFor());
    await captureStates(page);
    await page.getByRole('button', { name: 'Save and show my week' }).click();
    await page.getByRole('heading', { name: /^Week of / }).waitFor();
    await everyLanguageAndWidth(page, 'schedule-empty-week', (p) => p.locator('.schedule__days').waitFor());

    // Add to schedule on the class page: today, at 07:30.
    await page.goto(`/classes/${klass.id}`);
    await page.getByRole('button', { name: 'Add to schedule' }).click();
    await page.getByLabel('Time (optional)').fill('07:30');
    await everyLanguageAndWidth(page, 'class-add-to-schedule', async (p) => {
      // A reload closes the form: open it again for the picture.
      if (await p.locator('#schedule-add-date').count()) return;
      await p.locator('.schedule-add button').first().click();
      await p.locator('#schedule-add-date').waitFor();
    });
    await page.getByRole('button', { name: 'Add to schedule' }).click();
    await page.getByLabel('Time (optional)').fill('07:30');
    await captureStates(page);
    await page.getByRole('button', { name: 'Add to my schedule' }).click();
    await page.getByText('The class is on your schedule.').waitFor();
    await captureStates(page);
    await page.getByRole('link', { name: 'Open my schedule' }).click();

    // In the week, on today.
    const today = page.locator('.schedule-day--today');
    await today.getByRole('link', { name: title }).waitFor();
    assert.match((await today.textContent()) ?? '', /07:30/);
    await everyLanguageAndWidth(page, 'schedule-week', (p) => p.locator('.schedule-item').first().waitFor());
    await captureStates(page);

    // Move it to 18:00 the same day.
    await page.getByRole('button', { name: `Move ${title}`, exact: true }).click();
    await page.getByLabel('Time (optional)').fill('18:00');
    await captureStates(page);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('The class has been moved.').waitFor();
    await today.getByText('18:00').waitFor();

    // The calendar link on /account, fetched with no cookie and no token.
    await page.goto('/account');
    await page.getByRole('heading', { name: 'Schedule and calendar' }).waitFor();
    await page.getByRole('button', { name: 'Get my calendar link' }).click();
    const link = await page.locator('#account-schedule-link').inputValue();
    assert.match(link, /\/api\/v1\/schedule\/feed\/[A-Za-z0-9_-]+\.ics$/);
    assert.equal(await page.getByRole('link', { name: 'Open in my calendar app' }).getAttribute('href'), link.replace(/^https?:/, 'webcal:'));
    const feed = await fetch(new URL(new URL(link).pathname, baseUrl));
    assert.equal(feed.status, 200);
    assert.match(feed.headers.get('content-type') ?? '', /^text\/calendar/);
    const body = await feed.text();
    assert.match(body, /BEGIN:VEVENT/);
    assert.match(body, new RegExp(`SUMMARY:${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').slice(0, 40)}`));
    assert.match(body, /DTSTART;TZID=Europe\/Madrid:\d{8}T180000/);
    assert.match(body, new RegExp(`URL;VALUE=URI:.*/classes/${klass.id}`));

    // Reminders on; a reset link ends the old one at once.
    // The switch shows what the server keeps: it turns on once the answer arrives.
    await page.getByLabel(/Email me a reminder/).click();
    await page.getByText('You will get a reminder email on the morning of each planned day.').first().waitFor();
    assert.equal(await page.getByLabel(/Email me a reminder/).isChecked(), true);
    await page.getByRole('button', { name: 'Reset link', exact: true }).click();
    await page.getByText('Your calendar link is ready.', { exact: false }).first().waitFor();
    assert.equal((await fetch(new URL(new URL(link).pathname, baseUrl))).status, 404);
    await everyLanguageAndWidth(page, 'account-schedule', (p) => p.locator('#account-schedule').waitFor());

    // Remove it from the week.
    await page.goto('/schedule');
    await page.getByRole('button', { name: `Remove ${title}`, exact: true }).click();
    await page.getByText('The class has been removed from your schedule.').waitFor();
    assert.equal(await page.locator('.schedule-item').count(), 0);
    await context.close();
  });
});
