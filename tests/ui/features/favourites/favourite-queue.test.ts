// The favourites kept on the device (src/features/favourites/favourite-queue.ts): sent at once when
// it can be; offline or unanswered, kept (the last change per class) and reported as kept; a
// flush sends each once, oldest first, stops at the first that gets no answer, drops what the
// server refuses for good, and keeps a change made again while the older one was on its way.
import { describe, expect, it } from 'vitest';
import { favouriteQueue, memoryFavouriteStore } from '@features/favourites/favourite-queue';
import { failed, ok, unreachable, type Outcome } from '@domain/request-outcome';
import type { FavouriteChange } from '@machines/favourites.machine';

function setUp(answers: Outcome<{ saved: boolean }>[] = []) {
  const sent: FavouriteChange[] = [];
  let online = true;
  let clock = 0;
  const store = memoryFavouriteStore();
  const queue = favouriteQueue({
    api: {
      setFavourite: async (change) => {
        sent.push(change);
        return answers.shift() ?? ok({ saved: change.saved });
      },
    },
    store,
    account: () => 'ana@example.com',
    online: () => online,
    now: () => new Date(Date.UTC(2026, 10, 29, 8, 0, clock++)),
  });
  return { queue, sent, store, goOffline: () => (online = false), goOnline: () => (online = true), answers };
}

describe('favourite queue', () => {
  it('sends at once when online, and keeps nothing', async () => {
    const { queue, sent } = setUp();
    expect(await queue.setFavourite({ classId: 'a', saved: true })).toEqual(ok({ saved: true }));
    expect(sent).toEqual([{ classId: 'a', saved: true }]);
    expect(await queue.waiting()).toEqual([]);
  });

  it('offline, keeps the last change per class and says so, sending nothing', async () => {
    const { queue, sent, goOffline } = setUp();
    goOffline();
    expect(await queue.setFavourite({ classId: 'a', saved: true })).toEqual(ok({ saved: true, kept: true }));
    await queue.setFavourite({ classId: 'b', saved: true });
    await queue.setFavourite({ classId: 'a', saved: false });
    expect(sent).toEqual([]);
    expect(await queue.waiting()).toEqual([
      { classId: 'b', saved: true },
      { classId: 'a', saved: false },
    ]);
  });

  it('a request that gets no answer is kept; a refusal is the answer', async () => {
    const { queue } = setUp([unreachable, failed(404, null)]);
    expect(await queue.setFavourite({ classId: 'a', saved: true })).toEqual(ok({ saved: true, kept: true }));
    expect(await queue.setFavourite({ classId: 'gone', saved: true })).toEqual(failed(404, null));
    expect(await queue.waiting()).toEqual([{ classId: 'a', saved: true }]);
  });

  it('a flush sends each change once, oldest first, until one gets no answer; a refusal for good is dropped', async () => {
    const { queue, sent, goOffline, goOnline, answers } = setUp();
    goOffline();
    await queue.setFavourite({ classId: 'a', saved: true });
    await queue.setFavourite({ classId: 'gone', saved: true });
    await queue.setFavourite({ classId: 'c', saved: false });
    goOnline();
    answers.push(ok({ saved: true }), failed(404, null), unreachable);
    expect(await queue.flush()).toEqual([{ classId: 'c', saved: false }]);
    expect(await queue.flush()).toEqual([]);
    expect(sent).toEqual([
      { classId: 'a', saved: true },
      { classId: 'gone', saved: true },
      { classId: 'c', saved: false },
      { classId: 'c', saved: false },
    ]);
  });

  it('a change sent at once replaces the one kept before for that class', async () => {
    const { queue, goOffline, goOnline } = setUp();
    goOffline();
    await queue.setFavourite({ classId: 'a', saved: true });
    goOnline();
    await queue.setFavourite({ classId: 'a', saved: false });
    expect(await queue.waiting()).toEqual([]);
  });

  it('keeps a change made again while the older one was being sent', async () => {
    const { store } = setUp();
    await store.put({ key: 'k', account: 'ana@example.com', classId: 'a', saved: true, at: '1' });
    await store.put({ key: 'k', account: 'ana@example.com', classId: 'a', saved: false, at: '2' });
    await store.remove('k', '1');
    expect((await store.of('ana@example.com')).map((c) => c.saved)).toEqual([false]);
  });
});
