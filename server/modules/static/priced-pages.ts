// The landing's price range in its pre-rendered page (docs/decisions/063). The build draws the page
// once more with the range's amounts in marked spans (scripts/prerender.ts); here the current
// range, read from the plans and dropped when they change (decision 018), is written into them in
// the page's language, and on #root for the app to hydrate with the same copy. With no plan on
// sale, or the plans unreadable, the range-free page is answered.
import { formatMoney, type PriceRange } from '@domain/plans';
import { PRICE_RANGE_ATTRIBUTE, PRICE_SLOT_ATTRIBUTE } from '@domain/prerendered-pages';
import { compressed, etagOf, type AppAsset, type PreparedAsset } from './app-assets';

const slot = new RegExp(`(<span ${PRICE_SLOT_ATTRIBUTE}="(min|max)">)[^<]*(</span>)`, 'g');
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The drawn page with `range` in its price spans (formatted in `language`) and on #root. */
export function fillPriceRange(html: string, range: PriceRange, language: string): string {
  const filled = html.replace(slot, (_match, open: string, which: 'min' | 'max', close: string) => `${open}${escapeHtml(formatMoney(range[which], range.currency, language))}${close}`);
  const attribute = `${PRICE_RANGE_ATTRIBUTE}="${escapeHtml(JSON.stringify({ min: range.min, max: range.max, currency: range.currency }))}"`;
  return filled.replace('<div id="root" ', `<div id="root" ${attribute} `);
}

/** A page answered with the current range: the drawn page's, filled once per range and language. */
export type PricedPage = (language: string) => PreparedAsset | undefined | Promise<PreparedAsset | undefined>;

export function pricedPage(
  drawn: ReadonlyMap<string, AppAsset>,
  plain: ReadonlyMap<string, PreparedAsset>,
  range: () => PriceRange | null | Promise<PriceRange | null>,
  prepare: (asset: AppAsset, language: string) => PreparedAsset,
): PricedPage {
  // The pages of the last range seen, by language (a change of range makes new ones).
  let filled: { key: string; pages: Map<string, PreparedAsset | Promise<PreparedAsset>> } = { key: '', pages: new Map() };
  const pageFor = (current: PriceRange | null, language: string) => {
    const template = drawn.get(language);
    if (!current || !template) return plain.get(language);
    const key = JSON.stringify(current);
    if (filled.key !== key) filled = { key, pages: new Map() };
    const pages = filled.pages;
    const known = pages.get(language);
    if (known) return known;
    const body = Buffer.from(fillPriceRange(template.body.toString('utf8'), current, language));
    const making = compressed(body, '.html').then((encodings) => {
      const page = prepare({ ...template, body, etag: etagOf(body), ...encodings }, language);
      pages.set(language, page);
      return page;
    });
    pages.set(language, making);
    return making;
  };
  return (language) => {
    let current: PriceRange | null | Promise<PriceRange | null>;
    try {
      current = range();
    } catch {
      current = null;
    }
    if (!(current instanceof Promise)) return pageFor(current, language);
    return current.then(
      (loaded) => pageFor(loaded, language),
      () => plain.get(language),
    );
  };
}
