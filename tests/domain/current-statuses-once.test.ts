// "Trialing and active are current" is written once, in domain/subscriptions.ts: the
// server (its SQL too), the machines and the views import it. A second copy fails here.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');
const home = 'domain/subscriptions.ts';
const scanned = ['server', 'src', 'machines'];

const status = (name: string) => `['"\`]${name}['"\`]`;
/** The rule as it gets copied: the pair as a list (`in ('trialing', 'active')`, `['trialing', 'active']`) or as a test (`=== 'trialing' || … === 'active'`). */
const copies = [
  new RegExp(`${status('trialing')}\\s*,\\s*${status('active')}`),
  new RegExp(`${status('active')}\\s*,\\s*${status('trialing')}`),
  new RegExp(`${status('trialing')}\\s*\\|\\|[^\\n]*${status('active')}`),
  new RegExp(`${status('active')}\\s*\\|\\|[^\\n]*${status('trialing')}`),
];

function copiesOfTheRule(text: string): string[] {
  return copies.flatMap((pattern) => pattern.exec(text)?.[0] ?? []);
}

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx)$/.test(file))
    .map((file) => path.posix.join(folder, file.split(path.sep).join('/')));
}

describe('the current-statuses rule', () => {
  it('recognises the copies it looks for', () => {
    expect(copiesOfTheRule("sql`${subscriptions.status} in ('trialing', 'active')`")).not.toEqual([]);
    expect(copiesOfTheRule("inArray(subscriptions.status, ['active', 'trialing', 'past_due'])")).not.toEqual([]);
    expect(copiesOfTheRule("return status === 'trialing' || status === 'active';")).not.toEqual([]);
    expect(copiesOfTheRule("status: trialEnd ? 'trialing' : 'active',")).toEqual([]);
  });

  it(`is written only in ${home}`, () => {
    const files = scanned.flatMap(sourceFiles).filter((file) => file !== home);
    expect(files).toContain('server/modules/payments/apply-checkout.ts');
    const found = files.flatMap((file) =>
      copiesOfTheRule(readFileSync(path.join(root, file), 'utf8')).map((copy) => `${file}: ${copy}`),
    );
    expect(found).toEqual([]);
  });
});
