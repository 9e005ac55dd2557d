/**
 * The first two startup steps (product.md#startup), run on what the staff area keeps in browser storage:
 *   1. media addresses move from the nyc3 storage region to sfo3;
 *   2. test data is removed (product.md#browser-storage): series titled 'Test' followed by digits, with a slug test-<digits> or
 *      a title containing 'test 1', and teasers whose series_title contains 'test'.
 * Each answers how many records it changed; a collection that fails to parse is left to the typed
 * storage, which removes it.
 */
import { readStored, STORED_COLLECTION_KEYS, type StorageKey, writeStored } from '../storage/local-storage';

export const MEDIA_REGION_FROM = 'nyc3';
export const MEDIA_REGION_TO = 'sfo3';

/** The region is a host label: `bucket.nyc3.digitaloceanspaces.com`, `nyc3.cdn.example.com`. */
const REGION_IN_HOST = new RegExp(`(^|//|\\.)${MEDIA_REGION_FROM}(?=\\.)`, 'g');

export function migrateMediaRegionIn(value: unknown): unknown {
  if (typeof value === 'string') {
    if (!/^(https?:)?\/\//.test(value)) return value;
    const [origin, ...rest] = value.split(/(?<=\/\/[^/]+)(?=\/)/);
    return [origin.replace(REGION_IN_HOST, `$1${MEDIA_REGION_TO}`), ...rest].join('');
  }
  if (Array.isArray(value)) return value.map(migrateMediaRegionIn);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, migrateMediaRegionIn(inner)]));
  }
  return value;
}

const MIGRATED_KEYS: readonly StorageKey[] = [...STORED_COLLECTION_KEYS, 'series_media_overrides'];

export function migrateStoredMediaRegion(): number {
  let changed = 0;
  for (const key of MIGRATED_KEYS) {
    const stored = readStored(key);
    if (!stored) continue;
    const before = JSON.stringify(stored);
    const migrated = migrateMediaRegionIn(stored);
    if (JSON.stringify(migrated) !== before) {
      writeStored(key, migrated as never);
      changed += 1;
    }
  }
  return changed;
}

const TEST_TITLE = /Test\d+/;
const TEST_SLUG = /test-\d+/;
const TEST_ONE = 'test 1';

interface SeriesLike {
  title?: unknown;
  title_en?: unknown;
  slug?: unknown;
}

export function isTestSeries(series: SeriesLike): boolean {
  const titles = [series.title, series.title_en].filter((t): t is string => typeof t === 'string');
  if (titles.some((title) => TEST_TITLE.test(title) || title.toLowerCase().includes(TEST_ONE))) return true;
  return typeof series.slug === 'string' && TEST_SLUG.test(series.slug);
}

export function isTestTeaser(teaser: { series_title?: unknown }): boolean {
  return typeof teaser.series_title === 'string' && teaser.series_title.toLowerCase().includes('test');
}

const SERIES_KEYS = ['series', 'allSeries', 'featuredSeries', 'trendingSeries', 'goldExclusives'] as const;

export function removeStoredTestData(): number {
  let removed = 0;
  const prune = (key: StorageKey, isTest: (record: Record<string, unknown>) => boolean) => {
    const list = readStored(key) as unknown[] | null;
    if (!Array.isArray(list)) return;
    const kept = list.filter((record) => !(record && typeof record === 'object' && isTest(record as never)));
    if (kept.length !== list.length) {
      removed += list.length - kept.length;
      writeStored(key, kept as never);
    }
  };
  for (const key of SERIES_KEYS) prune(key, isTestSeries);
  prune('teasers', isTestTeaser);
  return removed;
}
