// A class's poster before it exists (a fresh server still making the sample media) or when it
// failed: a placeholder in the discipline's colour with its icon and the title, never a broken
// image, the title staying the card's accessible name with the placeholder hidden from it.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { ClassPoster } from '@components';
import { ClassCardView } from '@components/class-card';
import { disciplineLook } from '@domain/disciplines';
import { card } from '../../machines/catalog-fixtures';
import { renderIntl } from '../support/components-render';

const placeholderOf = (container: HTMLElement) => container.querySelector<HTMLElement>('.class-poster__placeholder');
const posterOf = (container: HTMLElement) => container.querySelector<HTMLElement>('.class-poster');

describe('a class card whose poster is not there', () => {
  it('shows the placeholder while the poster loads, and the title stays the link’s name', () => {
    const { container } = renderIntl(<ClassCardView card={card('flow')} />);
    const placeholder = placeholderOf(container);
    expect(placeholder?.textContent).toBe('Class flow');
    expect(placeholder?.getAttribute('aria-hidden')).toBe('true');
    expect(placeholder?.querySelector('svg')).not.toBeNull();
    expect(posterOf(container)?.style.getPropertyValue('--poster-colour')).toBe(disciplineLook('yoga').colour);
    // The image waits, unseen (styles: opacity 0), until it has loaded.
    expect(posterOf(container)?.dataset.poster).toBe('loading');
    // The link reads as it did with a bare poster: its length and the title, the title once.
    expect(screen.getByRole('link').textContent).toContain('Class flow');
    expect(screen.getByRole('link', { name: /min Class flow$/ })).toBeDefined();
    expect(screen.getByRole('heading', { name: 'Class flow' })).toBeDefined();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('keeps the placeholder and drops the image when the poster fails, so no broken image shows', () => {
    const { container } = renderIntl(<ClassCardView card={card('flow')} />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    expect(placeholderOf(container)?.textContent).toBe('Class flow');
    expect(posterOf(container)?.dataset.poster).toBe('failed');
  });

  it('shows the poster alone once it has loaded', () => {
    const { container } = renderIntl(<ClassCardView card={card('flow')} />);
    fireEvent.load(container.querySelector('img')!);
    expect(placeholderOf(container)).toBeNull();
    expect(posterOf(container)?.dataset.poster).toBe('loaded');
  });

  it('gives a discipline it does not know a neutral colour and a generic icon', () => {
    const { container } = renderIntl(<ClassPoster src="/media/x/poster.jpg" title="Aqua gym" disciplineId="aqua" width={640} height={360} />);
    fireEvent.error(container.querySelector('img')!);
    expect(posterOf(container)?.style.getPropertyValue('--poster-colour')).toBe(disciplineLook('aqua').colour);
    expect(placeholderOf(container)?.querySelector('path')?.getAttribute('d')).toBeTruthy();
    expect(placeholderOf(container)?.textContent).toBe('Aqua gym');
  });
});
