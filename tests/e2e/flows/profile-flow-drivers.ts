// Browser drivers for household profiles (decision 064): "Who's training?" (/profiles) and
// /account's Profiles section, one per state of each machine, reached through the UI against the
// real server; a held request keeps a waiting state on screen, an injected failure a failed one.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { accountProfilesMachine } from '@machines/account-profiles.machine';
import { profilePickerMachine } from '@machines/profile-picker.machine';
import { profileSettingsMachine } from '@machines/profile-settings.machine';
import { PASSWORD, signedIn } from '../browser';
import { fail, hold, pathIs, type Driver, type FlowDrivers } from './flow-driver';

const AVATAR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/avatar.png');

/** A new account signed in on its owner's profile, with a second profile, Leo (with a PIN when given). */
async function household(page: Page, label: string, pin?: string): Promise<void> {
  const { token } = await signedIn(page, label);
  const headers = { authorization: `FitStream ${token}` };
  const added = await page.request.post('/api/v1/profiles', { headers, data: { name: 'Leo', language: 'es' } });
  if (added.status() !== 201) throw new Error(`adding Leo answered ${added.status()}: ${await added.text()}`);
  if (!pin) return;
  const { profile } = (await added.json()) as { profile: { id: string } };
  const pinned = await page.request.put(`/api/v1/profiles/${profile.id}/pin`, { headers, data: { pin, password: PASSWORD } });
  if (!pinned.ok()) throw new Error(`Leo's PIN answered ${pinned.status()}: ${await pinned.text()}`);
}

/** On "Who's training?" with both profiles listed. */
async function picking(page: Page, label: string, pin?: string): Promise<void> {
  await household(page, label, pin);
  await page.goto('/profiles');
  await page.getByRole('button', { name: 'Leo' }).waitFor();
}

/** Leo's PIN asked. */
async function askingPin(page: Page, label: string): Promise<void> {
  await picking(page, label, '2468');
  await page.getByRole('button', { name: 'Leo' }).click();
  await page.getByLabel('PIN (4 digits)').waitFor();
}

/** Leo chosen on this device, on his own /settings. */
async function memberSettings(page: Page, label: string): Promise<ReturnType<Page['locator']>> {
  await picking(page, label);
  await page.getByRole('button', { name: 'Leo' }).click();
  await page.waitForURL(pathIs('/home'));
  await page.goto('/settings');
  const newClasses = page.locator('section', { has: page.getByRole('heading', { name: /^(new classes|clases nuevas)$/i }) });
  await newClasses.getByRole('checkbox').waitFor();
  return newClasses;
}

/** On /account with the Profiles section listing the household. */
async function onProfiles(page: Page, label: string, pin?: string): Promise<ReturnType<Page['locator']>> {
  await household(page, label, pin);
  await page.goto('/account#profiles');
  const section = page.locator('section#profiles');
  await section.getByText('Leo').waitFor();
  await section.scrollIntoViewIfNeeded();
  return section;
}

/** The add form open, a name typed. */
async function addFormFilled(page: Page, label: string): Promise<ReturnType<Page['locator']>> {
  const section = await onProfiles(page, label);
  await section.getByRole('button', { name: 'Add profile' }).click();
  await section.getByLabel('Name').fill('Mia');
  return section;
}

/** Leo's edit form open, a new name typed. */
async function editFormFilled(page: Page, label: string): Promise<ReturnType<Page['locator']>> {
  const section = await onProfiles(page, label);
  await section.getByRole('button', { name: 'Edit Leo' }).click();
  await section.getByLabel('Name').fill('Leonardo');
  return section;
}

/** A picture picked in the open form: it goes up at once. */
const pickPicture = (page: Page) => page.locator('section#profiles input[type=file]').setInputFiles(AVATAR);

/** A request to `part` held while `act` causes it: the state waiting for it is photographed, then it goes on. */
function heldWhile(prepare: (page: Page) => Promise<void>, part: string, act: (page: Page) => Promise<void>): Driver {
  return async (page) => {
    await prepare(page);
    const release = await hold(page, part);
    await act(page);
    await release.seen();
    await release();
  };
}

