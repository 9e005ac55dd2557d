/**
 * Catalogue answers that are the same for every visitor (the series list per query, a series, the
 * highlight carousels, the categories), kept in the process for a few seconds. The catalogue is read
 * on every page and changes only when staff edit it, so most reads cost no query at all.
 *
 * Any write to a catalogue table empties the cache (the write observer reports it, and with Redis the
 * other processes hear of it on a channel within milliseconds); the time-to-live bounds the age of an
 * answer if such a message is ever lost, and stays within the product's admin-to-site sync (≤ 5 s, product.md#sync).
 * Concurrent misses of one key share one computation, so an emptied cache does not stampede the database.
 */

/** Tables whose rows appear in cached answers. */
export const CATALOGUE_TABLES = new Set([
  'series',
  'episodes',
  'seasons',
  'categories',
  'series_categories',
  'series_former_slugs',
  'episode_subtitles',
]);

/**
 * Counters kept on catalogue rows that no cached answer waits for: a like moves `series.likes`, and
 * emptying every cached answer on each like would make likes a flood of cache misses. A list ordered by
 * likes catches up within the cache's lifetime (seconds).
 */
const COUNTER_COLUMNS: Record<string, ReadonlySet<string>> = { series: new Set(['likes']) };

/** Whether a write changes what cached answers show (an update of counters alone does not). */
export function changesCatalogue(write: { table: string; kind: string; columns: string[] }): boolean {
  if (!CATALOGUE_TABLES.has(write.table)) return false;
  const counters = COUNTER_COLUMNS[write.table];
  return !(
    write.kind === 'update' &&
    counters &&
    write.columns.length > 0 &&
    write.columns.every((c) => counters.has(c))
  );
}

interface Entry {
  generation: number;
  expiresAt: number;
  value: Promise<unknown>;
}

export class CatalogueCache {
  private generation = 0;
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlSeconds: number,
    private readonly maxEntries = 1_000,
  ) {}

  /** The cached answer for `key`, or the result of `compute` (cached when it succeeds). */
  remember<T>(key: string, compute: () => Promise<T>): Promise<T> {
    if (this.ttlSeconds <= 0) return compute();
    const now = Date.now();
    const entry = this.entries.get(key);
    if (entry && entry.generation === this.generation && entry.expiresAt > now) return entry.value as Promise<T>;
    const value = compute();
    this.entries.delete(key);
    this.entries.set(key, { generation: this.generation, expiresAt: now + this.ttlSeconds * 1000, value });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  /** Forgets every answer, including those whose computation is still running. */
  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** A stable key for a query object: its defined values in name order. */
export function queryKey(name: string, query: object): string {
  const parts = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${JSON.stringify(value)}`);
  return `${name}?${parts.join('&')}`;
}
