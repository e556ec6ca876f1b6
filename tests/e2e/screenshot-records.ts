// The suite's workers photograph at the same time: each records its screenshots' manifest entries
// in a file of its own (no read-modify-write race on manifest.json), and the global teardown
// collects them into the manifest the flows site reads.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { recordScreenshot, screenshotDir, type ScreenshotEntry } from '../../scripts/flow-model/screenshot-manifest';

const pendingDir = path.join(screenshotDir, '.pending');

/** Keeps one screenshot's entry until the run ends (a rerun of the same picture replaces it). */
export function keepScreenshotRecord(entry: ScreenshotEntry): void {
  mkdirSync(pendingDir, { recursive: true });
  writeFileSync(path.join(pendingDir, `${entry.file}.json`), JSON.stringify(entry));
}

/** Moves the kept entries into the manifest. */
export function collectScreenshotRecords(): void {
  if (!existsSync(pendingDir)) return;
  for (const name of readdirSync(pendingDir).sort()) {
    recordScreenshot(JSON.parse(readFileSync(path.join(pendingDir, name), 'utf8')) as ScreenshotEntry);
  }
  rmSync(pendingDir, { recursive: true, force: true });
}
