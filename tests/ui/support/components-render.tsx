// Renders a component inside react-intl with the real catalogue of a locale (en or es), so
// component tests read the texts a user reads.
import type { ReactElement } from 'react';
import { IntlProvider } from 'react-intl';
import { render } from '@testing-library/react';
import en from '@locales/en.json';
import es from '@locales/es.json';

const catalogues = { en, es } as const;

export function renderIntl(ui: ReactElement, locale: 'en' | 'es' = 'en') {
  const wrap = (node: ReactElement) => (
    <IntlProvider locale={locale} defaultLocale="en" messages={catalogues[locale]}>
      {node}
    </IntlProvider>
  );
  const result = render(wrap(ui));
  return { ...result, rerender: (next: ReactElement) => result.rerender(wrap(next)) };
}

/** The seeded plans, as the API returns them. */
export const PLANS = [
  { id: 'basic', position: 0, name: 'Basic', amount: 999, currency: 'EUR', interval: 'month', interval_count: 1, quality: 'HD', resolution: '720p', resolutionFull: 'HD (720p)', simultaneousScreens: 1, downloads: 1, devices: ['TV', 'computer', 'mobile phone', 'tablet'], popular: false },
  { id: 'standard', position: 1, name: 'Standard', amount: 1399, currency: 'EUR', interval: 'month', interval_count: 1, quality: 'FULL HD', resolution: '1080p', resolutionFull: 'Full HD (1080p)', simultaneousScreens: 2, downloads: 2, devices: ['TV', 'computer', 'mobile phone', 'tablet'], popular: true },
  { id: 'premium', position: 2, name: 'Premium', amount: 1799, currency: 'EUR', interval: 'month', interval_count: 1, quality: '4K + HDR', resolution: '2160p', resolutionFull: '4K Ultra HD + HDR (2160p)', simultaneousScreens: 4, downloads: 6, devices: ['TV', 'computer', 'mobile phone', 'tablet'], popular: false },
  { id: 'mobile', position: 3, name: 'Mobile', amount: 899, currency: 'EUR', interval: 'month', interval_count: 1, quality: 'HD', resolution: '720p', resolutionFull: 'HD (720p)', simultaneousScreens: 1, downloads: 1, devices: ['mobile phone', 'tablet'], popular: false },
] as const;
