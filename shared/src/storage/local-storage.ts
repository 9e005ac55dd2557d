/**
 * Typed access to the browser storage keys the product uses (product.md#browser-storage). Every read tolerates a
 * missing storage and a corrupt value: a value that fails to parse or to validate is removed and the
 * read answers null, never throws.
 */
import { DEVICE_ID_PATTERN } from '../constants';
import type { Episode, LocalGuestState, SearchHistory, Series, SeriesMediaOverride, User } from '../entities';

export interface StorageShapes {
  user: User;
  access_token: string;
  auth_token: string;
  token: string;
  refresh_token: string;
  is_admin: boolean;
  guest_state: LocalGuestState;
  is_guest: boolean;
  search_history: SearchHistory;
  series_media_overrides: SeriesMediaOverride[];
  coin_balance: number;
  checkout_session_id: string;
  datalog_sent: boolean;
  device_id: string;
  // The browser-storage collections of product.md#browser-storage, written by the staff area and read by the viewer screens.
  episodes: Episode[];
  series: unknown[];
  featuredSeries: unknown[];
  trendingSeries: unknown[];
  goldExclusives: unknown[];
  allSeries: Series[];
  uploadedVideos: unknown[];
  uploadedImages: unknown[];
  localVideos: unknown[];
  teasers: unknown[];
}

/** The browser-storage collections of product.md#browser-storage (the staff area's local catalogue). */
export const STORED_COLLECTION_KEYS = [
  'episodes',
  'series',
  'featuredSeries',
  'trendingSeries',
  'goldExclusives',
  'allSeries',
  'uploadedVideos',
  'uploadedImages',
  'localVideos',
  'teasers',
] as const satisfies readonly StorageKey[];

export type StorageKey = keyof StorageShapes;

/** Keys stored as raw strings; everything else is JSON. */
const RAW_STRING_KEYS: ReadonlySet<StorageKey> = new Set([
  'access_token',
  'auth_token',
  'token',
  'refresh_token',
  'checkout_session_id',
]);

type Validator<K extends StorageKey> = (value: unknown) => value is StorageShapes[K];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isRecordId = (v: unknown): boolean => typeof v === 'number' || (typeof v === 'string' && v !== '');

const validators: { [K in StorageKey]?: Validator<K> } = {
  user: (v): v is User => isObject(v) && (typeof v.id === 'number' || typeof v.id === 'string'),
  is_admin: (v): v is boolean => typeof v === 'boolean',
  is_guest: (v): v is boolean => typeof v === 'boolean',
  guest_state: (v): v is LocalGuestState =>
    isObject(v) && typeof v.id === 'string' && typeof v.lastUpdated === 'number',
  search_history: (v): v is SearchHistory => Array.isArray(v) && v.every((x) => typeof x === 'string'),
  series_media_overrides: (v): v is SeriesMediaOverride[] => Array.isArray(v),
  coin_balance: (v): v is number => typeof v === 'number' && Number.isFinite(v),
  datalog_sent: (v): v is boolean => typeof v === 'boolean',
  device_id: (v): v is string => typeof v === 'string' && DEVICE_ID_PATTERN.test(v),
  ...Object.fromEntries(STORED_COLLECTION_KEYS.map((key) => [key, (v: unknown): v is unknown[] => Array.isArray(v)])),
  // The two collections the viewer screens read back as typed records (the sample-catalogue fallback,
  // product.md#browser-storage). Ids may be text: the staff area's local records are kept as well.
  allSeries: (v): v is Series[] =>
    Array.isArray(v) &&
    v.every((s) => isObject(s) && isRecordId(s.id) && (typeof s.title === 'string' || typeof s.title_en === 'string')),
  episodes: (v): v is Episode[] =>
    Array.isArray(v) && v.every((e) => isObject(e) && isRecordId(e.id) && typeof e.episode_number === 'number'),
};

/** The stored text of a key as it is, for change detection (no parsing, no validation). */
export function readRawStored(key: StorageKey): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : null;
  } catch {
    return null; // storage disabled (private mode, sandboxed frame)
  }
}

export function readStored<K extends StorageKey>(key: K): StorageShapes[K] | null {
  const store = storage();
  if (!store) return null;
  let raw: string | null;
  try {
    raw = store.getItem(key);
  } catch {
    return null;
  }
  if (raw === null) return null;
  if (RAW_STRING_KEYS.has(key)) return raw as StorageShapes[K];
  try {
    const value: unknown = JSON.parse(raw);
    const validate = validators[key] as Validator<K> | undefined;
    if (validate && !validate(value)) throw new Error(`invalid ${key}`);
    return value as StorageShapes[K];
  } catch {
    removeStored(key);
    return null;
  }
}

export function writeStored<K extends StorageKey>(key: K, value: StorageShapes[K]): void {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(key, RAW_STRING_KEYS.has(key) ? String(value) : JSON.stringify(value));
  } catch {
    // quota exceeded or storage disabled: the product keeps working from memory
  }
}

export function removeStored(...keys: StorageKey[]): void {
  const store = storage();
  if (!store) return;
  for (const key of keys) {
    try {
      store.removeItem(key);
    } catch {
      // ignore: nothing to remove from a disabled storage
    }
  }
}
