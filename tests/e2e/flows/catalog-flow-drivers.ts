// Browser drivers for the classes flows (the catalog at /classes and one class at /classes/:id):
// one per state of each machine, reached through the UI against the real server and its
// seeded catalog (30 classes, 6 disciplines).
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { catalogMachine } from '@machines/catalog.machine';
import { classDetailMachine } from '@machines/class-detail.machine';
import { subscribedWithTrial } from './account-flow-drivers';
import { signedIn } from '../browser';
import { fail, hold, pathIs, type FlowDrivers } from './flow-driver';

/** The line that counts the classes found ("30 classes"). */
export const classCount = (page: Page) => page.locator('.catalog__count');

/** Signed in with no subscription, on the whole catalog. */
async function onCatalog(page: Page, label: string, search = ''): Promise<void> {
  await signedIn(page, label);
  await page.goto(`/classes${search}`);
  await classCount(page).waitFor();
}

export const catalogFlows: FlowDrivers[] = [
  {
    name: 'catalog',
    machine: catalogMachine,
    drivers: {
      loading: async (page) => {
        await signedIn(page, 'flow-catalog-load');
        const release = await hold(page, '/api/v1/classes');
        await page.goto('/classes');
        await page.getByRole('status').getByText('Loading classes…').waitFor({ state: 'attached' });
        await release();
      },
      'browsing.idle': async (page) => {
        await onCatalog(page, 'flow-catalog');
        assert.equal(await classCount(page).textContent(), '30 classes');
        assert.equal(await page.locator('.class-grid > li').count(), 20);
      },
      'browsing.loadingMore': async (page) => {
        await onCatalog(page, 'flow-catalog-more');
        const release = await hold(page, '/api/v1/classes?cursor');
        await page.getByRole('button', { name: 'Show more' }).click();
        await page.getByRole('button', { name: 'Loading more…' }).waitFor();
        await release();
        await page.getByText('Showing 30 of 30').waitFor();
      },
      'browsing.moreFailed': async (page) => {
        await onCatalog(page, 'flow-catalog-more-fail');
        await fail(page, '/api/v1/classes?cursor', 503, 'The next classes are resting');
        await page.getByRole('button', { name: 'Show more' }).click();
        await page.getByRole('alert').getByText('The next classes are resting').waitFor();
        assert.equal(await page.locator('.class-grid > li').count(), 20);
      },
      empty: async (page) => {
        await onCatalog(page, 'flow-catalog-empty');
        await page.getByRole('searchbox', { name: 'Search classes' }).fill('zzzz');
        await page.getByRole('button', { name: 'Search', exact: true }).click();
        await page.getByRole('heading', { name: 'No classes match' }).waitFor();
      },
      failed: async (page) => {
        await signedIn(page, 'flow-catalog-fail');
        await page.goto('/classes?discipline=no-such-discipline');
        await page.getByRole('heading', { name: 'The classes could not be loaded' }).waitFor();
        await page.getByRole('button', { name: 'Try again' }).waitFor();
      },
      abandoned: async (page) => {
        await signedIn(page, 'flow-catalog-401');
        await fail(page, '/api/v1/classes', 401, 'Signed out');
        await fail(page, '/api/v1/refresh', 401, 'Signed out');
        await page.goto('/classes');
        await page.waitForURL(pathIs('/login'));
      },
    },
  },
  {
    name: 'class-detail',
    machine: classDetailMachine,
    drivers: {
      loading: async (page) => {
        await signedIn(page, 'flow-class-load');
        const release = await hold(page, '/api/v1/classes/tabata-burn');
        await page.goto('/classes/tabata-burn');
        await page.getByRole('status').getByText('Loading the class…').waitFor({ state: 'attached' });
        await release();
      },
      playable: async (page) => {
        await subscribedWithTrial(page, 'flow-class-play');
        await page.goto('/classes/tabata-burn');
        const play = page.getByRole('link', { name: 'Play' });
        await play.waitFor();
        assert.equal(await play.getAttribute('href'), '/watch/tabata-burn');
      },
      locked: async (page) => {
        await signedIn(page, 'flow-class-locked');
        await page.goto('/classes/tabata-burn');
        const choose = page.getByRole('link', { name: 'Choose a plan to start watching' });
        await choose.waitFor();
        assert.equal(await choose.getAttribute('href'), '/pricing');
      },
      notFound: async (page) => {
        await signedIn(page, 'flow-class-404');
        await page.goto('/classes/no-such-class');
        await page.getByRole('heading', { name: 'This class is not in the catalog' }).waitFor();
      },
      failed: async (page) => {
        await signedIn(page, 'flow-class-fail');
        await fail(page, '/api/v1/classes/tabata-burn', 503, 'Classes are resting');
        await page.goto('/classes/tabata-burn');
        await page.getByRole('alert').getByText('Classes are resting').waitFor();
      },
      abandoned: async (page) => {
        await signedIn(page, 'flow-class-401');
        await fail(page, '/api/v1/classes/tabata-burn', 401, 'Signed out');
        await fail(page, '/api/v1/refresh', 401, 'Signed out');
        await page.goto('/classes/tabata-burn');
        await page.waitForURL(pathIs('/login'));
      },
    },
  },
];
