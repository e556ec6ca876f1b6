// The browser suite's record of each screenshot: its file, language, width and the states of
// the machine actors running in the page when it was taken (read from the actors themselves).
// tests/e2e writes it next to the screenshots; the flows site reads it.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './machines';

export interface ActorStates {
  /** The machine's id (`signIn`), the same for the app's provided copies. */
  machine: string;
  /** Dotted paths of the active atomic states (several in parallel states). */
  states: string[];
}

export interface ScreenshotEntry {
  /** File name inside the screenshot folder. */
  file: string;
  language: string;
  width: number;
  /** The app path (`/billing`) the page showed. */
  route: string;
  /** `state`: taken to show a machine state; `screen`: one of the every-screen pictures. */
  kind: 'state' | 'screen';
  actors: ActorStates[];
}

export const screenshotDir = path.join(repoRoot, 'tests/e2e/screenshots');
export const MANIFEST = 'manifest.json';

export function readManifest(dir = screenshotDir): ScreenshotEntry[] {
  const file = path.join(dir, MANIFEST);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ScreenshotEntry[]) : [];
}

/** Adds an entry, replacing an older one for the same file (a rerun overwrites its pictures). */
export function recordScreenshot(entry: ScreenshotEntry, dir = screenshotDir): void {
  const entries = readManifest(dir).filter((e) => e.file !== entry.file);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, MANIFEST), `${JSON.stringify([...entries, entry], null, 1)}\n`);
}
