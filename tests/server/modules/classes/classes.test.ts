// Classes API: the seeded catalog, filters, search in both languages, stable paging, one class
// with the account's progress and access, the subscriber's home rows, and every refusal.
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { components } from '@domain/api-schema';
import { classes, classProgress, instructors, subscriptions, users } from '@server/db/schema';
import { PROGRESS_CHANGED_CHANNEL, TABLE_CHANGED_CHANNEL } from '@server/db/notifications';
import { listFacets, loadCatalogSnapshot, type CatalogSnapshot } from '@server/modules/classes/class-repository';
import type { ClassFilters } from '@server/modules/classes/list-query';
import { FirstPages } from '@server/modules/classes/first-pages';
import { expectContract, signUp, testAppForFile, type SignedUpUser } from '../../harness';
import { ownerProfileId } from '../../fixtures/profiles';

type Schemas = components['schemas'];
type ClassCard = Schemas['ClassCard'];
type ClassList = Schemas['ClassListSuccess'];

const LIST = '/api/v1/classes';
const HOME = '/api/v1/classes/home';

const t = testAppForFile();
let viewer: SignedUpUser;
/** Every published class, newest first, as one page (the catalog is smaller than the page limit). */
let everything: ClassCard[];

async function get(url: string, token: string | null = viewer.token) {
  const response = await t.app.inject({ method: 'GET', url, headers: token ? { authorization: `FitStream ${token}` } : {} });
  expectContract(response, 'GET', url);
  return response;
}

