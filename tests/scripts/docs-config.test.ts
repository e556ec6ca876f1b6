// The README's configuration table is generated from the settings each part of the server
// declares (scripts/docs-config.ts): it must be exactly what the declarations write.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configSections } from '@server/config';
import { README, configBlock, configTable, withConfigTable } from '../../scripts/docs-config';

describe('the README configuration table', () => {
  it('is what the declarations generate (run `npm run docs:config` after changing a setting)', () => {
    expect(configBlock(readFileSync(README, 'utf8'))).toBe(configTable());
  });

  it('has a row for every declared variable, linking to the file that declares it', () => {
    const table = configTable();
    for (const section of configSections) {
      expect(existsSync(section.file), section.file).toBe(true);
      expect(readFileSync(section.file, 'utf8')).toContain('configSection(');
      for (const name of Object.keys(section.settings)) expect(table).toContain(`| \`${name}\` |`);
    }
  });

  it('rewrites only the block between the markers', () => {
    const readme = '# Title\n\nBefore.\n\n<!-- config:start -->\nold table\n<!-- config:end -->\n\nAfter.\n';
    const written = withConfigTable(readme, '| a |');
    expect(written).toBe('# Title\n\nBefore.\n\n<!-- config:start -->\n| a |\n<!-- config:end -->\n\nAfter.\n');
    expect(withConfigTable(written, '| a |')).toBe(written);
    expect(() => withConfigTable('# No markers\n')).toThrow(/config:start/);
  });
});
