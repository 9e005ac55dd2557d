/**
 * The built-in sample catalogue (product.md#catalogue): when the series list cannot be fetched the home screen shows
 * these series and episodes and stores them in the browser under the collection keys (product.md#browser-storage), so the
 * screen stays useful offline. Images are left empty so the shared placeholders are used.
 *
 * A sample series opened from that fallback shows its sample detail and episodes: the API does not know
 * sample ids, so its 404 for one is no reason to say "Series not found" once the fallback was shown.
 */
import { type Episode, readStored, type Series, type StorageKey, writeStored } from '@cliffhanger/shared';

const CREATED_AT = '2025-01-01T00:00:00.000Z';

function sampleSeries(
  id: number,
  title: string,
  description: string,
  tags: string[],
  ru: { title: string; description: string },
): Series {
  return {
    id,
    title,
    title_en: title,
    slug: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    description,
    translations: { ru },
    cover_image: null,
    banner_image: null,
    poster_image: null,
    slider_image: null,
    categories: [],
    tags,
    year: 2025,
    rating: null,
    is_gold_exclusive: false,
    is_featured: false,
    is_trending: false,
    is_top: false,
    total_episodes: 3,
    episodes_count: 3,
    seasons: [{ id: id * 100 + 1, number: 1, title: 'Season 1', episodes_count: 3 }],
    created_at: CREATED_AT,
  };
}

export const SAMPLE_SERIES: Series[] = [
  sampleSeries(
    90001,
    'The Heir Returns',
    'Cast out ten years ago, the eldest son comes back to the family firm with a secret.',
    ['family', 'revenge'],
    {
      title: 'Возвращение наследника',
      description: 'Десять лет назад старшего сына выгнали из дома. Теперь он возвращается в семейную фирму с тайной.',
    },
  ),
  sampleSeries(
    90002,
    'Midnight Contract',
    'A one-year marriage contract, a billionaire and a florist who reads the small print.',
    ['romance', 'contract marriage'],
    {
      title: 'Полуночный контракт',
      description: 'Брачный контракт на год, миллиардер и флористка, которая читает мелкий шрифт.',
    },
  ),
  sampleSeries(
    90003,
    'Second Chance ER',
    'A surgeon wakes up on the first day of her residency with fifteen years of memories.',
    ['medical', 'time loop'],
    {
      title: 'Второй шанс',
      description: 'Хирург просыпается в первый день ординатуры с воспоминаниями о пятнадцати годах жизни.',
    },
  ),
];

export const SAMPLE_EPISODES: Episode[] = SAMPLE_SERIES.flatMap((series) =>
  [1, 2, 3].map((number) => ({
    id: series.id * 10 + number,
    series: series.id,
    series_id: series.id,
    series_title: series.title,
    season: 1,
    season_number: 1,
    episode_number: number,
    title: `Episode ${number}`,
    description: series.description,
    translations: { ru: { title: `Серия ${number}`, description: series.translations?.ru?.description } },
    thumbnail: null,
    duration: 90,
    video_url: null,
    hls_url: null,
    is_free: number === 1,
    coin_cost: number === 1 ? 0 : 5,
    is_unlocked: number === 1,
    progress: 0,
    position_seconds: 0,
    created_at: CREATED_AT,
  })),
);

/** The browser-storage collections (product.md#browser-storage) the sample catalogue is written to. */
export const SAMPLE_STORAGE_KEYS = { series: 'allSeries', episodes: 'episodes' } as const satisfies Record<
  string,
  StorageKey
>;

/** Stores the sample catalogue locally; a full or disabled storage is not an error (the data is in memory). */
export function storeSampleCatalogue(): void {
  writeStored(SAMPLE_STORAGE_KEYS.series, SAMPLE_SERIES);
  writeStored(SAMPLE_STORAGE_KEYS.episodes, SAMPLE_EPISODES);
}

/**
 * A sample series by id with its episodes, for the detail screen when the API is unreachable: the
 * stored collections first, then the built-in copy (storage may be disabled or cleared).
 */
export function findSampleSeries(id: number): { series: Series; episodes: Episode[] } | null {
  const stored = readStored(SAMPLE_STORAGE_KEYS.series)?.find((s) => s.id === id);
  const series = stored ?? SAMPLE_SERIES.find((s) => s.id === id);
  if (!series) return null;
  const ofSeries = (e: Episode) => (e.series ?? e.series_id) === id;
  const storedEpisodes = readStored(SAMPLE_STORAGE_KEYS.episodes)?.filter(ofSeries) ?? [];
  return { series, episodes: storedEpisodes.length > 0 ? storedEpisodes : SAMPLE_EPISODES.filter(ofSeries) };
}

const SAMPLE_IDS: ReadonlySet<number> = new Set(SAMPLE_SERIES.map((s) => s.id));

/**
 * The sample series the home screen fell back to, for a detail screen whose id the API does not know:
 * only a built-in sample id, and only in a browser that was shown the samples (they are stored, or
 * `shownNow` says the grid shows them, for a browser whose storage is off). Otherwise null: an unknown
 * id reads "Series not found".
 */
export function fallbackSampleSeries(id: number, shownNow: boolean): { series: Series; episodes: Episode[] } | null {
  if (!SAMPLE_IDS.has(id)) return null;
  const stored = readStored(SAMPLE_STORAGE_KEYS.series)?.some((s) => s.id === id) ?? false;
  return stored || shownNow ? findSampleSeries(id) : null;
}
