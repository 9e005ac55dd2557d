/**
 * The player's reads (product.md#player): the episode, its series and the series' episode list, and a series found by
 * its slug (the API looks the address up exactly, former addresses included). Names carry the `player`
 * prefix: the RTK Query API is shared by the whole page.
 */
import {
  type ApiError,
  type BaseApi,
  baseApi,
  CACHE_SECONDS,
  type Episode,
  type Paginated,
  type Series,
  type SeriesLike,
} from '@cliffhanger/shared';

/** An episode as answered for the viewer: the fields (product.md#entities) plus the saved position, in seconds. */
export type PlayerEpisode = Episode & { position_seconds?: number };

const listOf = <T>(answer: T[] | Paginated<T>): T[] => (Array.isArray(answer) ? answer : answer.results);

/** The number of like changes started per series, so only the latest one's answer is shown. */
const likeTurns = new Map<number, number>();

export const PLAYER_EPISODES_TAG = { type: 'Episode' as const, id: 'player' };

export const playerApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    playerEpisode: build.query<PlayerEpisode, string>({
      query: (id) => ({ url: `/episodes/${id}/` }),
      keepUnusedDataFor: CACHE_SECONDS.episodes,
      providesTags: [PLAYER_EPISODES_TAG],
    }),
    playerSeries: build.query<Series, string>({
      query: (id) => ({ url: `/series/${id}/` }),
      keepUnusedDataFor: CACHE_SECONDS.seriesDetail,
      providesTags: ['Series'],
    }),
    playerSeriesEpisodes: build.query<PlayerEpisode[], string>({
      query: (seriesId) => ({ url: `/series/${seriesId}/episodes/` }),
      transformResponse: (answer: PlayerEpisode[] | Paginated<PlayerEpisode>) =>
        [...listOf(answer)].sort((a, b) => a.season - b.season || a.episode_number - b.episode_number),
      keepUnusedDataFor: CACHE_SECONDS.episodes,
      providesTags: [PLAYER_EPISODES_TAG],
    }),
    playerSeriesBySlug: build.query<Series, string>({
      query: (slug) => ({ url: `/series/by-slug/${encodeURIComponent(slug)}/` }),
      keepUnusedDataFor: CACHE_SECONDS.seriesDetail,
      providesTags: ['Series'],
    }),
    /** The ids of the series in the viewer's list (a brand-new guest without a list has none). */
    playerMyList: build.query<number[], void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const answer = await baseQuery({ url: '/users/my-list/' });
        if (answer.error) {
          if ((answer.error as ApiError).status === 404) return { data: [] };
          return { error: answer.error as ApiError };
        }
        return { data: listOf(answer.data as Series[] | Paginated<Series>).map((s) => s.id) };
      },
      providesTags: ['MyList'],
    }),
    playerMyListChange: build.mutation<void, { seriesId: number; add: boolean }>({
      query: ({ seriesId, add }) =>
        add
          ? { url: `/series/${seriesId}/add-to-list/`, method: 'POST' }
          : { url: `/series/${seriesId}/remove-from-list/`, method: 'DELETE' },
      // The button follows at once; a refused change puts it back.
      async onQueryStarted({ seriesId, add }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          playerApi.util.updateQueryData('playerMyList', undefined, (ids) =>
            add ? (ids.includes(seriesId) ? ids : [...ids, seriesId]) : ids.filter((id) => id !== seriesId),
          ),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: ['MyList'],
    }),
    /** Whether the viewer likes the series, and its count of likes. */
    playerSeriesLike: build.query<SeriesLike, number>({
      query: (seriesId) => ({ url: `/series/${seriesId}/like/` }),
    }),
    /**
     * Likes or unlikes at once (the heart and its count follow before the answer); a refused change puts
     * them back. Only the answer to the latest change of a series is shown, so quick taps never flicker.
     */
    playerSeriesLikeChange: build.mutation<SeriesLike, { seriesId: number; liked: boolean }>({
      query: ({ seriesId, liked }) => ({ url: `/series/${seriesId}/like/`, method: 'PUT', body: { liked } }),
      async onQueryStarted({ seriesId, liked }, { dispatch, queryFulfilled }) {
        const turn = (likeTurns.get(seriesId) ?? 0) + 1;
        likeTurns.set(seriesId, turn);
        const patch = dispatch(
          playerApi.util.updateQueryData('playerSeriesLike', seriesId, (state) => {
            if (state.liked === liked) return;
            state.liked = liked;
            state.likes = Math.max(0, state.likes + (liked ? 1 : -1));
          }),
        );
        try {
          const { data } = await queryFulfilled;
          if (likeTurns.get(seriesId) === turn)
            dispatch(playerApi.util.updateQueryData('playerSeriesLike', seriesId, () => data));
        } catch {
          patch.undo();
        }
      },
    }),
  }),
});

export const registerPlayerEndpoints = (_api: BaseApi) => playerApi;
export const {
  usePlayerEpisodeQuery,
  usePlayerSeriesQuery,
  usePlayerSeriesEpisodesQuery,
  usePlayerSeriesBySlugQuery,
  usePlayerMyListQuery,
  usePlayerMyListChangeMutation,
  usePlayerSeriesLikeQuery,
  usePlayerSeriesLikeChangeMutation,
} = playerApi;