export const profileFlows: FlowDrivers[] = [
  {
    name: 'profile-picker',
    machine: profilePickerMachine,
    drivers: {
      loading: heldWhile(
        (page) => household(page, 'flow-picker-load'),
        '/api/v1/profiles',
        (page) => page.goto('/profiles').then(() => page.getByRole('status').getByText('Loading the profiles…').waitFor({ state: 'attached' })),
      ),
      failed: async (page) => {
        await household(page, 'flow-picker-fail');
        await fail(page, '/api/v1/profiles', 503, 'Profiles are resting');
        await page.goto('/profiles');
        await page.getByRole('heading', { name: 'The profiles could not be loaded' }).waitFor();
        await page.getByText('Profiles are resting').waitFor();
      },
      picking: async (page) => {
        await picking(page, 'flow-picker');
        await page.getByRole('link', { name: 'Manage profiles' }).waitFor();
      },
      askingPin: (page) => askingPin(page, 'flow-picker-pin'),
      choosing: async (page) => {
        await picking(page, 'flow-picker-choosing');
        const release = await hold(page, '/choose');
        await page.getByRole('button', { name: 'Leo' }).click();
        await release.seen();
        await page.getByText('Opening the profile…').waitFor({ state: 'attached' });
        await release();
        await page.waitForURL(pathIs('/home'));
      },
      pinLocked: async (page) => {
        await askingPin(page, 'flow-picker-locked');
        // Five wrong PINs lock the profile for 15 minutes (the fifth answers that it is locked).
        for (let attempt = 0; attempt < 5; attempt += 1) {
          await page.getByLabel('PIN (4 digits)').fill('1111');
          await page.getByRole('button', { name: 'Continue' }).click();
          if (attempt < 4) await page.getByText(new RegExp(`that pin is not right\\. ${4 - attempt} tr(y|ies) left`, 'i')).waitFor();
        }
        await page.getByRole('button', { name: 'Choose another profile' }).waitFor();
        await page.getByText(/too many wrong pins/i).waitFor();
      },
      chooseFailed: async (page) => {
        await picking(page, 'flow-picker-choose-fail');
        await fail(page, '/choose', 503, 'Profiles are resting');
        await page.getByRole('button', { name: 'Leo' }).click();
        await page.getByRole('heading', { name: 'The profile could not be opened' }).waitFor();
        await page.getByRole('button', { name: 'Try again' }).waitFor();
      },
      chosen: async (page) => {
        await askingPin(page, 'flow-picker-chosen');
        await page.getByLabel('PIN (4 digits)').fill('2468');
        await page.getByRole('button', { name: 'Continue' }).click();
        await page.waitForURL(pathIs('/home'));
        // Leo's language is spoken at once.
        await page.locator('html[lang="es"]').waitFor({ state: 'attached' });
      },
      abandoned: async (page) => {
        await household(page, 'flow-picker-401');
        await fail(page, '/api/v1/profiles', 401, 'Signed out');
        await fail(page, '/api/v1/refresh', 401, 'Signed out');
        await page.goto('/profiles');
        await page.waitForURL(pathIs('/login'));
      },
    },
  },
  {
    name: 'account-profiles',
    machine: accountProfilesMachine,
    drivers: {
      loading: heldWhile(
        (page) => household(page, 'flow-profiles-load'),
        '/api/v1/profiles',
        (page) => page.goto('/account').then(() => page.locator('section#profiles').waitFor()),
      ),
      unavailable: async (page) => {
        await household(page, 'flow-profiles-fail');
        await fail(page, '/api/v1/profiles', 503, 'Profiles are resting');
        await page.goto('/account');
        const section = page.locator('section#profiles');
        await section.getByText('Your profiles could not be loaded.').waitFor();
        await section.getByRole('button', { name: 'Try again' }).waitFor();
      },
      'ready.idle': async (page) => {
        const section = await onProfiles(page, 'flow-profiles', '2468');
        await section.getByText('Owner').waitFor();
        await section.getByRole('button', { name: 'Change PIN of Leo' }).waitFor();
      },
      'ready.adding.form': async (page) => {
        const section = await addFormFilled(page, 'flow-profiles-add');
        await section.getByRole('heading', { name: 'Add a profile' }).waitFor();
      },
      'ready.adding.uploading': heldWhile(
        (page) => addFormFilled(page, 'flow-profiles-add-upload').then(() => undefined),
        '/api/v1/uploads',
        pickPicture,
      ),
      'ready.adding.saving': async (page) => {
        const section = await addFormFilled(page, 'flow-profiles-add-save');
        const release = await hold(page, '/api/v1/profiles');
        await section.getByRole('button', { name: 'Add profile' }).click();
        await release.seen();
        await release();
        await section.getByText('Mia').waitFor();
      },
      'ready.editing.form': async (page) => {
        const section = await editFormFilled(page, 'flow-profiles-edit');
        await section.getByRole('heading', { name: 'Edit Leo' }).waitFor();
      },
      'ready.editing.uploading': heldWhile(
        (page) => editFormFilled(page, 'flow-profiles-edit-upload').then(() => undefined),
        '/api/v1/uploads',
        pickPicture,
      ),
      'ready.editing.saving': async (page) => {
        const section = await editFormFilled(page, 'flow-profiles-edit-save');
        const release = await hold(page, '/api/v1/profiles/');
        await section.getByRole('button', { name: 'Save profile' }).click();
        await release.seen();
        await release();
        await section.getByText('Leonardo').waitFor();
      },
      'ready.pinning.form': async (page) => {
        const section = await onProfiles(page, 'flow-profiles-pin');
        await section.getByRole('button', { name: 'Set PIN for Leo' }).click();
        await section.getByLabel('New PIN (4 digits)').fill('1357');
      },
      'ready.pinning.saving': async (page) => {
        const section = await onProfiles(page, 'flow-profiles-pin-save');
        await section.getByRole('button', { name: 'Set PIN for Leo' }).click();
        await section.getByLabel('New PIN (4 digits)').fill('1357');
        await section.getByLabel('Your account password').fill(PASSWORD);
        const release = await hold(page, '/pin');
        await section.getByRole('button', { name: 'Save PIN' }).click();
        await release.seen();
        await release();
        await section.getByRole('button', { name: 'Change PIN of Leo' }).waitFor();
      },
      'ready.confirmingDelete': async (page) => {
        const section = await onProfiles(page, 'flow-profiles-delete');
        await section.getByRole('button', { name: 'Delete Leo' }).click();
        await page.getByRole('alertdialog', { name: 'Delete Leo’s profile?' }).waitFor();
      },
      'ready.deleting': async (page) => {
        const section = await onProfiles(page, 'flow-profiles-deleting');
        await section.getByRole('button', { name: 'Delete Leo' }).click();
        const dialog = page.getByRole('alertdialog', { name: 'Delete Leo’s profile?' });
        const release = await hold(page, '/api/v1/profiles/');
        await dialog.getByRole('button', { name: 'Delete profile' }).click();
        await release.seen();
        await release();
        await dialog.waitFor({ state: 'detached' });
        await section.getByRole('button', { name: 'Edit Leo' }).waitFor({ state: 'detached' });
      },
    },
  },
  {
    name: 'profile-settings',
    machine: profileSettingsMachine,
    drivers: {
      idle: async (page) => {
        await memberSettings(page, 'flow-settings');
        await page.getByRole('heading', { level: 1 }).waitFor();
      },
      showingNotice: async (page) => {
        const newClasses = await memberSettings(page, 'flow-settings-saved');
        await newClasses.getByRole('checkbox').check();
        await newClasses.getByRole('button', { name: /^(save notifications|guardar avisos)$/i }).click();
        await newClasses.getByRole('status').or(newClasses.getByRole('alert')).first().waitFor();
      },
    },
  },
];
