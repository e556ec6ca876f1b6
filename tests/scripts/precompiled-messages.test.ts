// The build parses the app's messages (scripts/precompiled-messages.ts), so the browser formats
// them without the ICU parser: what it formats must read exactly as the source's ICU text does.
import { describe, expect, it } from 'vitest';
import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { precompileCatalogue, precompileDefaultMessages, precompiledMessages } from '../../scripts/precompiled-messages';
import { extractMessages, readCatalogue } from '../../scripts/i18n-catalogue';

/** Evaluates the transformed object/JSX attribute values: the parsed form of each message. */
function parsedValues(code: string): unknown[] {
  return [...code.matchAll(/defaultMessage(?:: |=\{)(\[.*?\])(?=[,}\s])/g)].map((match) => JSON.parse(match[1] ?? 'null'));
}

/** A value for every argument a message uses, of the kind its element formats. */
function valuesFor(elements: MessageFormatElement[], into: Record<string, unknown> = {}): Record<string, unknown> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if (element.type === TYPE.plural || element.type === TYPE.number) into[element.value] = 3;
    else if (element.type === TYPE.date || element.type === TYPE.time) into[element.value] = new Date(Date.UTC(2026, 10, 24));
    else if (element.type === TYPE.tag) into[element.value] = (chunks: unknown[]) => `<${element.value}>${chunks.join('')}</>`;
    else into[element.value] ??= 'other';
    if (element.type === TYPE.select || element.type === TYPE.plural) for (const option of Object.values(element.options)) valuesFor(option.value, into);
    if (element.type === TYPE.tag) valuesFor(element.children, into);
  }
  return into;
}

describe('precompiled messages', () => {
  it('replaces object and JSX defaultMessages with their parsed form, and nothing else', () => {
    const code = [
      `const messages = defineMessages({ hi: { id: 'a.hi', defaultMessage: 'Hello {name}', description: 'kept' } });`,
      `const el = <FormattedMessage id="a.step" defaultMessage="Step {step} of {total}" values={{ step, total }} />;`,
      `const plain = { defaultMessage: \`Plain\` };`,
    ].join('\n');
    const result = precompileDefaultMessages(code, '/app/src/screens/x.tsx');
    expect(result?.code).toContain(`description: 'kept'`);
    expect(result?.code).toContain(`id="a.step"`);
    const [hello, step, plain] = parsedValues(result?.code ?? '');
    expect(new IntlMessageFormat(hello as never, 'en').format({ name: 'Ana' })).toBe('Hello Ana');
    expect(new IntlMessageFormat(step as never, 'en').format({ step: 2, total: 4 })).toBe('Step 2 of 4');
    expect(new IntlMessageFormat(plain as never, 'en').format()).toBe('Plain');
  });

  it('leaves a file without messages untouched', () => {
    expect(precompileDefaultMessages(`export const a = 1;`, '/app/src/a.ts')).toBeNull();
  });

  it('stops the build on a defaultMessage that is not one literal string', () => {
    expect(() => precompileDefaultMessages(`const m = { id: 'a', defaultMessage: 'A' + b };`, '/app/src/a.ts')).toThrow(/src\/a\.ts:1: a defaultMessage must be one literal string/);
  });

  it('formats every app message, as the build writes it, as its ICU text does, in English and Spanish', async () => {
    const [english, spanish] = await Promise.all([extractMessages(), readCatalogue('es')]);
    const transform = precompiledMessages().transform as (code: string, id: string) => { code: string };
    const written = {
      // Spanish: the catalogue module the build makes of locales/es.json.
      es: JSON.parse(transform(JSON.stringify(spanish), '/app/locales/es.json').code) as Record<string, MessageFormatElement[]>,
      // English: each defaultMessage written into the code as a literal.
      en: JSON.parse(JSON.stringify(precompileCatalogue(english))) as Record<string, MessageFormatElement[]>,
    };
    for (const [locale, catalogue] of [['en', english], ['es', spanish]] as const) {
      const parsed = written[locale];
      for (const [id, text] of Object.entries(catalogue)) {
        const ast = parsed[id] ?? [];
        const values = valuesFor(ast);
        const expected = [new IntlMessageFormat(text, locale).format(values)].flat().join('');
        expect([new IntlMessageFormat(ast, locale).format(values)].flat().join(''), id).toBe(expected);
      }
    }
  });
});
