// The language chosen from outside input: the server's account language and invoices
// (`pickLocale`) and the service worker's offline /downloads (`chooseLocale`: the stored choice,
// then the browser's languages in order, else English).
import { describe, expect, it } from 'vitest';
import { chooseLocale, pickLocale } from '@domain/locales';

describe('chooseLocale', () => {
  it('takes the stored choice first, then the first browser language the app speaks, else English', () => {
    expect(chooseLocale(['es', 'en-GB'])).toBe('es');
    expect(chooseLocale([null, 'fr-FR', 'es-MX', 'en'])).toBe('es');
    expect(chooseLocale(['fr', 'de-DE'])).toBe('en');
    expect(chooseLocale([])).toBe('en');
  });
  it('pickLocale is the same choice from one value', () => {
    expect(pickLocale('ES_mx')).toBe('es');
    expect(pickLocale(undefined)).toBe('en');
  });
});
