// The catalog's first page for each filter, kept serialised (issue 26): the cards without the
// account's progress, the total, the cursor and the facets are made once per catalog snapshot
// and filter; a request only splices in its account's progress. A page is made from one
// snapshot and one facets read, so it goes when they go (decision 018: a change to the
// classes, disciplines or instructors, on every instance), and when a scheduled class's time
// comes. The bytes last answered to each account are kept too, for as long as the page and the
// account's progress read are the same objects (a change to either is a new object), within a
// bound on the bytes kept (decision 080).
import type { components } from '@domain/api-schema';
import { listClassesFromSnapshot, progressBody, type ProfileProgress, type CatalogSnapshot } from './class-repository';
import { encodeCursor, type ClassFilters } from './list-query';

type ClassFacets = components['schemas']['ClassFacets'];

/** Filters kept per snapshot; past it the least recently made is dropped. */
const MAX_FILTERS = 500;
/** The accounts' answered bytes kept at most (about 450 accounts' first pages of 20 cards). */
export const ANSWERS_MAX_BYTES = 4_000_000;
const NO_PROGRESS: ProfileProgress = new Map();

interface KeptPage {
  facets: ClassFacets;
  /** Until a scheduled class is published (ms since the epoch). */
  validUntil: number;
  /** Everything before the cards' progress, each card's id and JSON up to its progress, the rest. */
  cards: { id: string; head: string }[];
  tail: string;
}

/** The same filters in any order are one page. */
function keyOf(filters: ClassFilters, limit: number): string {
  const sorted = (values: readonly string[]) => [...values].sort();
  return JSON.stringify([sorted(filters.disciplines), sorted(filters.instructors), sorted(filters.levels), filters.minSeconds, filters.maxSeconds, limit]);
}

function nextPublication(snapshot: CatalogSnapshot, now: number): number {
  let next = Infinity;
  for (const row of snapshot) {
    const at = row.publishedAt.getTime();
    if (at > now && at < next) next = at;
  }
  return next;
}

function make(snapshot: CatalogSnapshot, facets: ClassFacets, filters: ClassFilters, limit: number, now: number): KeptPage {
  const page = listClassesFromSnapshot(snapshot, NO_PROGRESS, filters, { after: null, limit }, new Date(now));
  const cards = page.classes.map((card) => {
    const { progress: _progress, ...rest } = card;
    const json = JSON.stringify(rest);
    return { id: card.id, head: `${json.slice(0, -1)},"progress":` };
  });
  const nextCursor = page.next && encodeCursor(page.next);
  return {
    facets,
    validUntil: nextPublication(snapshot, now),
    cards,
    tail: `],"total":${page.total},"nextCursor":${JSON.stringify(nextCursor)},"facets":${JSON.stringify(facets)}}`,
  };
}

/** The first pages made from each snapshot (a new snapshot starts with none). */
export class FirstPages {
  private readonly bySnapshot = new WeakMap<CatalogSnapshot, Map<string, KeptPage>>();
  /** Each account's last answer, by its progress read (least recently answered first). */
  private readonly answered = new Map<ProfileProgress, { page: KeptPage; body: Buffer }>();
  private answeredBytes = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxBytes = ANSWERS_MAX_BYTES,
  ) {}

  /** The first page's response body for these filters, with this account's progress. */
  answer(snapshot: CatalogSnapshot, facets: ClassFacets, own: ProfileProgress, filters: ClassFilters, limit: number): Buffer {
    const now = this.now();
    let pages = this.bySnapshot.get(snapshot);
    if (!pages) {
      pages = new Map();
      this.bySnapshot.set(snapshot, pages);
    }
    const key = keyOf(filters, limit);
    let page = pages.get(key);
    if (!page || page.facets !== facets || now >= page.validUntil) {
      page = make(snapshot, facets, filters, limit, now);
      pages.delete(key);
      pages.set(key, page);
      if (pages.size > MAX_FILTERS) pages.delete(pages.keys().next().value as string);
    }
    const last = this.answered.get(own);
    if (last) {
      this.answered.delete(own);
      this.answeredBytes -= last.body.length;
    }
    const body = last?.page === page ? last.body : Buffer.from(splice(page, own));
    this.answered.set(own, { page, body });
    this.answeredBytes += body.length;
    for (const [oldest, kept] of this.answered) {
      if (this.answeredBytes <= this.maxBytes) break;
      this.answered.delete(oldest);
      this.answeredBytes -= kept.body.length;
    }
    return body;
  }
}

/** The page's JSON with the account's progress in each card. */
function splice(page: KeptPage, own: ProfileProgress): string {
  let body = '{"isSuccess":true,"classes":[';
  page.cards.forEach((card, index) => {
    body += `${index === 0 ? '' : ','}${card.head}${JSON.stringify(progressBody(own.get(card.id) ?? null))}}`;
  });
  return body + page.tail;
}
