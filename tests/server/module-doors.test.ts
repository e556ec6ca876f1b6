// The server's modules depend on each other one way only: no two import each other, and no chain
// of them leads back to where it began (DESIGN.md). eslint.config.js keeps each module behind its
// door (index.ts); this reads every module file's imports, type-only ones included.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const modulesDir = path.join(root, 'server/modules');

/** The module (server/modules/<area>) a file lies in; undefined outside them. */
function moduleOf(file: string): string | undefined {
  const relative = path.relative(modulesDir, file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? undefined : relative.split(path.sep)[0];
}

/** Where an import leads, for the project's own files (relative or `@server/…`); undefined for packages. */
function target(specifier: string, importer: string): string | undefined {
  if (specifier.startsWith('@server/')) return path.join(root, 'server', specifier.slice('@server/'.length));
  if (specifier.startsWith('.')) return path.resolve(path.dirname(importer), specifier);
  return undefined;
}

/** For each module, the modules it imports, each with the lines that do it ("file → specifier"). */
function moduleGraph(): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  const files = readdirSync(modulesDir, { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'));
  for (const file of files) {
    const importer = path.join(modulesDir, file);
    const from = moduleOf(importer)!;
    const uses = graph.get(from) ?? new Map<string, string[]>();
    graph.set(from, uses);
    // Static imports, re-exports and import() alike.
    for (const { fileName: specifier } of ts.preProcessFile(readFileSync(importer, 'utf8'), true, true).importedFiles) {
      const imported = target(specifier, importer);
      const to = imported && moduleOf(imported);
      if (!to || to === from) continue;
      uses.set(to, [...(uses.get(to) ?? []), `${file} → ${specifier}`]);
    }
  }
  return graph;
}

/** The pairs of modules that import each other, with the imports both ways. */
function twoWayPairs(graph: Map<string, Map<string, string[]>>): string[] {
  const pairs: string[] = [];
  for (const [a, uses] of graph) {
    for (const [b, lines] of uses) {
      const back = graph.get(b)?.get(a);
      if (back && a < b) pairs.push(`${a} ↔ ${b}: ${[...lines, ...back].join('; ')}`);
    }
  }
  return pairs.sort();
}

/** One chain of modules that leads back to its first (`a → b → c → a`), or undefined. */
function firstCycle(graph: Map<string, Map<string, string[]>>): string | undefined {
  const done = new Set<string>();
  const walk = (module: string, chain: string[]): string | undefined => {
    if (chain.includes(module)) return [...chain.slice(chain.indexOf(module)), module].join(' → ');
    if (done.has(module)) return undefined;
    for (const next of [...(graph.get(module)?.keys() ?? [])].sort()) {
      const cycle = walk(next, [...chain, module]);
      if (cycle) return cycle;
    }
    done.add(module);
    return undefined;
  };
  for (const module of [...graph.keys()].sort()) {
    const cycle = walk(module, []);
    if (cycle) return cycle;
  }
  return undefined;
}

describe('server modules', () => {
  const graph = moduleGraph();

  it('are read with their imports of each other', () => {
    // A reader that found nothing would pass the checks below for nothing.
    expect(graph.get('playback')?.has('media')).toBe(true);
  });

  it('never import each other both ways', () => {
    const pairs = twoWayPairs(graph);
    if (pairs.length > 0) console.log(`Modules importing each other:\n${pairs.join('\n')}`);
    expect(pairs).toEqual([]);
  });

  it('never import their way back to themselves', () => {
    expect(firstCycle(graph)).toBeUndefined();
  });
});
