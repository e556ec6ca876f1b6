// Household profiles in Chromium against the real server (decision 064): two people on one
// Premium account, the owner on a laptop and Leo on a phone, each save a different class and
// complete a different one, and neither sees the other's; Leo's profile cannot open Billing;
// "Who's training?" and /account's Profiles pass axe in English and Spanish at 375 and 1280 px.
import assert from 'node:assert/strict';
import { test } from '../playwright-utils';
import type { Page } from '@playwright/test';
import { captureStates, checkEverywhere, newContext, signInThroughForm } from '../browser';

interface ClassCard {
  id: string;
  title: { en: string };
  durationSeconds: number;
}

/** The access token the app holds now (the session it persisted). */
const tokenOf = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('fitstream.session') ?? '{}') as { user?: { token?: string } }).user?.token ?? '');

/** Saves the class from its page, as a person would. */
async function save(page: Page, card: ClassCard): Promise<void> {
  await page.goto(`/classes/${card.id}`);
  const button = page.locator('.class-detail').getByRole('button', { name: /^save/i });
  await button.waitFor();
  const saved = page.waitForResponse((r) => r.url().includes(`/api/v1/favourites/${card.id}`) && r.request().method() === 'PUT' && r.ok());
  await button.click();
  await saved;
}

/** What the player reports at a class's end (it crosses 90 %): the class is completed for whoever is training. */
async function complete(page: Page, card: ClassCard): Promise<void> {
  const answer = await page.request.put(`/api/v1/playback/progress/${card.id}`, {
    headers: { authorization: `FitStream ${await tokenOf(page)}` },
    data: { position_seconds: card.durationSeconds },
  });
  assert.equal(answer.status(), 200, await answer.text());
  assert.equal(((await answer.json()) as { progress: { completed: boolean } }).progress.completed, true);
}

/** The titles on /classes?list=mine and in /activity's history. */
async function ownLists(page: Page): Promise<{ saved: string[]; completed: string[] }> {
  await page.goto('/classes?list=mine');
  await page.locator('article.class-card').first().waitFor();
  const saved = await page.locator('article.class-card h3, article.class-card h2').allInnerTexts();
  await page.goto('/activity');
  const history = page.getByRole('region', { name: /completed classes/i });
  await history.getByRole('link').first().waitFor();
  const completed = await history.getByRole('link').allInnerTexts();
  return { saved: saved.map((title) => title.trim()), completed: completed.map((title) => title.trim()) };
}

test.describe('household profiles', () => {
  test('two profiles on one Premium account keep their own favourites and activity, and only the owner opens Billing', async ({ browser, subscriber }) => {
    test.setTimeout(240_000);
    const owner = await subscriber({ label: 'household', plan: 'premium' });
    const api = owner.page.request;
    const auth = { authorization: `FitStream ${owner.token}` };
    const added = await api.post('/api/v1/profiles', { headers: auth, data: { name: 'Leo', language: 'en' } });
    assert.equal(added.status(), 201, await added.text());
    const listed = (await (await api.get('/api/v1/classes?limit=2', { headers: auth })).json()) as { classes: ClassCard[] };
    const [yours, leos] = listed.classes;
    assert.ok(yours && leos);

    // The owner's Profiles section on /account lists both.
    await owner.page.goto('/account#profiles');
    const section = owner.page.locator('section#profiles');
    await section.getByText('Leo').waitFor();
    await checkEverywhere(owner.page, 'account-profiles', (page) => page.locator('section#profiles').getByText('Leo').waitFor());
    await captureStates(owner.page);

    // A phone signs in to the household: "Who's training?", then Leo.
    const phoneContext = await newContext(browser);
    const phone = await phoneContext.newPage();
    await signInThroughForm(phone, owner.email);
    await phone.getByRole('heading', { level: 1, name: /who's training\?/i }).waitFor();
    await checkEverywhere(phone, 'profiles-picker', (page) => page.getByRole('button', { name: 'Leo' }).waitFor());
    await captureStates(phone);
    await phone.getByRole('button', { name: 'Leo' }).click();
    await phone.waitForURL((url) => url.pathname === '/home');

    await save(owner.page, yours);
    await save(phone, leos);
    await complete(owner.page, yours);
    await complete(phone, leos);

    const ownerLists = await ownLists(owner.page);
    const leoLists = await ownLists(phone);
    assert.deepEqual(ownerLists, { saved: [yours.title.en], completed: [yours.title.en] });
    assert.deepEqual(leoLists, { saved: [leos.title.en], completed: [leos.title.en] });

    // Leo's account menu has no Billing or Account, and /billing sends Leo home.
    await phone.goto('/home');
    await phone.getByRole('button', { name: /your account/i }).click();
    await phone.getByRole('link', { name: /switch profile/i }).waitFor();
    assert.equal(await phone.getByRole('link', { name: /billing & subscriptions/i }).count(), 0);
    await phone.goto('/billing');
    await phone.waitForURL((url) => url.pathname === '/home');
    const refused = await phone.request.post('/api/v1/payments/subscriptions', { headers: { authorization: `FitStream ${await tokenOf(phone)}` } });
    assert.equal(refused.status(), 403);
    await phoneContext.close();
  });
});
