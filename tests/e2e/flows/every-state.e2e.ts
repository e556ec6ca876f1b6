// The model's states in the browser: for each flow a subscriber sees, reach every state of its
// machine through the UI with the drivers (shortest route there, against the real server; a held
// or failed request where the state only exists while waiting or failing) and check what the
// screen shows. The list of states comes from the machines, so a new state without a driver fails.
// Where a driver stops, the states the page is in are photographed for the flows site.
import assert from 'node:assert/strict';
import { test } from '../playwright-utils';
import type { Browser, BrowserContext } from '@playwright/test';
import { statesOf } from '../../../scripts/flow-model/machine-graph';
import { accountFlows } from './account-flow-drivers';
import { accountSectionFlows } from './account-section-drivers';
import { billingFlows } from './billing-flow-drivers';
import { cancelFlowFlows } from './cancel-flow-drivers';
import { baseUrl, captureStates, newContext } from '../browser';
import { catalogFlows } from './catalog-flow-drivers';
import { downloadsFlows } from './downloads-flow-drivers';
import { entryFlows } from './entry-flow-drivers';
import { profileFlows } from './profile-flow-drivers';

const flows = [...entryFlows, ...accountFlows, ...billingFlows, ...cancelFlowFlows, ...accountSectionFlows, ...catalogFlows, ...downloadsFlows, ...profileFlows];

/**
 * A browser whose visitor moves the pointer as soon as each page has loaded: a pre-rendered public
 * page starts its app at the first move (decision 048), and these states are the running app's.
 */
async function movingContext(browser: Browser): Promise<BrowserContext> {
  const context = await newContext(browser);
  await context.addInitScript({ content: "addEventListener('DOMContentLoaded', () => dispatchEvent(new Event('pointermove')));" });
  return context;
}

test.describe('every state of every subscriber flow, in the browser', () => {
  test('reads the states from the running actors only where the suite asked for the probe', async ({ browser }) => {
    const probed = await movingContext(browser);
    const page = await probed.newPage();
    await page.goto('/');
    await page.waitForFunction(() => window.__fitstreamStates?.().some((a) => a.machine === 'landing'));
    const states = await page.evaluate(() => window.__fitstreamStates!());
    assert.ok(states.some((a) => a.machine === 'session' && a.states.length === 1));
    await probed.close();
    // A visitor's browser: no probe script is fetched and nothing is exposed.
    const visitor = await browser.newContext({ baseURL: baseUrl });
    const plain = await visitor.newPage();
    const scripts: string[] = [];
    plain.on('request', (request) => scripts.push(request.url()));
    await plain.goto('/');
    await plain.getByRole('link', { name: /sign in/i }).first().waitFor();
    assert.equal(await plain.evaluate(() => typeof window.__fitstreamStates), 'undefined');
    assert.deepEqual(scripts.filter((url) => url.includes('state-probe')), []);
    await visitor.close();
  });

  for (const flow of flows) {
    test.describe(flow.name, () => {
      const states = statesOf(flow.machine as never).filter((s) => s.type === 'atomic' || s.type === 'final');
      test('has a browser route to every state of the machine', () => {
        const missing = states.map((s) => s.path).filter((p) => !flow.drivers[p]);
        assert.deepEqual(missing, [], `states of ${flow.name} with no browser route`);
      });
      for (const state of states) {
        const driver = flow.drivers[state.path];
        if (!driver) continue;
        test(`reaches ${state.path}`, async ({ browser }) => {
          const context = await movingContext(browser);
          const page = await context.newPage();
          try {
            await driver(page);
            await captureStates(page);
          } finally {
            await context.close();
          }
        });
      }
    });
  }
});
