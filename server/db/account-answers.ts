// Each account's answers kept serialised in memory (decision 045): the calls its home, calendar
// feed and activity pages make. An account's are dropped together when anything they show
// changes (its own write at once, before that write answers; any writer's by notification, on
// every instance, decision 018), when the time its answer was made for has passed (a day rolling
// over in its zone, a class's publication), and after a minute at the latest. Bounded in
// bytes: the least recently read accounts go first.
import { ACCOUNT_CHANGED_CHANNEL, TABLE_CHANGED_CHANNEL, type ChangeFeed } from './notifications';

/** A serialised answer and the instant it stops being true on its own (ms since the epoch). */
export interface Answer {
  body: string;
  validUntil: number;
}

export interface AccountAnswersOptions {
  /** The longest an answer is kept without a notification. */
  maxAgeMs?: number;
  /** The bytes kept across every account; past it the least recently read accounts go. */
  maxBytes?: number;
  /** Tables every account's answers show (the catalog, plans, programmes): a change drops all. */
  sharedTables?: readonly string[];
  now?: () => number;
}

/** What is kept: the body as the bytes sent (a string would be encoded again on every send). */
interface Kept {
  body: Buffer;
  validUntil: number;
}

interface Entry {
  value: Promise<Kept>;
  loadedAt: number;
  /** Known once loaded. */
  answer: Kept | null;
}

interface Account {
  entries: Map<string, Entry>;
  /** Other names it is found by (a calendar link's hash). */
  aliases: Set<string>;
  bytes: number;
}

const encoded = (answer: Answer): Kept => ({ body: Buffer.from(answer.body), validUntil: answer.validUntil });

export const DEFAULT_MAX_BYTES = 16_000_000;
const DEFAULT_MAX_AGE_MS = 60_000;
const DEFAULT_SHARED_TABLES = ['classes', 'disciplines', 'instructors', 'media', 'plans', 'programmes', 'programme_classes'];

export class AccountAnswers {
  /** In Map order, least recently read first. */
  private readonly accounts = new Map<string, Account>();
  private readonly aliases = new Map<string, string>();
  private bytes = 0;
  /** Drops counted, so a load by alias (its account not known until it ends) can tell whether one happened meanwhile. */
  private drops = 0;
  private readonly droppedAt = new Map<string, number>();
  private aliasLoads = 0;
  private readonly maxAgeMs: number;
  private readonly maxBytes: number;
  private readonly sharedTables: readonly string[];
  private readonly now: () => number;

  constructor(options: AccountAnswersOptions = {}) {
    this.maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
    this.maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    this.sharedTables = options.sharedTables ?? DEFAULT_SHARED_TABLES;
    // Read at each call, so a clock a test installs later is the one used.
    this.now = options.now ?? (() => Date.now());
  }

  listen(feed: ChangeFeed): this {
    const drop = (accountId: string) => (accountId ? this.invalidate(accountId) : this.clear());
    feed.on(ACCOUNT_CHANGED_CHANNEL, drop);
    feed.on(TABLE_CHANGED_CHANNEL, (table) => {
      if (this.sharedTables.includes(table)) this.clear();
    });
    // What was missed while the connection was down is unknown.
    feed.onReconnect(() => this.clear());
    return this;
  }

  /** Bytes kept now (what the bound counts). */
  get size(): number {
    return this.bytes;
  }

  /** Drops the account's answers; a load under way is not kept either. */
  invalidate(accountId: string): void {
    this.drops += 1;
    if (this.aliasLoads > 0) this.droppedAt.set(accountId, this.drops);
    const account = this.accounts.get(accountId);
    if (!account) return;
    this.accounts.delete(accountId);
    this.bytes -= account.bytes;
    for (const alias of account.aliases) this.aliases.delete(alias);
  }

  clear(): void {
    this.drops += 1;
    if (this.aliasLoads > 0) this.droppedAt.set('', this.drops);
    this.accounts.clear();
    this.aliases.clear();
    this.bytes = 0;
  }

