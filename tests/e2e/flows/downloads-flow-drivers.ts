// Browser drivers for /downloads (machines/downloads.machine.ts): one per state, reached through
// the UI against the real server. The list is this device's own (IndexedDB): a driver that needs a
// download stores its record the way the app does (flow-driver.ts), and one that needs the list read to wait holds
// the browser's storage estimate, which the read waits for beside the records.
import assert from 'node:assert/strict';
import { downloadsMachine } from '@machines/downloads.machine';
import { signedIn } from '../browser';
import { hold, storeDownload, type FlowDrivers } from './flow-driver';

const devicesPath = '/api/v1/downloads/licences';
const EMPTY = 'Nothing is downloaded on this device yet.';

export const downloadsFlows: FlowDrivers[] = [
  {
    name: 'downloads',
    machine: downloadsMachine,
    drivers: {
      loading: async (page) => {
        await signedIn(page, 'flow-downloads-load');
        // The storage estimate answers only when released: the list's read waits for it.
        await page.addInitScript({
          content: `const estimate = navigator.storage.estimate.bind(navigator.storage);
            navigator.storage.estimate = () => new Promise((resolve) => { window.__releaseEstimate = () => resolve(estimate()); });`,
        });
        await page.goto('/downloads');
        await page.getByRole('status').getByText('Loading your downloads…').waitFor({ state: 'attached' });
        await page.waitForFunction(() => typeof (window as unknown as { __releaseEstimate?: () => void }).__releaseEstimate === 'function');
        await page.evaluate(() => (window as unknown as { __releaseEstimate: () => void }).__releaseEstimate());
        await page.getByText(EMPTY, { exact: false }).waitFor();
      },
      'showing.counting': async (page) => {
        const { token } = await signedIn(page, 'flow-downloads-counting');
        await storeDownload(page, token);
        const release = await hold(page, devicesPath);
        await page.goto('/downloads');
        // The list is there while the devices are still being counted.
        await page.getByTestId('download-item').getByRole('heading', { name: 'Sunrise Vinyasa Flow' }).waitFor();
        assert.equal(await page.getByTestId('downloads-devices').count(), 0);
        await release();
        await page.getByTestId('downloads-devices').waitFor();
      },
      'showing.counted': async (page) => {
        await signedIn(page, 'flow-downloads-counted');
        await page.goto('/downloads');
        await page.getByText(EMPTY, { exact: false }).waitFor();
        // Signed in without a plan: no download devices, and where they come from.
        assert.equal(await page.getByTestId('downloads-devices').innerText(), 'Downloads come with a plan: every plan lets you keep classes on at least one device. Choose a plan');
      },
      deleting: async (page) => {
        const { token } = await signedIn(page, 'flow-downloads-delete');
        await storeDownload(page, token);
        await page.goto('/downloads');
        const item = page.getByTestId('download-item');
        await page.getByTestId('downloads-devices').waitFor();
        const release = await hold(page, `${devicesPath}/`);
        await item.getByRole('button', { name: 'Delete Sunrise Vinyasa Flow' }).click();
        await item.getByRole('button', { name: 'Delete Sunrise Vinyasa Flow' }).and(page.locator(':disabled')).waitFor();
        await release();
        await page.getByText(EMPTY, { exact: false }).waitFor();
      },
    },
  },
];
