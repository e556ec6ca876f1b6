// The message catalogues stay in step with the source: every message the src tree defines
// (extracted now, with the same formatjs extraction as `npm run i18n:extract`) is in en.json
// with its current English text and in es.json translated; neither holds unused keys; and a
// Spanish text keeps the English text's placeholders.
import { beforeAll, describe, expect, it } from 'vitest';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { SAME_IN_BOTH, checkIds, extractMessages, readCatalogue, type Catalogue } from '../../../scripts/i18n-catalogue';

let source: Catalogue;
let en: Catalogue;
let es: Catalogue;

beforeAll(async () => {
  [source, en, es] = await Promise.all([extractMessages(), readCatalogue('en'), readCatalogue('es')]);
}, 60_000);

function argumentNames(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      names.add(element.value);
      if (element.type === TYPE.select || element.type === TYPE.plural) {
        for (const option of Object.values(element.options)) walk(option.value);
      }
      if (element.type === TYPE.tag) walk(element.children);
    }
  };
  walk(parse(message));
  return [...names].sort();
}

describe('message catalogues', () => {
  it('finds the messages of the components, the static pages and the shared account rules', () => {
    expect(source['navbar.home']).toBe('Home');
    expect(source['static.support.title']).toBe('Customer Support');
    expect(source['validation.password.invalid']).toMatch(/between 8 and 24 characters/);
  });

  it('gives every message an explicit dotted id', () => {
    expect(checkIds(source)).toEqual([]);
  });

  it('has every source message in en.json with its current English text, and nothing else', () => {
    const missing = Object.keys(source).filter((id) => !(id in en));
    const unused = Object.keys(en).filter((id) => !(id in source));
    const stale = Object.keys(source).filter((id) => id in en && en[id] !== source[id]);
    expect({ missing, unused, stale }, 'run `npm run i18n:extract`').toEqual({ missing: [], unused: [], stale: [] });
  });

  it('has every source message in es.json, and nothing else', () => {
    const missing = Object.keys(source).filter((id) => !(id in es));
    const unused = Object.keys(es).filter((id) => !(id in source));
    expect({ missing, unused }).toEqual({ missing: [], unused: [] });
  });

  it('translates every Spanish message (only allow-listed words may equal the English)', () => {
    const untranslated = Object.keys(source).filter(
      (id) => es[id] !== undefined && es[id].trim() === source[id]?.trim() && !SAME_IN_BOTH.has(source[id] ?? ''),
    );
    expect(untranslated).toEqual([]);
  });

  it('keeps the English placeholders in every Spanish message', () => {
    const broken = Object.keys(source)
      .filter((id) => es[id] !== undefined)
      .filter((id) => argumentNames(es[id] ?? '').join() !== argumentNames(source[id] ?? '').join());
    expect(broken).toEqual([]);
  });
});
