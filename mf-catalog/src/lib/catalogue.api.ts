/**
 * The catalogue's reads and my-list writes (product.md#catalogue) with the cache times of product.md#catalogue. Endpoint names carry the
 * `catalog` prefix: they share one RTK Query API with every other remote on the page.
 */
import {
  type BaseApi,
  baseApi,
  CACHE_SECONDS,
  type Category,
  type ContinueWatchingEntry,
  type Episode,
  HIGHLIGHT_LIST_LIMIT,
  type Paginated,
  SEND_ONCE,
  type SearchResults,
  type Series,
} from '@cliffhanger/shared';

/** An episode as the API answers it for a viewer: the fields (product.md#entities) plus the saved position. */
export type ViewerEpisode = Episode & { position_seconds?: number };

/** An episode begun and not finished, with its series, where the viewer left it. */
export type { ContinueWatchingEntry };

/** The catalogue's own episode lists, refreshed after progress without refetching the player's. */
export const CATALOG_EPISODES_TAG = { type: 'Episode' as const, id: 'catalog' };

const listOf = <T>(answer: T[] | Paginated<T>): T[] => (Array.isArray(answer) ? answer : answer.results);
const highlight = (answer: Series[] | Paginated<Series>) => listOf(answer).slice(0, HIGHLIGHT_LIST_LIMIT);

export const catalogueApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    catalogFeaturedSeries: build.query<Series[], void>({
      query: () => ({ url: '/series/featured/' }),
      transformResponse: highlight,
      keepUnusedDataFor: CACHE_SECONDS.featured,
      providesTags: ['Series'],
    }),
    catalogTrendingSeries: build.query<Series[], void>({
      query: () => ({ url: '/series/trending/' }),
      transformResponse: highlight,
      keepUnusedDataFor: CACHE_SECONDS.trending,
      providesTags: ['Series'],
    }),
    catalogGoldExclusives: build.query<Series[], void>({
      query: () => ({ url: '/series/gold-exclusives/' }),
      transformResponse: highlight,
      keepUnusedDataFor: CACHE_SECONDS.gold,
      providesTags: ['Series'],
    }),
    catalogCategories: build.query<Category[], void>({
      query: () => ({ url: '/categories/' }),
      transformResponse: listOf<Category>,
      keepUnusedDataFor: CACHE_SECONDS.categories,
    }),
    catalogContinueWatching: build.query<ContinueWatchingEntry[], void>({
      query: () => ({ url: '/users/continue-watching/' }),
      transformResponse: listOf<ContinueWatchingEntry>,
      keepUnusedDataFor: CACHE_SECONDS.continueWatching,
      providesTags: ['ContinueWatching'],
    }),
    catalogSeriesDetail: build.query<Series, string>({
      query: (id) => ({ url: `/series/${id}/` }),
      keepUnusedDataFor: CACHE_SECONDS.seriesDetail,
      providesTags: ['Series'],
    }),
    catalogSeriesEpisodes: build.query<ViewerEpisode[], string>({
      query: (id) => ({ url: `/series/${id}/episodes/` }),
      transformResponse: listOf<ViewerEpisode>,
      keepUnusedDataFor: CACHE_SECONDS.episodes,
      providesTags: [CATALOG_EPISODES_TAG],
    }),
    catalogFeedEpisodes: build.query<ViewerEpisode[], void>({
      query: () => ({ url: '/episodes/', params: { limit: 50 } }),
      transformResponse: listOf<ViewerEpisode>,
      keepUnusedDataFor: CACHE_SECONDS.episodes,
      providesTags: [CATALOG_EPISODES_TAG],
    }),
    catalogSearch: build.query<SearchResults, string>({
      query: (q) => ({ url: '/search/', params: { q } }),
      keepUnusedDataFor: CACHE_SECONDS.search,
    }),
    /** Adds a series to the viewer's list or removes it; the list this page shows follows the bus. */
    catalogMyListChange: build.mutation<unknown, { seriesId: number; add: boolean }>({
      query: ({ seriesId, add }) =>
        add
          ? { url: `/series/${seriesId}/add-to-list/`, method: 'POST' }
          : { url: `/series/${seriesId}/remove-from-list/`, method: 'DELETE' },
      extraOptions: SEND_ONCE,
      invalidatesTags: (_answer, error) => (error ? [] : ['MyList']),
    }),
  }),
});

export const registerCatalogueEndpoints = (_api: BaseApi) => catalogueApi;

export const {
  useCatalogFeaturedSeriesQuery,
  useCatalogTrendingSeriesQuery,
  useCatalogGoldExclusivesQuery,
  useCatalogCategoriesQuery,
  useCatalogContinueWatchingQuery,
  useCatalogSeriesDetailQuery,
  useCatalogSeriesEpisodesQuery,
  useCatalogFeedEpisodesQuery,
  useCatalogSearchQuery,
} = catalogueApi;
