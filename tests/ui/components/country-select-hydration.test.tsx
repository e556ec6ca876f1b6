// The sign-up country list on a pre-rendered page (decisions 048, 061): the markup made by the
// build's runtime holds every country (issue 40: it held one until the app started), hydrates
// without a mismatch even where the build's runtime words a name differently, and then shows the
// country the app starts with (suggested from the browser) rather than the build's default.
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CountrySelect } from '@components';
import es from '@locales/es.json';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const form = (value: string) => (
  <IntlProvider locale="es" defaultLocale="en" messages={es}>
    <CountrySelect id="country" label="País" value={value} onChange={() => undefined} />
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
  it('is drawn with every country, hydrates without a mismatch, then shows the country the app starts with', async () => {
    // The build's runtime names one region otherwise than this one (ICU versions differ).
    const of = Intl.DisplayNames.prototype.of;
    const spy = vi.spyOn(Intl.DisplayNames.prototype, 'of').mockImplementation(function (this: Intl.DisplayNames, code: string) {
      return code === 'CZ' ? 'Chequia (República Checa)' : of.call(this, code);
    });
    const container = document.createElement('div');
    container.innerHTML = renderToString(form('US'));
    spy.mockRestore();
    document.body.append(container);
    const select = container.querySelector('select')!;
    expect(select.options.length).toBeGreaterThan(150);
    expect(select.value).toBe('US');

    const errors = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    await act(async () => {
      root = hydrateRoot(container, form('ES'), { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    expect(container.querySelector('select')).toBe(select);
    expect(select.options.length).toBeGreaterThan(150);
    expect(select.value).toBe('ES');
    expect(select.selectedOptions[0]?.textContent).toBe('España');
  });
});
