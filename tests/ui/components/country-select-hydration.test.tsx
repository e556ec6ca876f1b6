// The sign-up country list on a pre-rendered page (decision 048): the markup made by the build's
// runtime holds the chosen country only (region names and order differ between runtimes), it
// hydrates without a mismatch, and the whole list follows once hydrated.
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CountrySelect } from '@components';
import es from '@locales/es.json';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const form = (
  <IntlProvider locale="es" defaultLocale="en" messages={es}>
    <CountrySelect id="country" label="País" value="ES" onChange={() => undefined} />
  </IntlProvider>
);

let root: Root | null = null;
afterEach(() => {
  if (root) act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('CountrySelect on a pre-rendered page', () => {
  it('is drawn with the chosen country, hydrates without a mismatch, then lists every country', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(form);
    document.body.append(container);
    const select = container.querySelector('select')!;
    expect([...select.options].map((option) => option.value)).toEqual(['ES']);

    const errors = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    await act(async () => {
      root = hydrateRoot(container, form, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    expect(container.querySelector('select')).toBe(select);
    expect(select.options.length).toBeGreaterThan(150);
    expect(select.value).toBe('ES');
    expect(select.selectedOptions[0]?.textContent).toBe('España');
  });
});
