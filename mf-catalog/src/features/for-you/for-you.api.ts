/**
 * The for-you feed from the API (`GET /feed/for-you/`): the viewer's own ranked, playable clips. It is
 * fetched again after the viewer watches, unlocks or changes my list (the tags below), so the feed
 * follows what they do; and a clip whose signed address expired gets a fresh one from the stream call.
 */
import {
  apiClient,
  baseApi,
  CACHE_SECONDS,
  type EpisodeStream,
  type ForYouClip,
  type ForYouFeed,
} from '@cliffhanger/shared';
import { CATALOG_EPISODES_TAG } from '../../lib/catalogue.api';

export const forYouApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    catalogForYouFeed: build.query<ForYouClip[], void>({
      query: () => ({ url: '/feed/for-you/' }),
      transformResponse: (answer: ForYouFeed) => answer.clips,
      keepUnusedDataFor: CACHE_SECONDS.episodes,
      providesTags: [CATALOG_EPISODES_TAG, 'ContinueWatching', 'MyList'],
    }),
  }),
});

export const { useCatalogForYouFeedQuery } = forYouApi;

/** A fresh signed address of a clip whose address was refused; null when it may not be played now. */
export async function renewClipAddress(episodeId: number): Promise<string | null> {
  try {
    const { data } = await apiClient().get<EpisodeStream>(`/episodes/${episodeId}/stream/`);
    return data.hls_url ?? data.video_url;
  } catch {
    return null;
  }
}
