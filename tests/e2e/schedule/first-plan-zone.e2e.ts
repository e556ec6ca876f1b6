// The time zone asked once, wherever the first class is planned (issue 40): planned from its page
// by an account that never opened /schedule, Save asks for the zone there (the browser's chosen),
// keeps it, and /schedule then shows the class in the week at once, asking nothing. axe and
// screenshots of the class page's form asking it, in en and es at 375 and 1280 px.
import assert from 'node:assert/strict';
import { test } from '../playwright-utils';
import { checkEverywhere, newContext, signedIn, storeLanguage } from '../browser';

const ZONE = 'America/Mexico_City';

test.describe('schedule, the first class planned', () => {
  test('planned from its page first, asks for the time zone there once, and /schedule shows the class at once', async ({ browser }) => {
    const context = await newContext(browser, { timezoneId: ZONE });
    const page = await context.newPage();
    const { token } = await signedIn(page, 'schedule-first-plan');
    await storeLanguage(page, 'en');
    const list = await page.request.get('/api/v1/classes', { headers: { authorization: `FitStream ${token}` } });
    const [first, second] = ((await list.json()) as { classes: { id: string; title: { en: string } }[] }).classes;

    await page.goto(`/classes/${first!.id}`);
    await page.getByRole('button', { name: 'Add to schedule' }).click();
    await page.getByRole('button', { name: 'Add to my schedule' }).click();
    // The first class planned: the zone is asked in the form, the browser's chosen.
    const zone = page.getByLabel('Your time zone', { exact: true });
    await zone.waitFor();
    assert.equal(await zone.inputValue(), ZONE);
    await checkEverywhere(page, 'class-add-to-schedule-zone', (p) => p.getByTestId('schedule-add-zone').waitFor());
    await page.getByRole('button', { name: 'Add to my schedule' }).click();
    await page.getByText('The class is on your schedule.').waitFor();
    await page.getByRole('link', { name: 'Open my schedule' }).click();

    // /schedule asks nothing: the class is in the week, in the zone kept.
    await page.locator('.schedule-day--today').getByRole('link', { name: first!.title.en }).waitFor();
    assert.equal(await page.getByRole('heading', { name: 'Your time zone' }).count(), 0);
    // Named as people read it, not by its identifier.
    await page.getByText(/^Days and times in Mexico City \(.+\)\.$/).waitFor();

    // Never asked again.
    await page.goto(`/classes/${second!.id}`);
    await page.getByRole('button', { name: 'Add to schedule' }).click();
    await page.getByRole('button', { name: 'Add to my schedule' }).click();
    await page.getByText('The class is on your schedule.').waitFor();
    assert.equal(await page.getByTestId('schedule-add-zone').count(), 0);
    await context.close();
  });
});
