// The paths the model tests walked, as they record them (reports/flows/walked-paths/<flow>.json,
// git-ignored): a test result like the screenshots and the mutation report, so the flows site
// reads it instead of importing the tests' models.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './machines';

export interface WalkedPath {
  kind: string;
  /** Readable: the events in order, then the state reached. */
  name: string;
  /** Dotted paths of every state the walk passed through. */
  states: string[];
  /** Keys (see transitionsOf) of every transition the walk took. */
  transitions: string[];
}

export const walkedPathsDir = path.join(repoRoot, 'reports/flows/walked-paths');

export function writeWalkedPaths(flow: string, paths: WalkedPath[], dir = walkedPathsDir): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${flow}.json`), `${JSON.stringify(paths, null, 1)}\n`);
}

/** The walked paths of a flow, or undefined when the model tests have not run here. */
export function readWalkedPaths(flow: string, dir = walkedPathsDir): WalkedPath[] | undefined {
  const file = path.join(dir, `${flow}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as WalkedPath[]) : undefined;
}
