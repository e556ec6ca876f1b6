// The price range a pre-rendered landing was drawn with (docs/decisions/063): the server writes
// the plans' current range into the page and on #root; the app starts the landing machine with
// it, so hydrating draws the same copy. The build draws its template with a range of its own.
import type { PriceRange } from '@domain/plans';
import { PRICE_RANGE_ATTRIBUTE } from '@domain/prerendered-pages';

let drawn: PriceRange | null = null;

export function drawnWithPriceRange(range: PriceRange | null): void {
  drawn = range;
}

/** The range the page was drawn with; null when it quoted none (the landing then loads it). */
export function drawnPriceRange(): PriceRange | null {
  return drawn;
}

/** The range on a pre-rendered page's #root, or null (none, or not a range). */
export function readDrawnPriceRange(root: { getAttribute(name: string): string | null }): PriceRange | null {
  try {
    const value = JSON.parse(root.getAttribute(PRICE_RANGE_ATTRIBUTE) ?? 'null') as Partial<PriceRange> | null;
    if (value && Number.isInteger(value.min) && Number.isInteger(value.max) && typeof value.currency === 'string') return { min: value.min!, max: value.max!, currency: value.currency };
  } catch {
    // Not JSON: drawn without a range, as far as the app can tell.
  }
  return null;
}
