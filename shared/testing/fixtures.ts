/** Series and episodes shaped like the API's answers, for the remotes' tests. */
import type { Episode, Series } from '@cliffhanger/shared';

export function series(id: number, overrides: Partial<Series> = {}): Series {
  return {
    id,
    title: `Series ${id}`,
    title_en: `Series ${id}`,
    slug: `series-${id}`,
    description: `The story of series ${id}.`,
    cover_image: null,
    banner_image: null,
    poster_image: null,
    slider_image: null,
    categories: [],
    tags: [],
    year: 2025,
    rating: 4.5,
    is_gold_exclusive: false,
    is_featured: false,
    is_trending: false,
    is_top: false,
    total_episodes: 3,
    episodes_count: 3,
    seasons: [{ id: 1, number: 1, title: 'Season 1', episodes_count: 3 }],
    created_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function episode(id: number, seriesId: number, number: number, overrides: Partial<Episode> = {}): Episode {
  return {
    id,
    series: seriesId,
    series_id: seriesId,
    series_title: `Series ${seriesId}`,
    season: 1,
    season_number: 1,
    episode_number: number,
    title: `Episode ${number}`,
    description: '',
    thumbnail: null,
    duration: 60,
    video_url: null,
    hls_url: `/media/${id}/master.m3u8`,
    is_free: number === 1,
    coin_cost: number === 1 ? 0 : 5,
    is_unlocked: number === 1,
    progress: 0,
    position_seconds: 0,
    created_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
