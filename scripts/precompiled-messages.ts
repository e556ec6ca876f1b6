// Messages parsed at build time, so the app ships without the ICU message parser: every literal
// `defaultMessage` in the source (English, the default language) becomes its parsed form, and a
// locale catalogue (locales/es.json) is parsed into the same form. English needs no catalogue.
import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import MagicString from 'magic-string';
import ts from 'typescript';
import type { Plugin } from 'vite';

function isDefaultMessageName(name: ts.Node): boolean {
  return (ts.isIdentifier(name) || ts.isStringLiteral(name)) && name.text === 'defaultMessage';
}

function literalText(node: ts.Node | undefined): string | null {
  return node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : null;
}

/**
 * `code` with every `defaultMessage: '…'` and `defaultMessage="…"` replaced by its parsed form,
 * or null when it has none. A `defaultMessage` that is not one literal string stops the build:
 * at run time nothing could parse it.
 */
export function precompileDefaultMessages(code: string, fileName: string): { code: string; map: ReturnType<MagicString['generateMap']> } | null {
  if (!code.includes('defaultMessage')) return null;
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, false, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const output = new MagicString(code);
  const replace = (value: ts.Node, text: string | null, wrap: (json: string) => string) => {
    if (text === null) {
      const { line } = source.getLineAndCharacterOfPosition(value.getStart(source));
      throw new Error(`${fileName}:${line + 1}: a defaultMessage must be one literal string, to be parsed at build time`);
    }
    output.overwrite(value.getStart(source), value.getEnd(), wrap(JSON.stringify(parse(text))));
  };
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAssignment(node) && isDefaultMessageName(node.name)) replace(node.initializer, literalText(node.initializer), (json) => json);
    else if (ts.isJsxAttribute(node) && ts.isIdentifier(node.name) && node.name.text === 'defaultMessage' && node.initializer) {
      const value = ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer;
      replace(node.initializer, literalText(value), (json) => `{${json}}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (!output.hasChanged()) return null;
  return { code: output.toString(), map: output.generateMap({ hires: 'boundary', source: fileName }) };
}

/** A catalogue (`{ id: message }`) with every message parsed (as `formatjs compile --ast`). */
export function precompileCatalogue(catalogue: Record<string, string>): Record<string, MessageFormatElement[]> {
  return Object.fromEntries(Object.entries(catalogue).map(([id, message]) => [id, parse(message)]));
}

const source = /\.tsx?$/;
const appCatalogue = /\/locales\/[a-z]{2}\.json$/;

/** The Vite side: parse the app's messages while building, and leave the parser out. */
export function precompiledMessages(): Plugin {
  return {
    name: 'fitstream:precompiled-messages',
    enforce: 'pre',
    config: () => ({
      resolve: { alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }] },
    }),
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (appCatalogue.test(file)) return { code: JSON.stringify(precompileCatalogue(JSON.parse(code) as Record<string, string>)), map: null };
      if (source.test(file) && !file.includes('/node_modules/')) return precompileDefaultMessages(code, file);
      return null;
    },
  };
}