async function list(query: string, token?: string): Promise<ClassList> {
  const response = await get(`${LIST}?${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ClassList>();
}

const ids = (cards: readonly { id: string }[]) => cards.map((card) => card.id);

/** The size of the catalog's first page (20 cards, no progress) for these filters. */
function pagesBytes(snapshot: CatalogSnapshot, facets: Schemas['ClassFacets'], filters: ClassFilters): number {
  return new FirstPages().answer(snapshot, facets, new Map(), filters, 20).length;
}

async function userIdOf(user: SignedUpUser): Promise<string> {
  const [row] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
  return row!.id;
}

beforeAll(async () => {
  viewer = await signUp(t.app);
  // Three classes published at the same microsecond (only the id orders them) and one scheduled
  // for tomorrow, which is not in the catalog yet.
  const base = { disciplineId: 'yoga', instructorId: 'lucia-martin', level: 'beginner', durationSeconds: 1200, mediaId: 'sample-a' };
  const texts = (name: string) => ({
    title: { en: `Twin ${name}`, es: `Gemela ${name}` },
    description: { en: 'Same minute.', es: 'Mismo minuto.' },
    equipment: { en: [], es: [] },
  });
  await t.app.db.insert(classes).values([
    ...['twin-a', 'twin-b', 'twin-c'].map((id) => ({
      ...base,
      ...texts(id),
      id,
      publishedAt: sql`now() - interval '10 days 0.123456 seconds'`,
    })),
    { ...base, ...texts('scheduled'), id: 'scheduled-tomorrow', publishedAt: sql`now() + interval '1 day'` },
  ]);
  everything = (await list('limit=50')).classes;
});

describe('the catalog', () => {
  it('needs a signed-in account for every call', async () => {
    for (const url of [LIST, HOME, `${LIST}/sunrise-vinyasa-flow`, `${LIST}?level=expert`]) {
      const response = await get(url, null);
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('is seeded with classes across disciplines and instructors, every text in English and Spanish', async () => {
    const seeded = everything.filter((card) => !card.id.startsWith('twin-'));
    expect(seeded.length).toBeGreaterThanOrEqual(24);
    expect(new Set(seeded.map((card) => card.discipline.id)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(seeded.map((card) => card.instructor.id)).size).toBeGreaterThanOrEqual(6);
    for (const card of seeded) {
      const detail = (await get(`${LIST}/${card.id}`)).json<Schemas['ClassSuccess']>().class;
      for (const text of [detail.title, detail.description, detail.instructor.bio, detail.discipline.name]) {
        expect(text.en.trim(), card.id).not.toBe('');
        expect(text.es.trim(), card.id).not.toBe('');
      }
      expect(detail.description.es, card.id).not.toBe(detail.description.en);
      expect(detail.equipment.es).toHaveLength(detail.equipment.en.length);
      expect(detail.durationSeconds).toBeGreaterThanOrEqual(10 * 60);
      expect(detail.durationSeconds).toBeLessThanOrEqual(60 * 60);
      expect(detail.posterUrl).toBe(`/media/class-${detail.id}/poster.jpg`);
    }
  });

  it('lists newest first, leaves out what is scheduled, and offers the facets on the first page', async () => {
    const first = await list('');
    expect(first.total).toBe(everything.length);
    expect(first.classes).toEqual(everything.slice(0, 20));
    expect(ids(everything)).not.toContain('scheduled-tomorrow');
    const times = everything.map((card) => Date.parse(card.publishedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(first.facets?.levels).toEqual(['beginner', 'intermediate', 'advanced']);
    expect(first.facets?.disciplines.map((d) => d.id)).toEqual(['yoga', 'hiit', 'strength', 'pilates', 'cycling', 'mobility']);
    expect(first.facets?.disciplines.find((d) => d.id === 'strength')?.name).toEqual({ en: 'Strength', es: 'Fuerza' });
    const names = first.facets?.instructors.map((i) => i.name) ?? [];
    expect(names).toEqual([...names].sort());
    expect(names).toContain('Lucía Martín');
  });

  it.each([1, 7])('pages completely and without repeats, ties included, %i at a time', async (size) => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: ClassList = await list(`limit=${size}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.total).toBe(everything.length);
      expect(page.facets === undefined).toBe(cursor !== null);
      expect(page.classes.length).toBeLessThanOrEqual(size);
      seen.push(...ids(page.classes));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor !== null && pages <= everything.length);
    expect(seen).toEqual(ids(everything));
    expect(pages).toBe(Math.ceil(everything.length / size));
    expect(seen.filter((id) => id.startsWith('twin-'))).toEqual(['twin-c', 'twin-b', 'twin-a']);
  });

  it('filters by discipline, instructor, level and duration, and combines them', async () => {
    const yoga = await list('discipline=yoga');
    expect(yoga.classes.length).toBeGreaterThan(0);
    expect(ids(yoga.classes)).toEqual(ids(everything.filter((card) => card.discipline.id === 'yoga')));
    expect(yoga.total).toBe(yoga.classes.length);

    const twoDisciplines = await list('discipline=hiit&discipline=cycling');
    expect(ids(twoDisciplines.classes)).toEqual(ids(everything.filter((card) => ['hiit', 'cycling'].includes(card.discipline.id))));

    const marcus = await list('instructor=marcus-reed');
    expect(ids(marcus.classes)).toEqual(ids(everything.filter((card) => card.instructor.id === 'marcus-reed')));

    const advanced = await list('level=advanced');
    expect(advanced.classes.length).toBeGreaterThan(0);
    expect(ids(advanced.classes)).toEqual(ids(everything.filter((card) => card.level === 'advanced')));

    // Both bounds are inclusive: 20- and 30-minute classes are in.
    const twentyToThirty = await list('minMinutes=20&maxMinutes=30');
    const expected = everything.filter((card) => card.durationSeconds >= 1200 && card.durationSeconds <= 1800);
    expect(ids(twentyToThirty.classes)).toEqual(ids(expected));
    expect(twentyToThirty.classes.map((card) => card.durationSeconds)).toEqual(expect.arrayContaining([1200, 1800]));

    const combined = await list('discipline=strength&level=beginner&maxMinutes=20');
    expect(ids(combined.classes)).toEqual(
      ids(everything.filter((card) => card.discipline.id === 'strength' && card.level === 'beginner' && card.durationSeconds <= 1200)),
    );
    expect(combined.classes.length).toBeGreaterThan(0);
  });

  it('searches titles, descriptions and names in English and Spanish, ignoring case and accents', async () => {
    const search = async (q: string, filters = '') => ids((await list(`q=${encodeURIComponent(q)}&limit=50${filters}`)).classes);
    expect(await search('dumbbell')).toContain('full-body-dumbbells');
    expect(await search('mancuernas')).toContain('full-body-dumbbells');
    expect(await search('Glúteos')).toEqual(['glutes-and-legs']);
    expect(await search('GLUTEOS')).toEqual(['glutes-and-legs']);
    // A word's beginning is enough, in either language, in the description too.
    expect(await search('isquiotib')).toEqual(['yin-yoga-deep-release']);
    expect(await search('hamstr')).toEqual(['yin-yoga-deep-release']);
    // Every word must match, each anywhere: title, description, discipline or instructor.
    const sofia = ids(everything.filter((card) => card.instructor.id === 'sofia-ramirez'));
    expect(await search('sofia ramirez')).toEqual(sofia);
    expect(await search('pilates SOFÍA')).toEqual(
      ids(everything.filter((card) => card.instructor.id === 'sofia-ramirez' && card.discipline.id === 'pilates')),
    );
    expect(await search('ciclo')).toEqual(ids(everything.filter((card) => card.discipline.id === 'cycling')));
    expect(await search('zumba')).toEqual([]);
    // Punctuation alone is no search at all.
    expect((await list('q=%20%21%3F')).total).toBe(everything.length);
    // Search combines with filters.
    expect(await search('hip')).toEqual(expect.arrayContaining(['sunrise-vinyasa-flow', 'hip-opener-flow']));
    const mobilityHips = await search('hip', '&discipline=mobility');
    expect(mobilityHips).toContain('hip-opener-flow');
    expect(mobilityHips).not.toContain('sunrise-vinyasa-flow');
  });

  it("finds an instructor's classes by their new name after a rename", async () => {
    const aiko = ids(everything.filter((card) => card.instructor.id === 'aiko-tanaka'));
    await t.app.db.update(instructors).set({ name: 'Aiko Tanaka-Ibáñez' }).where(eq(instructors.id, 'aiko-tanaka'));
    try {
      expect(ids((await list('q=ibanez&limit=50')).classes)).toEqual(aiko);
    } finally {
      await t.app.db.update(instructors).set({ name: 'Aiko Tanaka' }).where(eq(instructors.id, 'aiko-tanaka'));
    }
    expect((await list('q=ibanez')).total).toBe(0);
  });

  it('shows a change to a class or its instructor as soon as the database tells of it, though the list is kept in memory', async () => {
    /** Makes the change and waits until the feed told of both tables (on PostgreSQL a moment after the commit). */
    const changeAndHear = async (change: () => Promise<unknown>) => {
      const heard = new Set<string>();
      const told = new Promise<void>((resolve) =>
        t.app.changeFeed.on(TABLE_CHANGED_CHANNEL, (table) => {
          heard.add(table);
          if (heard.has('classes') && heard.has('instructors')) resolve();
        }),
      );
      await change();
      await told;
    };
    const before = (await list('limit=50')).classes;
    const first = before[0]!;
    await changeAndHear(async () => {
      await t.app.db.update(classes).set({ title: { en: 'Renamed at once', es: 'Renombrada al momento' } }).where(eq(classes.id, first.id));
      await t.app.db.update(instructors).set({ name: 'Aiko T.' }).where(eq(instructors.id, 'aiko-tanaka'));
    });
    const after = (await list('limit=50')).classes;
    expect(after.find((card) => card.id === first.id)?.title).toEqual({ en: 'Renamed at once', es: 'Renombrada al momento' });
    expect(after.filter((card) => card.instructor.id === 'aiko-tanaka').map((card) => card.instructor.name)).toEqual(
      before.filter((card) => card.instructor.id === 'aiko-tanaka').map(() => 'Aiko T.'),
    );
    await changeAndHear(async () => {
      await t.app.db.update(classes).set({ title: first.title }).where(eq(classes.id, first.id));
      await t.app.db.update(instructors).set({ name: 'Aiko Tanaka' }).where(eq(instructors.id, 'aiko-tanaka'));
    });
    expect((await list('limit=50')).classes).toEqual(before);
  });

  it('answers an empty page when nothing matches', async () => {
    const none = await list('q=zumba');
    expect(none).toMatchObject({ classes: [], total: 0, nextCursor: null });
  });

  it.each([
    ['level=expert', /^level\.0: must be one of: beginner, intermediate, advanced\.$/],
    ['minMinutes=abc', /^minMinutes: must be a whole number\.$/],
    ['minMinutes=-5', /^minMinutes: must be at least 0\.$/],
    ['minMinutes=40&maxMinutes=20', /^maxMinutes: must not be less than minMinutes\.$/],
    ['limit=0', /^limit: must be at least 1\.$/],
    ['limit=51', /^limit: must be at most 50\.$/],
    ['discipline=zumba', /^discipline: there is no discipline "zumba"\.$/],
    ['instructor=nobody', /^instructor: there is no instructor "nobody"\.$/],
    ['discipline=Not_An_Id', /^discipline\.0: has an invalid format\.$/],
    ['cursor=not-a-cursor', /^cursor: /],
    [`cursor=${Buffer.from('["1e3","x"]').toString('base64url')}`, /^cursor: /],
    [`q=${'a'.repeat(101)}`, /^q: must be at most 100 characters long\.$/],
  ])('refuses %s with 400 naming the field', async (query, message) => {
    const response = await get(`${LIST}?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
  });
});

describe('the first page, kept serialised per filter (issue 26)', () => {
  /** Makes the change and waits until the feed told of the classes table (on PostgreSQL a moment after the commit). */
  const changeAndHear = async (change: () => Promise<unknown>) => {
    const told = new Promise<void>((resolve) => t.app.changeFeed.on(TABLE_CHANGED_CHANNEL, (table) => table === 'classes' && resolve()));
    await change();
    await told;
  };

  it('shows a class published behind this instance (an import, another instance) on the next request, and its leaving too', async () => {
    const before = await list('');
    const yogaBefore = await list('discipline=yoga&level=beginner');
    await changeAndHear(() =>
      t.app.db.insert(classes).values({
        id: 'imported-now',
        disciplineId: 'yoga',
        instructorId: 'lucia-martin',
        level: 'beginner',
        durationSeconds: 900,
        mediaId: 'sample-a',
        title: { en: 'Imported just now', es: 'Importada ahora' },
        description: { en: 'New.', es: 'Nueva.' },
        equipment: { en: [], es: [] },
        publishedAt: sql`now() - interval '1 second'`,
      }),
    );
    const after = await list('');
    expect(after.classes[0]).toMatchObject({ id: 'imported-now', title: { en: 'Imported just now' }, progress: null });
    expect(after.total).toBe(before.total + 1);
    expect(ids((await list('level=beginner&discipline=yoga')).classes)).toEqual(['imported-now', ...ids(yogaBefore.classes)].slice(0, 20));
    await changeAndHear(() => t.app.db.delete(classes).where(eq(classes.id, 'imported-now')));
    expect(await list('')).toEqual(before);
  });

  it('answers what the list answers page by page: the same cards, total, cursor and facets', async () => {
    const kept = await list('limit=5&level=beginner');
    const next = await list(`limit=5&level=beginner&cursor=${kept.nextCursor}`);
    expect(next.facets).toBeUndefined();
    expect(ids(kept.classes)).toEqual(everything.filter((card) => card.level === 'beginner').slice(0, 5).map((card) => card.id));
    expect(ids(next.classes)).toEqual(everything.filter((card) => card.level === 'beginner').slice(5, 10).map((card) => card.id));
    expect(kept.facets?.disciplines.length).toBeGreaterThan(0);
  });

  it("carries each account's own progress on the same kept page", async () => {
    // A new account with progress, and the viewer with none (sign-ups per address are limited).
    const [first, second] = [await signUp(t.app), viewer];
    await t.app.db.insert(classProgress).values({ profileId: await ownerProfileId(t.app, first), classId: 'bedtime-yoga', positionSeconds: 42, updatedAt: sql`now()` });
    const cardFor = async (user: SignedUpUser) => (await list('discipline=yoga', user.token)).classes.find((card) => card.id === 'bedtime-yoga');
    expect(await cardFor(second)).toMatchObject({ id: 'bedtime-yoga', progress: null });
    expect((await cardFor(first))?.progress).toMatchObject({ positionSeconds: 42, completed: false });
    expect((await cardFor(second))?.progress).toBeNull();
  });

  it("answers an account the bytes it was last answered while its progress and the page are the same, within a bound", async () => {
    const [snapshot, facets] = [await loadCatalogSnapshot(t.app.db), await listFacets(t.app.db)];
    const filters = { disciplines: [], instructors: [], levels: [], minSeconds: null, maxSeconds: null, search: null };
    const pages = new FirstPages();
    const [ana, bo, cy] = [new Map(), new Map(), new Map()];
    const anaBody = pages.answer(snapshot, facets, ana, filters, 20);
    expect(pages.answer(snapshot, facets, ana, filters, 20)).toBe(anaBody);
    // Another filter, or progress read again (a change), is answered anew, and then kept.
    const yoga = pages.answer(snapshot, facets, ana, { ...filters, disciplines: ['yoga'] }, 20);
    expect(yoga).not.toEqual(anaBody);
    const withProgress = new Map([['bedtime-yoga', { positionSeconds: 42, completedAt: null, updatedAt: new Date() }]]);
    const changed = pages.answer(snapshot, facets, withProgress, { ...filters, disciplines: ['yoga'] }, 20);
    expect(changed).not.toEqual(yoga);
    expect(JSON.parse(changed.toString('utf8'))).toMatchObject({ classes: expect.arrayContaining([expect.objectContaining({ id: 'bedtime-yoga', progress: expect.objectContaining({ positionSeconds: 42 }) })]) });
    // Past the bound, the least recently answered account's bytes go (and are made again, equal).
    const bounded = new FirstPages(Date.now, 2 * pagesBytes(snapshot, facets, filters));
    const boBody = bounded.answer(snapshot, facets, bo, filters, 20);
    const cyBody = bounded.answer(snapshot, facets, cy, filters, 20);
    expect(bounded.answer(snapshot, facets, bo, filters, 20)).toBe(boBody);
    bounded.answer(snapshot, facets, ana, filters, 20);
    expect(bounded.answer(snapshot, facets, bo, filters, 20)).toBe(boBody);
    const cyAgain = bounded.answer(snapshot, facets, cy, filters, 20);
    expect(cyAgain).not.toBe(cyBody);
    expect(cyAgain).toEqual(cyBody);
  });

  it('shows a scheduled class once its time comes, with no change to the catalog', async () => {
    let now = Date.now();
    const pages = new FirstPages(() => now);
    const [snapshot, facets] = [await loadCatalogSnapshot(t.app.db), await listFacets(t.app.db)];
    const filters = { disciplines: [], instructors: [], levels: [], minSeconds: null, maxSeconds: null, search: null };
    const idsIn = (body: Buffer) => ids((JSON.parse(body.toString('utf8')) as ClassList).classes);
    expect(idsIn(pages.answer(snapshot, facets, new Map(), filters, 50))).not.toContain('scheduled-tomorrow');
    now += 2 * 24 * 60 * 60 * 1000;
    expect(idsIn(pages.answer(snapshot, facets, new Map(), filters, 50))[0]).toBe('scheduled-tomorrow');
  });
});

describe('one class', () => {
  it('shows its details, instructor, equipment and poster', async () => {
    const response = await get(`${LIST}/glutes-and-legs`);
    expect(response.statusCode).toBe(200);
    const { class: detail, canPlay } = response.json<Schemas['ClassSuccess']>();
    expect(canPlay).toBe(false);
    expect(detail).toMatchObject({
      id: 'glutes-and-legs',
      title: { en: 'Glutes and Legs', es: 'Glúteos y piernas' },
      discipline: { id: 'strength', name: { en: 'Strength', es: 'Fuerza' } },
      instructor: { id: 'marcus-reed', name: 'Marcus Reed' },
      level: 'intermediate',
      durationSeconds: 1800,
      equipment: { en: ['Dumbbells', 'Resistance band', 'Mat'], es: ['Mancuernas', 'Banda elástica', 'Esterilla'] },
      progress: null,
    });
    expect(detail.instructor.bio.es).toMatch(/entrenador/);
    expect(detail.posterUrl).toBe(`/media/class-${detail.id}/poster.jpg`);
    expect(detail).toMatchObject(everything.find((card) => card.id === 'glutes-and-legs')!);
  });

  it('is 404 when unknown or not published yet', async () => {
    for (const id of ['no-such-class', 'scheduled-tomorrow', encodeURIComponent('ñ/../x')]) {
      const response = await get(`${LIST}/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().message).toBe('There is no such class.');
    }
  });
});

