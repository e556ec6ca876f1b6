// A read kept in memory and dropped when one of its tables changes (decision 018): the
// tables' triggers (migration 0013) notify on commit, on every instance; a time limit bounds
// staleness should a notification be lost (connection down). Of concurrent first reads, one
// goes to the database; a change drops a load still under way.
import { TABLE_CHANGED_CHANNEL, type ChangeFeed } from './notifications';

export interface CachedReadOptions {
  /** The tables whose change drops the value. */
  tables: readonly string[];
  /** The longest a value is kept without a notification. */
  maxAgeMs: number;
  now?: () => number;
}

export class CachedRead<T> {
  private value: Promise<T> | null = null;
  /** The value once `value` has loaded (while it is still the one kept). */
  private loaded: { value: T } | null = null;
  private loadedAt = 0;
  private readonly now: () => number;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly options: CachedReadOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  listen(feed: ChangeFeed): this {
    feed.on(TABLE_CHANGED_CHANNEL, (table) => {
      if (this.options.tables.includes(table)) this.invalidate();
    });
    feed.onReconnect(() => this.invalidate());
    return this;
  }

  /** A load under way is dropped too: the change may have committed after it read. */
  invalidate(): void {
    this.value = null;
    this.loaded = null;
  }

  get(): Promise<T> {
    if (this.value && this.now() - this.loadedAt <= this.options.maxAgeMs) return this.value;
    const loading = this.load();
    this.value = loading;
    this.loaded = null;
    this.loadedAt = this.now();
    loading.then(
      (value) => {
        if (this.value === loading) this.loaded = { value };
      },
      () => {
        if (this.value === loading) this.value = null;
      },
    );
    return loading;
  }

  /** `get()`, but the value itself when it has loaded and is fresh: no promise, no turn of the event loop. */
  current(): T | Promise<T> {
    if (this.loaded && this.now() - this.loadedAt <= this.options.maxAgeMs) return this.loaded.value;
    return this.get();
  }
}

export interface KeyedCachedReadOptions {
  /** The most keys kept; past it the least recently read is dropped. */
  maxKeys: number;
  /** The longest a value is kept without a notification. */
  maxAgeMs: number;
  now?: () => number;
}

/** A key's read; `loaded`: the value once `value` has loaded. */
interface KeyedEntry<T> {
  value: Promise<T>;
  loadedAt: number;
  loaded?: { value: T };
}

/**
 * A read per key (an account's), each kept like a `CachedRead` and dropped by `invalidate(key)`,
 * at most `maxKeys` of them. The owner drops a key when it hears of its change: its own write
 * at once, other instances' by a notification naming the key.
 */
export class KeyedCachedRead<K, T> {
  private readonly entries = new Map<K, KeyedEntry<T>>();
  private readonly now: () => number;

  constructor(
    private readonly load: (key: K) => Promise<T>,
    private readonly options: KeyedCachedReadOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  invalidate(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get(key: K): Promise<T> {
    const kept = this.fresh(key);
    if (kept) return kept.value;
    const entry: KeyedEntry<T> = { value: this.load(key), loadedAt: this.now() };
    this.entries.set(key, entry);
    if (this.entries.size > this.options.maxKeys) this.entries.delete(this.entries.keys().next().value as K);
    entry.value.then(
      (value) => {
        entry.loaded = { value };
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry.value;
  }

  /** `get(key)`, but the value itself when it has loaded and is fresh: no promise, no turn of the event loop. */
  current(key: K): T | Promise<T> {
    const kept = this.fresh(key);
    if (kept?.loaded) return kept.loaded.value;
    return kept ? kept.value : this.get(key);
  }

  /** The key's entry when fresh, re-inserted so the Map's order is least recently read first. */
  private fresh(key: K) {
    const kept = this.entries.get(key);
    this.entries.delete(key);
    if (!kept || this.now() - kept.loadedAt > this.options.maxAgeMs) return undefined;
    this.entries.set(key, kept);
    return kept;
  }
}
