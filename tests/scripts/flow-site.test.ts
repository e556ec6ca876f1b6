// The flows site (`npm run flows`): built from the machines alone on a clean clone, and from the
// browser suite's screenshots, the model tests' walked paths and Stryker's report when they exist.
// Every machine and state appears; a state no screenshot shows is listed in red, never hidden.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statesOf } from '../../scripts/flow-model/machine-graph';
import { findMachines } from '../../scripts/flow-model/machines';
import { MANIFEST, type ScreenshotEntry } from '../../scripts/flow-model/screenshot-manifest';
import { buildFlowSite } from '../../scripts/flow-model/site';
import { readStateLabels } from '../../scripts/flow-model/state-labels';
import { writeWalkedPaths } from '../../scripts/flow-model/walked-paths';

const found = await findMachines();
const labels = readStateLabels('en');
const leaves = found.flatMap((f) => statesOf(f.machine).filter((s) => s.type === 'atomic' || s.type === 'final'));
const PNG = Buffer.from('89504e470d0a1a0a', 'hex');

let work: string;
beforeAll(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'fs-flow-site-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const read = (dir: string, file: string): string => readFileSync(path.join(dir, file), 'utf8');
const none = (name: string): string => path.join(work, `${name}-none`);

describe('the flows site on a clean clone (no screenshots, paths or mutation report)', () => {
  let out: string;
  beforeAll(() => {
    out = path.join(work, 'clean');
    buildFlowSite(found, { outDir: out, screenshotDir: none('shots'), walkedPathsDir: none('paths'), mutationReport: none('report') });
  });

  it('has an index row and a page for every machine in machines/', () => {
    const index = read(out, 'index.html');
    for (const f of found) {
      expect(index).toContain(`href="${f.flow}.html"`);
      expect(existsSync(path.join(out, `${f.flow}.html`)), f.flow).toBe(true);
    }
  });

  it('lists every state with its plain-words label and technical name, each marked as having no screenshot', () => {
    for (const f of found) {
      const page = read(out, `${f.flow}.html`);
      for (const s of statesOf(f.machine).filter((s) => s.path !== '')) {
        expect(page, `${f.flow}: ${s.path}`).toContain(`<code>${s.path}</code>`);
        expect(page, `${f.flow}: ${s.path}`).toContain(labels[f.flow]![s.path]!);
      }
      // A state's four slots are captioned with the language first; a transition's start with the state.
      expect(page.match(/No screenshot<\/div><figcaption>(English|Spanish)/g)?.length).toBe(4 * (statesOf(f.machine).length - 1));
    }
    expect(read(out, 'index.html')).toContain(`<strong>${leaves.length} of ${leaves.length}</strong> states have no screenshot`);
  });

  it('says what has not run instead of showing numbers', () => {
    const index = read(out, 'index.html');
    expect(index).toContain('not walked yet');
    expect(index).toContain('not measured');
  });

  it('opens from disk: Mermaid is vendored and nothing is fetched from the network', () => {
    expect(existsSync(path.join(out, 'assets/mermaid.min.js'))).toBe(true);
    for (const f of found) expect(read(out, `${f.flow}.html`)).not.toMatch(/(src|href)="(https?:)?\/\//);
  });
});

describe('the flows site after the test suites', () => {
  let out: string;
  let built: ReturnType<typeof buildFlowSite>;
  beforeAll(() => {
    const shots = path.join(work, 'shots');
    mkdirSync(shots, { recursive: true });
    const entry = (file: string, language: string, width: number, states: string[]): ScreenshotEntry => ({
      file,
      language,
      width,
      route: '/',
      kind: 'state',
      actors: [
        { machine: 'landing', states },
        { machine: 'session', states: ['visitor.idle'] },
      ],
    });
    const entries = [
      entry('ready-en-1280.png', 'en', 1280, ['ready']),
      entry('ready-es-375.png', 'es', 375, ['ready']),
      // Recorded, but the file is gone: the state must not count as shown.
      entry('loading-en-1280.png', 'en', 1280, ['loading']),
    ];
    writeFileSync(path.join(shots, 'ready-en-1280.png'), PNG);
    writeFileSync(path.join(shots, 'ready-es-375.png'), PNG);
    writeFileSync(path.join(shots, MANIFEST), JSON.stringify(entries));
    const paths = path.join(work, 'paths');
    writeWalkedPaths('landing', [{ kind: 'shortest', name: 'done: loadPriceRange ⇒ ready', states: ['loading', 'ready'], transitions: ['loading --done: loadPriceRange [succeeded]--> ready'] }], paths);
    const report = path.join(work, 'mutation.json');
    const mutants = ['Killed', 'Killed', 'Timeout', 'Survived', 'Ignored'].map((status) => ({ status }));
    writeFileSync(report, JSON.stringify({ schemaVersion: '2', files: { 'machines/landing.machine.ts': { mutants } } }));
    out = path.join(work, 'full');
    built = buildFlowSite(found, { outDir: out, screenshotDir: shots, walkedPathsDir: paths, mutationReport: report });
  });

  it('shows the screenshots taken in a state, by language and width, and lists the missing ones', () => {
    const page = read(out, 'landing.html');
    const ready = page.slice(page.indexOf('id="state-ready"'), page.indexOf('</details>', page.indexOf('id="state-ready"')));
    expect(ready).toContain('src="shots/ready-en-1280.png"');
    expect(ready).toContain('src="shots/ready-es-375.png"');
    expect(ready.match(/No screenshot/g)).toHaveLength(2);
    expect(existsSync(path.join(out, 'shots/ready-en-1280.png'))).toBe(true);
    expect(page).toContain('class="state state--unreached" id="state-loading"');
    expect(page).toContain('class="state" id="state-ready"');
  });

  it('counts on the index the states no screenshot shows (all but landing.ready and session.visitor.idle)', () => {
    expect(built.unreached).toBe(leaves.length - 2);
    expect(read(out, 'index.html')).toContain(`<strong>${leaves.length - 2} of ${leaves.length}</strong>`);
  });

  it('lists the walked paths through a state and the mutation score of the machine file', () => {
    const page = read(out, 'landing.html');
    expect(page).toContain('done: loadPriceRange ⇒ ready');
    expect(page).toContain('mutation score 75.0 %');
    expect(read(out, 'index.html')).toMatch(/landing\.html[^]*?<td>1<\/td>\s*<td>75\.0 %<\/td>/);
  });
});
