// The static pages rendering in both languages: a heading on each, the support page's details,
// and the changelog's versions.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { staticPages } from '@flows/static-pages';
import { renderIntl } from '../../support/components-render';

describe('static pages', () => {
  it('render every page with a heading in English and Spanish', async () => {
    for (const load of Object.values(staticPages)) {
      const { default: Page } = await load();
      for (const locale of ['en', 'es'] as const) {
        const { unmount } = renderIntl(<Page />, locale);
        expect(screen.getByRole('heading', { level: 1 }).textContent).not.toBe('');
        unmount();
      }
    }
  });

  it('shows support hours, the issues handled and the phone line', async () => {
    const { default: Support } = await staticPages.support();
    renderIntl(<Support />);
    expect(screen.getByText(/Monday to Friday, 9 AM to 5 PM/)).toBeDefined();
    for (const issue of [/^Payment problems/, /^Access issues/, /^Technical errors/, /^Feedback/]) expect(screen.getByText(issue)).toBeDefined();
    expect(screen.getByText('Phone: +1 (555) 010-0199')).toBeDefined();
  });

  it('lists the changelog versions newest first', async () => {
    const { default: Changelog } = await staticPages.changelog();
    renderIntl(<Changelog />, 'es');
    const versions = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(versions).toEqual(['Versión 1.4.0', 'Versión 1.3.2', 'Versión 1.3.0', 'Versión 1.0.0']);
  });
});
