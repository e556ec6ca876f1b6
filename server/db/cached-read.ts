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
  }

  get(): Promise<T> {
    if (this.value && this.now() - this.loadedAt <= this.options.maxAgeMs) return this.value;
    const loading = this.load();
    this.value = loading;
    this.loadedAt = this.now();
    loading.catch(() => {
      if (this.value === loading) this.value = null;
    });
    return loading;
  }
}
