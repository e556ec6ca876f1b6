// Builds the flows site (docs/flows/site/): what it shows about each machine, gathered from the
// machine itself, its plain-words labels, the screenshots the browser suite recorded per state,
// the paths the model tests walked and the mutation report; then writes the pages, copies the
// screenshots it shows and vendors Mermaid so the site opens from disk with no network.
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { AnyStateMachine } from 'xstate';
import { statesOf, transitionsOf, type StateInfo } from './machine-graph';
import { repoRoot, type FoundMachine } from './machines';
import { readMutationScores, mutationReportFile } from './mutation-scores';
import { readManifest, screenshotDir, type ScreenshotEntry } from './screenshot-manifest';
import type { ShotSlot, SiteMachine, SiteState } from './site-model';
import { indexPage, machinePage } from './site-pages';
import { LABEL_LANGUAGES, readStateLabels, type LabelLanguage, type StateLabels } from './state-labels';
import { readWalkedPaths, walkedPathsDir } from './walked-paths';

export const SHOT_WIDTHS = [375, 1280] as const;

export interface SiteOptions {
  outDir: string;
  screenshotDir?: string;
  walkedPathsDir?: string;
  mutationReport?: string;
}

const isLeaf = (s: StateInfo): boolean => s.type === 'atomic' || s.type === 'final';

function inState(entry: ScreenshotEntry, machine: AnyStateMachine, statePath: string): boolean {
  return entry.actors.some(
    (a) => a.machine === machine.id && a.states.some((s) => s === statePath || s.startsWith(`${statePath}.`)),
  );
}

/** The shot for each language and width: one taken to show a state if any, else a screen shot. */
function shotsOf(entries: ScreenshotEntry[], machine: AnyStateMachine, statePath: string): ShotSlot[] {
  const showing = entries.filter((e) => inState(e, machine, statePath));
  return LABEL_LANGUAGES.flatMap((language) =>
    SHOT_WIDTHS.map((width) => {
      const fits = showing.filter((e) => e.language === language && e.width === width);
      const pick = fits.find((e) => e.kind === 'state') ?? fits[0];
      return { language, width, src: pick ? `shots/${pick.file}` : null, route: pick?.route ?? null };
    }),
  );
}

/** What the pages are made from, read once for all machines. */
interface Sources {
  entries: ScreenshotEntry[];
  labels: Record<LabelLanguage, StateLabels>;
  scores: Map<string, number>;
  walkedPathsDir: string;
}

function openingComment(file: string): string {
  const lines = readFileSync(file, 'utf8').split('\n');
  const end = lines.findIndex((line) => !line.startsWith('//'));
  return lines
    .slice(0, end)
    .map((line) => line.replace(/^\/\/ ?/, ''))
    .join(' ');
}

function siteMachine(found: FoundMachine, { entries, labels, scores, walkedPathsDir }: Sources): SiteMachine {
  const { machine } = found;
  const paths = readWalkedPaths(found.flow, walkedPathsDir);
  const pathOfId = new Map(statesOf(machine).map((s) => [s.id, s.path]));
  const states = statesOf(machine)
    .filter((s) => s.path !== '')
    .map((s): SiteState => {
      const shots = shotsOf(entries, machine, s.path);
      return {
        ...s,
        labels: Object.fromEntries(LABEL_LANGUAGES.map((l) => [l, labels[l][found.flow]?.[s.path] ?? ''])) as Record<LabelLanguage, string>,
        shots,
        unreached: shots.every((shot) => shot.src === null),
        paths: (paths ?? []).flatMap((p, i) => (p.states.includes(s.path) ? [i] : [])),
      };
    });
  const transitions = transitionsOf(machine).map((t) => ({
    ...t,
    sourcePath: pathOfId.get(t.source) ?? '',
    targetPaths: t.targets.map((id) => pathOfId.get(id) ?? id),
    paths: (paths ?? []).flatMap((p, i) => (p.transitions.includes(t.key) ? [i] : [])),
  }));
  return {
    found,
    about: openingComment(path.join(repoRoot, found.file)),
    states,
    transitions,
    paths,
    mutationScore: scores.get(found.file),
    unreachedCount: states.filter((s) => isLeaf(s) && s.unreached).length,
  };
}

/** Writes the site into options.outDir (replacing it) and answers the count of states no screenshot shows. */
export function buildFlowSite(found: FoundMachine[], options: SiteOptions): { unreached: number } {
  const shotsDir = options.screenshotDir ?? screenshotDir;
  const sources: Sources = {
    entries: readManifest(shotsDir).filter((e) => existsSync(path.join(shotsDir, e.file))),
    labels: { en: readStateLabels('en'), es: readStateLabels('es') },
    scores: readMutationScores(options.mutationReport ?? mutationReportFile),
    walkedPathsDir: options.walkedPathsDir ?? walkedPathsDir,
  };
  const machines = found.map((f) => siteMachine(f, sources));
  const out = options.outDir;
  rmSync(out, { recursive: true, force: true });
  mkdirSync(path.join(out, 'assets'), { recursive: true });
  mkdirSync(path.join(out, 'shots'), { recursive: true });
  const require = createRequire(import.meta.url);
  copyFileSync(path.join(path.dirname(require.resolve('mermaid/package.json')), 'dist/mermaid.min.js'), path.join(out, 'assets/mermaid.min.js'));
  for (const asset of ['site.css', 'site.js']) {
    copyFileSync(path.join(import.meta.dirname, 'site-assets', asset), path.join(out, 'assets', asset));
  }
  const shown = new Set(machines.flatMap((m) => m.states.flatMap((s) => s.shots.flatMap((shot) => (shot.src ? [shot.src] : [])))));
  for (const src of shown) copyFileSync(path.join(shotsDir, path.basename(src)), path.join(out, src));
  writeFileSync(path.join(out, 'index.html'), indexPage(machines));
  for (const m of machines) writeFileSync(path.join(out, `${m.found.flow}.html`), machinePage(m));
  return { unreached: machines.reduce((n, m) => n + m.unreachedCount, 0) };
}
