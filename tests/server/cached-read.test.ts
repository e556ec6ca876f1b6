// Reads kept per account (server/db/cached-read.ts): one load per account while kept, a fresh
// one after a change or past the age limit, at most maxKeys accounts (the least recently read
// go first), and a failed load never kept.
import { describe, expect, it, vi } from 'vitest';
import { KeyedCachedRead } from '@server/db/cached-read';

function reads(maxKeys = 3, maxAgeMs = 1_000) {
  let now = 0;
  let version = 0;
  const load = vi.fn(async (key: string) => `${key}@${version}`);
  const cache = new KeyedCachedRead(load, { maxKeys, maxAgeMs, now: () => now });
  return {
    cache,
    load,
    advance: (ms: number) => (now += ms),
    change: () => (version += 1),
  };
}

describe('KeyedCachedRead', () => {
  it('loads an account once while kept, and each account apart', async () => {
    const { cache, load } = reads();
    expect(await Promise.all([cache.get('ana'), cache.get('ana'), cache.get('bo')])).toEqual(['ana@0', 'ana@0', 'bo@0']);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('reads again after its change is heard, for that account only', async () => {
    const { cache, change } = reads();
    await cache.get('ana');
    await cache.get('bo');
    change();
    cache.invalidate('ana');
    expect(await cache.get('ana')).toBe('ana@1');
    expect(await cache.get('bo')).toBe('bo@0');
    cache.clear();
    expect(await cache.get('bo')).toBe('bo@1');
  });

  it('reads again past the age limit, not before', async () => {
    const { cache, change, advance } = reads(3, 1_000);
    await cache.get('ana');
    change();
    advance(1_000);
    expect(await cache.get('ana')).toBe('ana@0');
    advance(1);
    expect(await cache.get('ana')).toBe('ana@1');
  });

  it('keeps at most maxKeys accounts, dropping the least recently read', async () => {
    const { cache, load } = reads(2);
    await cache.get('ana');
    await cache.get('bo');
    await cache.get('ana');
    await cache.get('cy');
    load.mockClear();
    await cache.get('ana');
    await cache.get('cy');
    expect(load).not.toHaveBeenCalled();
    await cache.get('bo');
    expect(load).toHaveBeenCalledWith('bo');
  });

  it('answers a loaded value itself (no promise) while kept, and a promise while loading or after a change', async () => {
    const { cache, change } = reads();
    const first = cache.current('ana');
    expect(first).toBeInstanceOf(Promise);
    expect(await first).toBe('ana@0');
    expect(cache.current('ana')).toBe('ana@0');
    change();
    cache.invalidate('ana');
    const again = cache.current('ana');
    expect(again).toBeInstanceOf(Promise);
    expect(await again).toBe('ana@1');
    expect(cache.current('ana')).toBe('ana@1');
  });

  it('does not keep a failed load', async () => {
    const load = vi.fn<(key: string) => Promise<string>>().mockRejectedValueOnce(new Error('connection lost')).mockResolvedValue('ana@0');
    const cache = new KeyedCachedRead(load, { maxKeys: 2, maxAgeMs: 1_000 });
    await expect(cache.get('ana')).rejects.toThrow('connection lost');
    expect(await cache.get('ana')).toBe('ana@0');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
