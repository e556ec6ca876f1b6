// Every route of the route table has a document title, in English and in Spanish, and no two
// routes share one (a tab's title says which page it is). Other lanes add routes: add their
// titles to src/app/route-titles.ts and the catalogues.
import { describe, expect, it } from 'vitest';
import en from '@locales/en.json';
import es from '@locales/es.json';
import { routeTitles } from '@app/route-titles';
import { routes } from '@domain/routes';

const english: Record<string, string> = en;
const spanish: Record<string, string> = es;

describe('route titles', () => {
  it('name every route of domain/routes.ts, and nothing else', () => {
    expect(Object.keys(routeTitles).sort()).toEqual(Object.keys(routes).sort());
  });

  it.each(Object.keys(routes))('has an English and a Spanish title for %s', (name) => {
    const title = (routeTitles as Record<string, { id: string; defaultMessage: string }>)[name];
    expect(title, `no title for route "${name}"`).toBeDefined();
    if (!title) return;
    expect(english[title.id]).toBe(title.defaultMessage);
    expect(spanish[title.id], `no Spanish title for route "${name}"`).toEqual(expect.any(String));
    expect(spanish[title.id]).not.toBe('');
  });

  it('gives every route its own title', () => {
    const texts = Object.values(routeTitles).map((title) => title.defaultMessage);
    expect(new Set(texts).size).toBe(texts.length);
  });
});
