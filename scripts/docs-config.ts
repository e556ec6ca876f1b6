// `npm run docs:config`: writes the README's configuration table (between the lines
// <!-- config:start --> and <!-- config:end -->) from the settings each part of the server
// declares (server/config.ts), so the table cannot drift from the code. A test fails when the
// README's table is not what this would write.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configSections } from '@server/config';
import type { AnySection, Setting } from '@server/settings';

export const README = path.resolve(import.meta.dirname, '..', 'README.md');
export const START = '<!-- config:start -->';
export const END = '<!-- config:end -->';

const cell = (text: string) => text.replaceAll('|', '\\|');

function defaultCell(setting: Setting<unknown>): string {
  if (setting.defaultText !== undefined) return setting.defaultText;
  if (setting.schema.default !== undefined) return `\`${setting.schema.default}\``;
  return 'unset';
}

/** What the schema allows, unless the description says it: a range, or the choices. */
function allowed(setting: Setting<unknown>): string {
  const { minimum, maximum, enum: options } = setting.schema;
  if (minimum !== undefined && maximum !== undefined) return ` (${minimum}–${maximum})`;
  if (options && !options.every((option) => setting.schema.description.includes(`\`${option}\``))) return ` (${options.map((option) => `\`${option}\``).join(', ')})`;
  return '';
}

/** The table: a row per variable, in the order server/config.ts composes the sections. */
export function configTable(sections: readonly AnySection[] = configSections): string {
  const rows = sections.flatMap((section) =>
    Object.entries(section.settings as Record<string, Setting<unknown>>).map(
      ([name, setting]) => `| \`${name}\` | ${cell(defaultCell(setting))} | ${cell(setting.schema.description + allowed(setting))} | [${section.name}](${section.file}) |`,
    ),
  );
  return [
    '<!-- Written by `npm run docs:config` from the files in the last column: change a setting there, not here. -->',
    '| variable | default | what it does | declared in |',
    '|---|---|---|---|',
    ...rows,
  ].join('\n');
}

/** The README's block between the markers, as it stands. */
export function configBlock(readme: string): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${START} … ${END} block.`);
  return readme.slice(start + START.length, end).trim();
}

/** `readme` with the block between the markers replaced by the generated table. */
export function withConfigTable(readme: string, table = configTable()): string {
  configBlock(readme);
  const start = readme.indexOf(START) + START.length;
  return `${readme.slice(0, start)}\n${table}\n${readme.slice(readme.indexOf(END))}`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const readme = await readFile(README, 'utf8');
  const written = withConfigTable(readme);
  if (written === readme) console.log('README.md: the configuration table is up to date');
  else {
    await writeFile(README, written);
    console.log('README.md: configuration table written');
  }
}
