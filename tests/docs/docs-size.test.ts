// The README is a front door and a decision record is a page (DESIGN.md, issue 38 item 7):
// measurements go to docs/performance.md, details to the decision records.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const linesOf = (file: string) => readFileSync(path.join(root, file), 'utf8').trimEnd().split('\n').length;

const decisionsDir = 'docs/decisions';
const decisions = readdirSync(path.join(root, decisionsDir)).filter((name) => name.endsWith('.md'));

describe('documentation a newcomer can read', () => {
  it('keeps the README to at most 250 lines', () => {
    expect(linesOf('README.md')).toBeLessThanOrEqual(250);
  });

  it('keeps the README one configuration block, for the generator to fill', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8').split('\n');
    expect(readme.filter((line) => line === '<!-- config:start -->')).toHaveLength(1);
    expect(readme.filter((line) => line === '<!-- config:end -->')).toHaveLength(1);
    expect(readme.indexOf('<!-- config:start -->')).toBeLessThan(readme.indexOf('<!-- config:end -->'));
  });

  it('keeps every decision record to at most 120 lines', () => {
    expect(decisions.length).toBeGreaterThan(0);
    const long = decisions
      .map((name) => ({ name, lines: linesOf(path.join(decisionsDir, name)) }))
      .filter(({ lines }) => lines > 120);
    expect(long).toEqual([]);
  });
});
