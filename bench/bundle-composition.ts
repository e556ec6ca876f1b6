// What a set of built chunks is made of: the minified bytes each package (or app folder)
// contributes, read from the build's source maps, so a bundle over budget says why.
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const base64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const digit = new Map([...base64].map((char, index) => [char, index]));

/** Decodes one source-map segment (base64 VLQ) into its numbers. */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const bits = digit.get(char) ?? 0;
    value += (bits & 31) << shift;
    if (bits & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

/** `react-dom`, `@formatjs/intl`, or the app folder (`src/flows`, `machines`). */
function ownerOf(source: string): string {
  const modules = source.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const parts = source.slice(modules + 'node_modules/'.length).split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1] ?? ''}` : (parts[0] ?? source);
  }
  const parts = source.split('/');
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : (parts[0] ?? source);
}

interface SourceMap {
  sources: string[];
  mappings: string;
}

/** Minified bytes per owner for one JS file with its `.map` beside it. */
async function composition(file: string, root: string, into: Map<string, number>): Promise<void> {
  const code = await readFile(file, 'utf8');
  let map: SourceMap;
  try {
    map = JSON.parse(await readFile(`${file}.map`, 'utf8')) as SourceMap;
  } catch {
    into.set('(no source map)', (into.get('(no source map)') ?? 0) + Buffer.byteLength(code));
    return;
  }
  const lines = code.split('\n');
  // Sources are relative to the map; name them from the project root.
  const sources = map.sources.map((source) => path.relative(root, path.resolve(path.dirname(file), source)));
  let source = 0;
  map.mappings.split(';').forEach((line, lineIndex) => {
    const text = lines[lineIndex] ?? '';
    let column = 0;
    const segments = line ? line.split(',').map(decodeSegment) : [];
    segments.forEach((segment, index) => {
      column += segment[0] ?? 0;
      if (segment.length >= 4) source += segment[1] ?? 0;
      const next = segments[index + 1];
      const end = next ? column + (next[0] ?? 0) : text.length;
      const owner = segment.length >= 4 ? ownerOf(sources[source] ?? '?') : '(unmapped)';
      into.set(owner, (into.get(owner) ?? 0) + Buffer.byteLength(text.slice(column, end)));
    });
  });
}

/** The largest contributors to `files` (relative to outDir), e.g. "react-dom 178 kB, …". */
export async function largestContributors(outDir: string, root: string, files: Iterable<string>, count = 6): Promise<string> {
  const owners = new Map<string, number>();
  for (const file of files) await composition(path.join(outDir, file), root, owners);
  return [...owners.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([owner, bytes]) => `${owner} ${Math.round(bytes / 1000)} kB`)
    .join(', ');
}
