// docs/design-system.html must be what `npm run design:gallery` writes from the components now.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { galleryFile, renderGallery } from '../../scripts/design-gallery';

describe('the design system gallery (docs/design-system.html)', () => {
  it('is up to date with the components (run `npm run design:gallery`)', () => {
    expect(readFileSync(galleryFile, 'utf8')).toBe(renderGallery());
  });

  it('shows every component the design system names', () => {
    const page = renderGallery();
    for (const mark of ['class="btn btn--primary"', 'btn--secondary', 'btn--ghost', 'btn--danger', 'btn--link', 'class="card', 'badge--success', 'class="rtable"', 'aria-current="true"', 'toast', 'spinner']) {
      expect(page).toContain(mark);
    }
  });
});