describe('progress and the home rows', () => {
  let watcher: SignedUpUser;

  beforeAll(async () => {
    watcher = await signUp(t.app);
    const profileId = await ownerProfileId(t.app, watcher);
    await t.app.db.insert(classProgress).values([
      { profileId, classId: 'hiit-pyramid', positionSeconds: 300, updatedAt: sql`now() - interval '2 days'` },
      { profileId, classId: 'recovery-spin', positionSeconds: 61.5, updatedAt: sql`now() - interval '1 hour'` },
      { profileId, classId: 'bedtime-yoga', positionSeconds: 880, completedAt: sql`now() - interval '1 day'`, updatedAt: sql`now() - interval '1 day'` },
    ]);
  });

  it('continues the classes started and not completed, most recently watched first', async () => {
    const home = (await get(HOME, watcher.token)).json<Schemas['ClassesHomeSuccess']>();
    expect(ids(home.continueWatching)).toEqual(['recovery-spin', 'hiit-pyramid']);
    expect(home.continueWatching[0]?.progress).toMatchObject({ positionSeconds: 61.5, completed: false });
    const others = (await get(HOME)).json<Schemas['ClassesHomeSuccess']>();
    expect(others.continueWatching).toEqual([]);
  });

  it("shows the account's progress on the class and on its cards, and no one else's", async () => {
    const started = (await get(`${LIST}/hiit-pyramid`, watcher.token)).json<Schemas['ClassSuccess']>().class;
    expect(started.progress).toMatchObject({ positionSeconds: 300, completed: false });
    const done = (await get(`${LIST}/bedtime-yoga`, watcher.token)).json<Schemas['ClassSuccess']>().class;
    expect(done.progress).toMatchObject({ positionSeconds: 880, completed: true });
    const cards = (await list('discipline=yoga', watcher.token)).classes;
    expect(cards.find((card) => card.id === 'bedtime-yoga')?.progress?.completed).toBe(true);
    expect((await get(`${LIST}/hiit-pyramid`)).json<Schemas['ClassSuccess']>().class.progress).toBeNull();
  });

  it('shows progress saved behind this instance (another instance, psql) once the database tells of it, though it is kept in memory', async () => {
    const profileId = await ownerProfileId(t.app, watcher);
    const cardOf = async () => (await list('discipline=cycling', watcher.token)).classes.find((card) => card.id === 'recovery-spin');
    expect((await cardOf())?.progress).toMatchObject({ positionSeconds: 61.5 });
    const heard = new Promise<void>((resolve) =>
      t.app.changeFeed.on(PROGRESS_CHANGED_CHANNEL, (payload) => {
        if (payload === profileId) resolve();
      }),
    );
    await t.app.db.update(classProgress).set({ positionSeconds: 120, updatedAt: sql`now()` }).where(and(eq(classProgress.profileId, profileId), eq(classProgress.classId, 'recovery-spin')));
    await heard;
    expect((await cardOf())?.progress).toMatchObject({ positionSeconds: 120 });
    const home = (await get(HOME, watcher.token)).json<Schemas['ClassesHomeSuccess']>();
    expect(home.continueWatching[0]).toMatchObject({ id: 'recovery-spin', progress: { positionSeconds: 120 } });
  });

  it('has the new classes of the last 7 days and one row per discipline', async () => {
    const home = (await get(HOME)).json<Schemas['ClassesHomeSuccess']>();
    const weekAgo = Date.now() - 7 * 24 * 3600 * 1000;
    const recent = everything.filter((card) => Date.parse(card.publishedAt) > weekAgo);
    expect(recent.length).toBeGreaterThan(1);
    expect(home.newThisWeek).toEqual(recent);
    expect(home.disciplines.map((row) => row.discipline.id)).toEqual(['yoga', 'hiit', 'strength', 'pilates', 'cycling', 'mobility']);
    for (const row of home.disciplines) {
      expect(row.classes).toEqual(everything.filter((card) => card.discipline.id === row.discipline.id).slice(0, 12));
    }
    expect(home.canPlay).toBe(false);
  });
});

