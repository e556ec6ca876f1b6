// A member profile's own settings in Chromium against the real server (issue 41, decision 064):
// the owner adds Leo (by API), a phone chooses Leo, opens Settings from the account menu, turns on
// new-class notifications and switches the language to Spanish, which the app speaks at once; the
// owner's language and notifications stay as they were (read by API). /settings passes axe in
// English and Spanish at 375 and 1280 px.
import assert from 'node:assert/strict';
import { test } from '../playwright-utils';
import type { Page } from '@playwright/test';
import { checkEverywhere, newContext, signInThroughForm } from '../browser';

/** The access token the app holds now (the session it persisted). */
const tokenOf = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('fitstream.session') ?? '{}') as { user?: { token?: string } }).user?.token ?? '');

test.describe('a member profile\'s settings', () => {
  test('Leo turns new-class notifications on and speaks Spanish; the owner keeps theirs', async ({ browser, subscriber }) => {
    test.setTimeout(240_000);
    const owner = await subscriber({ label: 'member-settings', plan: 'premium' });
    const api = owner.page.request;
    const auth = { authorization: `FitStream ${owner.token}` };
    const added = await api.post('/api/v1/profiles', { headers: auth, data: { name: 'Leo', language: 'en' } });
    assert.equal(added.status(), 201, await added.text());
    const leoId = ((await added.json()) as { profile: { id: string } }).profile.id;
    const ownerNotifications = async () => ((await (await api.get('/api/v1/account/notifications', { headers: auth })).json()) as { notifications: { enabled: boolean } }).notifications.enabled;
    const ownerLanguageBefore = ((await (await api.get('/api/v1/account', { headers: auth })).json()) as { account: { language: string } }).account.language;
    assert.equal(await ownerNotifications(), false);

    // A phone signs in to the household and chooses Leo.
    const phoneContext = await newContext(browser);
    const phone = await phoneContext.newPage();
    await signInThroughForm(phone, owner.email);
    await phone.getByRole('button', { name: 'Leo' }).click();
    await phone.waitForURL((url) => url.pathname === '/home');

    // Leo's account menu has Settings (and no Account). A page loaded afresh: a route change
    // moves focus to the new page's heading once it shows, which would close a menu opened before.
    await phone.goto('/home');
    await phone.locator('.home-row__header').first().waitFor();
    await phone.getByRole('button', { name: 'Your account' }).click();
    const settingsLink = phone.getByRole('link', { name: 'Settings', exact: true });
    await settingsLink.waitFor();
    await settingsLink.click();
    await phone.waitForURL((url) => url.pathname === '/settings');
    await phone.getByRole('heading', { level: 1, name: 'Your settings' }).waitFor();
    assert.equal(await phone.getByRole('link', { name: 'Account', exact: true }).count(), 0);
    const newClasses = phone.locator('section', { has: phone.getByRole('heading', { name: 'New classes' }) });
    await newClasses.getByRole('checkbox', { name: 'Tell me when new classes arrive' }).waitFor();
    await checkEverywhere(phone, 'member-settings', (page) => page.locator('#notifications-enabled').waitFor());

    // New-class notifications on.
    await newClasses.getByRole('checkbox', { name: 'Tell me when new classes arrive' }).check();
    const savedNotifications = phone.waitForResponse((r) => r.url().endsWith('/api/v1/account/notifications') && r.request().method() === 'PUT' && r.ok());
    await newClasses.getByRole('button', { name: 'Save notifications' }).click();
    await savedNotifications;
    await newClasses.getByText('Your new-class notifications have been saved.').waitFor();

    // Spanish, spoken at once.
    const savedLanguage = phone.waitForResponse((r) => r.url().endsWith('/api/v1/account/language') && r.request().method() === 'PUT' && r.ok());
    await phone.getByRole('combobox', { name: 'Language of the app and of our emails' }).selectOption('es');
    await savedLanguage;
    await phone.getByRole('heading', { level: 1, name: 'Tus ajustes' }).waitFor();
    assert.equal(await phone.evaluate(() => document.documentElement.lang), 'es');

    // Leo's, by Leo's token: notifications on.
    const leoAuth = { authorization: `FitStream ${await tokenOf(phone)}` };
    const leoNotifications = (await (await phone.request.get('/api/v1/account/notifications', { headers: leoAuth })).json()) as { notifications: { enabled: boolean } };
    assert.equal(leoNotifications.notifications.enabled, true);
    // Leo speaks Spanish; the owner's language and notifications are as they were.
    const listed = (await (await api.get('/api/v1/profiles', { headers: auth })).json()) as { profiles: { id: string; language: string; owner: boolean }[] };
    assert.equal(listed.profiles.find((profile) => profile.id === leoId)?.language, 'es');
    assert.equal(listed.profiles.find((profile) => profile.owner)?.language, ownerLanguageBefore);
    const ownerAccount = (await (await api.get('/api/v1/account', { headers: auth })).json()) as { account: { language: string } };
    assert.equal(ownerAccount.account.language, ownerLanguageBefore);
    assert.equal(await ownerNotifications(), false);

    // The owner opening /settings is on /account, where the owner's settings are.
    await owner.page.goto('/settings');
    await owner.page.waitForURL((url) => url.pathname === '/account');
    await phoneContext.close();
  });
});
