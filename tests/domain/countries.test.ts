// The sign-up country suggested from the browser's languages (issue 40).
import { describe, expect, it } from 'vitest';
import { suggestedCountry } from '@domain/countries';

describe('suggestedCountry', () => {
  it.each([
    [['es-ES', 'es'], 'ES'],
    [['en-GB', 'en'], 'GB'],
    [['es-419', 'es-MX'], 'MX'],
    [['de'], 'DE'],
    [['es'], 'ES'],
    [['en'], 'US'],
    [['zz-ZZ'], 'US'],
    [['not a tag', 'fr-FR'], 'FR'],
    [[], 'US'],
  ] as const)('%j → %s', (languages, country) => {
    expect(suggestedCountry(languages)).toBe(country);
  });
});