describe('access to play', () => {
  const day = 24 * 3600 * 1000;

  async function subscriberWith(status: string, periodEnd: number, cancelAtPeriodEnd = false): Promise<SignedUpUser> {
    const user = await signUp(t.app);
    await t.app.db.insert(subscriptions).values({
      id: `sub_${randomBytes(6).toString('hex')}`,
      userId: await userIdOf(user),
      planId: 'basic',
      provider: 'sandbox',
      status,
      cancelAtPeriodEnd,
      currentPeriodStart: new Date(periodEnd - 30 * day),
      currentPeriodEnd: new Date(periodEnd),
    });
    return user;
  }

  it.each([
    { label: 'trialing', status: 'trialing', periodEnd: Date.now() + 7 * day, cancelAtPeriodEnd: false, canPlay: true },
    { label: 'active', status: 'active', periodEnd: Date.now() + 20 * day, cancelAtPeriodEnd: false, canPlay: true },
    { label: 'active, cancelling at period end', status: 'active', periodEnd: Date.now() + 20 * day, cancelAtPeriodEnd: true, canPlay: true },
    { label: 'canceled before the period ends', status: 'canceled', periodEnd: Date.now() + 3 * day, cancelAtPeriodEnd: false, canPlay: true },
    { label: 'canceled after the period ended', status: 'canceled', periodEnd: Date.now() - day, cancelAtPeriodEnd: false, canPlay: false },
    { label: 'past_due', status: 'past_due', periodEnd: Date.now() + 3 * day, cancelAtPeriodEnd: false, canPlay: false },
    { label: 'unpaid', status: 'unpaid', periodEnd: Date.now() + 3 * day, cancelAtPeriodEnd: false, canPlay: false },
  ])('$label: canPlay is $canPlay on the class and the home', async ({ status, periodEnd, cancelAtPeriodEnd, canPlay }) => {
    const user = await subscriberWith(status, periodEnd, cancelAtPeriodEnd);
    expect((await get(`${LIST}/tabata-burn`, user.token)).json<Schemas['ClassSuccess']>().canPlay).toBe(canPlay);
    expect((await get(HOME, user.token)).json<Schemas['ClassesHomeSuccess']>().canPlay).toBe(canPlay);
  });
});
