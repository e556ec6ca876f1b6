// The flows site as a product owner opens it: from disk (file://, no server, no network), axe
// finds no serious or critical violation on the index or a machine page, the chart is drawn,
// and selecting a state in it opens that state with its four screenshot slots (an arrow's label,
// that transition).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from '../playwright-utils';
import { findMachines } from '../../../scripts/flow-model/machines';
import { buildFlowSite } from '../../../scripts/flow-model/site';
import { expectAccessible, newContext } from '../browser';

test.describe('the flows site', () => {
  let outDir: string;
  test.beforeAll(async () => {
    outDir = mkdtempSync(path.join(os.tmpdir(), 'fitstream-flow-site-'));
    buildFlowSite(await findMachines(), { outDir });
  });
  test.afterAll(async () => {
    rmSync(outDir, { recursive: true, force: true });
  });

  test('opens from disk, passes axe, and opens a state or transition selected in the chart', async ({ browser }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith('file:') && !request.url().startsWith('data:')) requests.push(request.url());
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await page.goto(pathToFileURL(path.join(outDir, 'index.html')).href);
      await page.getByRole('table', { name: 'Machines' }).waitFor();
      await expectAccessible(page, 'the flows site index');
      await page.getByRole('link', { name: 'billing', exact: true }).click();
      await page.locator('body[data-chart=drawn]').waitFor();
      await expectAccessible(page, 'the billing flow page');
      await page.getByRole('button', { name: /^idle \(ready\.idle\)/ }).click();
      const state = page.locator('details#state-ready_idle');
      assert.equal(await state.getAttribute('open'), '');
      assert.equal(await state.locator('figure.shot').count(), 4);
      await page.getByRole('button', { name: /^notice\.dismiss: ready\.showingNotice / }).click();
      const transition = page.locator('details.transition[open]');
      assert.equal(await transition.count(), 1);
      assert.match(await transition.locator(':scope > summary').innerText(), /^ready\.showingNotice --notice\.dismiss--> ready\.idle$/);
      assert.deepEqual(requests, [], 'the site fetched something from outside the disk');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