  /**
   * The account's answer named `name`, kept or made by `load`: the bytes themselves when kept
   * (no promise, no turn of the event loop, decision 080), else a promise of them.
   */
  get(accountId: string, name: string, load: () => Promise<Answer>): Buffer | Promise<Buffer> {
    const account = this.touch(accountId);
    const kept = account?.entries.get(name);
    if (kept && this.fresh(kept)) return kept.answer ? kept.answer.body : kept.value.then((answer) => answer.body);
    if (kept) this.remove(accountId, name);
    const entry: Entry = { value: load().then(encoded), loadedAt: this.now(), answer: null };
    const owner = account ?? this.open(accountId);
    owner.entries.set(name, entry);
    entry.value.then(
      (answer) => {
        if (this.accounts.get(accountId)?.entries.get(name) !== entry) return;
        entry.answer = answer;
        this.grow(owner, answer.body.byteLength);
      },
      () => {
        if (this.accounts.get(accountId)?.entries.get(name) === entry) this.remove(accountId, name);
      },
    );
    return entry.value.then((answer) => answer.body);
  }

  /**
   * The answer found by `alias` (a secret link), kept or made by `load`, which finds its account
   * too, or null (not kept: an unknown link is asked each time). Kept unless the account's
   * answers were dropped while it loaded.
   */
  async byAlias(alias: string, name: string, load: () => Promise<(Answer & { accountId: string }) | null>): Promise<Buffer | null> {
    const accountId = this.aliases.get(alias);
    if (accountId !== undefined) {
      const account = this.touch(accountId);
      const kept = account?.entries.get(name);
      if (kept && this.fresh(kept)) return (await kept.value).body;
    }
    const started = this.drops;
    this.aliasLoads += 1;
    try {
      const loaded = await load();
      if (loaded === null) return null;
      const droppedSince = Math.max(this.droppedAt.get(loaded.accountId) ?? 0, this.droppedAt.get('') ?? 0) > started;
      const kept = encoded(loaded);
      if (!droppedSince) this.keep(loaded.accountId, alias, name, kept);
      return kept.body;
    } finally {
      this.aliasLoads -= 1;
      if (this.aliasLoads === 0) this.droppedAt.clear();
    }
  }

  private keep(accountId: string, alias: string, name: string, answer: Kept): void {
    const account = this.touch(accountId) ?? this.open(accountId);
    if (account.entries.has(name)) this.remove(accountId, name);
    const previous = this.aliases.get(alias);
    if (previous !== undefined && previous !== accountId) this.accounts.get(previous)?.aliases.delete(alias);
    account.entries.set(name, { value: Promise.resolve(answer), loadedAt: this.now(), answer });
    account.aliases.add(alias);
    this.aliases.set(alias, accountId);
    this.grow(account, answer.body.byteLength);
  }

  private fresh(entry: Entry): boolean {
    const now = this.now();
    return now - entry.loadedAt <= this.maxAgeMs && (entry.answer === null || now < entry.answer.validUntil);
  }

  /** The account, moved to the most recently read end. */
  private touch(accountId: string): Account | undefined {
    const account = this.accounts.get(accountId);
    if (account) {
      this.accounts.delete(accountId);
      this.accounts.set(accountId, account);
    }
    return account;
  }

  private open(accountId: string): Account {
    const account: Account = { entries: new Map(), aliases: new Set(), bytes: 0 };
    this.accounts.set(accountId, account);
    return account;
  }

  private remove(accountId: string, name: string): void {
    const account = this.accounts.get(accountId);
    const entry = account?.entries.get(name);
    if (!account || !entry) return;
    account.entries.delete(name);
    const bytes = entry.answer?.body.byteLength ?? 0;
    account.bytes -= bytes;
    this.bytes -= bytes;
  }

  private grow(account: Account, bytes: number): void {
    account.bytes += bytes;
    this.bytes += bytes;
    for (const [oldest, candidate] of this.accounts) {
      if (this.bytes <= this.maxBytes) break;
      if (candidate === account && this.accounts.size === 1) {
        // One account over the whole bound keeps nothing.
        this.invalidate(oldest);
        break;
      }
      if (candidate !== account) this.evict(oldest);
    }
  }

  /** Dropped for room, not for a change: loads by alias under way may still keep theirs. */
  private evict(accountId: string): void {
    const account = this.accounts.get(accountId);
    if (!account) return;
    this.accounts.delete(accountId);
    this.bytes -= account.bytes;
    for (const alias of account.aliases) this.aliases.delete(alias);
  }
}
