/**
 * Publishing to viewers (product.md#sync). After a staff write succeeds, two
 * things happen: this tab dispatches `catalogue/changed` (viewer screens in this tab refetch), and the
 * change is written into the browser-storage collections of product.md#browser-storage — the keys the shell's storage sync
 * service watches (`SYNCED_KEYS` in shell/src/startup/storage-sync.saga.ts) — so every other open tab
 * hears about it through the `storage` event at once, and within 5 s at the latest.
 *
 * What is stored is the admin-side record of product.md#sync (series, episodes, media overrides), small and capped; the
 * viewer screens never read it as data, they refetch from the API when it changes.
 */
import { readStored, type SeriesMediaOverride, writeStored } from '@cliffhanger/shared';
import type { AdminEpisode, AdminSeries } from '../../lib/api/admin.types';

/** Enough recent records to notice every change; older ones carry nothing a viewer needs. */
export const STORED_RECORDS_MAX = 200;

type Keyed = { id: number } & Record<string, unknown>;

function upsert(key: 'series' | 'episodes', record: Keyed | null, removeId?: number) {
  const current = ((readStored(key) ?? []) as Keyed[]).filter(
    (item) => item && typeof item === 'object' && item.id !== (record?.id ?? removeId),
  );
  const next = record ? [record, ...current] : current;
  writeStored(key, next.slice(0, STORED_RECORDS_MAX));
}

/** product.md#sync: the fields staff edit, as kept in browser storage. */
export function adminSideSeries(series: AdminSeries): Keyed {
  return {
    id: series.id,
    title_en: series.title_en || series.title,
    title: series.title,
    slug: series.slug,
    description: series.description,
    cover_image: series.cover_image ?? series.poster_image,
    poster_image: series.poster_image,
    banner_image: series.banner_image,
    genres: [],
    tags: series.tags,
    release_year: series.year,
    rating: series.rating,
    is_gold_exclusive: series.is_gold_exclusive,
    is_featured: series.is_featured,
    is_trending: series.is_trending,
    created_at: series.created_at,
    updated_at: series.updated_at,
  };
}

export function recordSeriesChange(series: AdminSeries) {
  if (series.deleted_at) upsert('series', null, series.id);
  else upsert('series', adminSideSeries(series));
}

export function recordMediaOverride(series: AdminSeries, at = new Date().toISOString()) {
  const overrides = (readStored('series_media_overrides') ?? []).filter((o) => o.series_id !== series.id);
  const override: SeriesMediaOverride = {
    series_id: series.id,
    poster_image: series.poster_image,
    cover_image: series.cover_image,
    banner_image: series.banner_image,
    updated_at: at,
  };
  writeStored('series_media_overrides', [override, ...overrides].slice(0, STORED_RECORDS_MAX));
}

export function recordEpisodeChange(
  episode: Pick<AdminEpisode, 'id' | 'series_id' | 'title' | 'episode_number'>,
  removed = false,
) {
  if (removed) return upsert('episodes', null, episode.id);
  upsert('episodes', {
    id: episode.id,
    series_id: episode.series_id,
    title: episode.title,
    episode_number: episode.episode_number,
    updated_at: new Date().toISOString(),
  });
}
