// Message extraction shared by `npm run i18n:extract` and tests/ui/i18n/catalogues.test.ts:
// runs the formatjs CLI over every src/**/*.{ts,tsx} and domain/**/*.ts file (react-intl
// components and calls, and defineMessage(s) from @formatjs/intl as in domain/account-rules.ts) and answers
// { id: English text }. Ids are explicit (e.g. 'landing.hero.title'); a message without one
// would get a generated hash id, which `checkIds` reports.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const ROOT = path.resolve(import.meta.dirname, '..');
export const LOCALES_DIR = path.join(ROOT, 'locales');
const CLI = path.join(ROOT, 'node_modules/@formatjs/cli/bin/formatjs');

export type Catalogue = Record<string, string>;

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await sourceFiles(full)));
    else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(full);
  }
  return files;
}

/** Every message of the app (src/ and the shared rules in domain/), sorted by id. */
export async function extractMessages(): Promise<Catalogue> {
  const files = [...(await sourceFiles(path.join(ROOT, 'src'))), ...(await sourceFiles(path.join(ROOT, 'domain')))];
  const work = await mkdtemp(path.join(tmpdir(), 'fitstream-i18n-'));
  try {
    const list = path.join(work, 'files.txt');
    const out = path.join(work, 'out.json');
    await writeFile(list, files.join('\n'));
    await run(process.execPath, [CLI, 'extract', '--in-file', list, '--out-file', out, '--format', 'simple', '--throws'], {
      cwd: ROOT,
      maxBuffer: 16 * 1024 * 1024,
    });
    return sortCatalogue(JSON.parse(await readFile(out, 'utf8')) as Catalogue);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Ids must be explicit dotted names; generated hash ids mean a message lacks its id. */
export function checkIds(catalogue: Catalogue): string[] {
  return Object.keys(catalogue).filter((id) => !/^[a-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+$/.test(id));
}

export function sortCatalogue(catalogue: Catalogue): Catalogue {
  return Object.fromEntries(Object.entries(catalogue).sort(([a], [b]) => a.localeCompare(b, 'en')));
}

export async function readCatalogue(locale: string): Promise<Catalogue> {
  try {
    return JSON.parse(await readFile(path.join(LOCALES_DIR, `${locale}.json`), 'utf8')) as Catalogue;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
}

export async function writeCatalogue(locale: string, catalogue: Catalogue): Promise<void> {
  await writeFile(path.join(LOCALES_DIR, `${locale}.json`), `${JSON.stringify(sortCatalogue(catalogue), null, 2)}\n`);
}

/**
 * Spanish texts that may equal the English ones: names, technical words and quality labels
 * that are the same in both languages.
 */
export const SAME_IN_BOTH = new Set<string>([
  'FitStream',
  'DMCA',
  'HD',
  'Email',
  'email',
  'Total',
  'Error',
  'Popular',
  // A profile's PIN (decision 064): the same word in Spanish.
  'PIN',
  // Payment History's tax cell: an amount and its rate, each formatted by the locale.
  '{amount} ({rate})',
  // A promotion code's percent (the space before % in both) and "<CODE>: <what it takes off>" (decision 069).
  '{percent} %',
  '{code}: {text}',
  // A device and the profile on it (decision 064), each already in the interface's language.
  '{device} · {profile}',
]);
