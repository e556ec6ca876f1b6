// The app's client types must be what `npm run gen:api` makes of openapi.yaml today: a stale
// domain/api-schema.d.ts would let the client and the server drift apart silently.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

describe('generated API types', () => {
  it('domain/api-schema.d.ts matches openapi.yaml (run `npm run gen:api` when this fails)', async () => {
    const ast = await openapiTS(new URL('openapi.yaml', `file://${root}`));
    const fresh = astToString(ast);
    const committed = await readFile(`${root}domain/api-schema.d.ts`, 'utf8');
    const strip = (text: string) => text.replace(/^\/\*\*[\s\S]*?\*\/\s*/, '').trim();
    expect(strip(committed)).toBe(strip(fresh));
  });
});
