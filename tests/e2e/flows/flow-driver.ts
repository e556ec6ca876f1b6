// What a flow's browser driver is, and how drivers keep a state on screen that only exists while
// waiting or failing: a request held until released, or answered with a failure by the page itself;
// and a download stored on the device the way the app keeps one, for the drivers that need one.
import type { Page, Route } from 'playwright-core';
import { accountOf } from '@domain/session-user';
import { captureStates } from '../browser';

/** Takes a fresh page to one state of a machine through the UI and checks what the screen shows. */
export type Driver = (page: Page) => Promise<void>;

/** A flow's machine and a driver per state path (every atomic and final state). */
export interface FlowDrivers {
  name: string;
  machine: { root: unknown };
  drivers: Record<string, Driver>;
}

export const pathIs = (p: string) => (url: URL) => url.pathname === p;

/** Releases a held request; `seen()` settles once the page has asked for it (within 30 s). */
export interface Held {
  (): Promise<void>;
  seen: () => Promise<void>;
}

/**
 * Holds the next request to `part` until released, so a waiting state stays on screen; the
 * state is photographed for the flows site just before the release. `seen` is kept by the route
 * itself, so no request slips past it, however long the step that causes it takes.
 */
export async function hold(page: Page, part: string): Promise<Held> {
  let release: () => void = () => {};
  const released = new Promise<void>((r) => (release = r));
  let asked: () => void = () => {};
  const requested = new Promise<void>((r) => (asked = r));
  const seen = () =>
    Promise.race([
      requested,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`the page never asked for ${part}`)), 30_000).unref()),
    ]);
  await page.route(`**${part}*`, async (route: Route) => {
    asked();
    await released;
    await route.continue().catch(() => {});
  });
  const held = async () => {
    await captureStates(page);
    release();
    await page.unroute(`**${part}*`);
  };
  return Object.assign(held, { seen });
}

/** Answers the next requests to `part` with a failure of the given status (no server involved). */
export async function fail(page: Page, part: string, status: number, message = 'Injected failure'): Promise<void> {
  await page.route(`**${part}*`, (route) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ isSuccess: false, message, statusCode: status, code: 'request.failed' }) }),
  );
}

/** The licence of the class `storeDownload` keeps. */
export const STORED_LICENCE_ID = '00000000-0000-4000-8000-0000000000aa';

/**
 * A finished download of a class on this device, as src/features/downloads/store.ts keeps it: the
 * record, owned by the account `token` signs in (the owner beside it, and the hint the session
 * reads: docs/decisions/038).
 */
export async function storeDownload(page: Page, token: string): Promise<void> {
  await page.evaluate(
    ({ account, licenceId }) =>
      new Promise<void>((resolve, reject) => {
        localStorage.setItem('fitstream.downloadsOwner', JSON.stringify(account));
        const open = indexedDB.open('fitstream-downloads', 2);
        open.onupgradeneeded = () => {
          open.result.createObjectStore('downloads', { keyPath: 'classId' });
          open.result.createObjectStore('owner');
        };
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const transaction = open.result.transaction(['owner', 'downloads'], 'readwrite');
          transaction.objectStore('owner').put(account, 'account');
          transaction.objectStore('downloads').put({
            classId: 'sunrise-vinyasa-flow',
            title: { en: 'Sunrise Vinyasa Flow', es: 'Vinyasa del amanecer' },
            quality: '720p',
            bytes: 8_000_000,
            licenceId,
            expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
            done: [],
            fileCount: 1,
            complete: true,
            positionSeconds: 0,
            durationSeconds: 600,
            savedAt: new Date().toISOString(),
          });
          transaction.oncomplete = () => {
            open.result.close();
            resolve();
          };
          transaction.onerror = () => reject(transaction.error);
        };
      }),
    { account: accountOf({ token }), licenceId: STORED_LICENCE_ID },
  );
}
