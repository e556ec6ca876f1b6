// Catalog data for the machine tests: class cards, a class's details and the facets, shaped by
// the contract (domain/catalog.ts types).
import type { ClassCard, ClassDetail, ClassFacets } from '@domain/catalog';

export const facets: ClassFacets = {
  disciplines: [
    { id: 'yoga', name: { en: 'Yoga', es: 'Yoga' } },
    { id: 'strength', name: { en: 'Strength', es: 'Fuerza' } },
  ],
  instructors: [{ id: 'lucia-martin', name: 'Lucía Martín' }],
  levels: ['beginner', 'intermediate', 'advanced'],
};

export function card(id: string, progress: ClassCard['progress'] = null): ClassCard {
  return {
    id,
    title: { en: `Class ${id}`, es: `Clase ${id}` },
    discipline: { id: 'yoga', name: { en: 'Yoga', es: 'Yoga' } },
    instructor: { id: 'lucia-martin', name: 'Lucía Martín' },
    level: 'beginner',
    durationSeconds: 1200,
    publishedAt: '2026-11-20T08:00:00.000Z',
    posterUrl: '/media/sample-a/poster.jpg',
    progress,
  };
}

export function detail(id: string, progress: ClassDetail['progress'] = null): ClassDetail {
  const { instructor: _summary, ...rest } = card(id, progress);
  return {
    ...rest,
    description: { en: 'A gentle flow.', es: 'Un flujo suave.' },
    equipment: { en: ['Mat'], es: ['Esterilla'] },
    instructor: { id: 'lucia-martin', name: 'Lucía Martín', bio: { en: 'Teaches yoga.', es: 'Enseña yoga.' } },
  };
}
