/**
 * Unlocking an episode with coins (product.md#unlocks). The write answers the new balance; the episode's stream
 * address is read right after, and both the cached episode and the series' list show it unlocked with
 * that address. On an automatic unlock the server's answer also carries the viewer's auto-unlock setting
 * for the series, which replaces the cached one; a refusal by that setting has it read again.
 */
import { type ApiError, apiClient, type EpisodeStream, SEND_ONCE, type UnlockAnswer } from '@cliffhanger/shared';
import { playerApi } from '../../lib/player.api';
import { settingReceived, settingStale } from './auto-unlock.api';

export type { EpisodeStream, UnlockAnswer };

/** What the player asks of an unlock; only `automatic` is sent (as the body), the ids name the episode and its cache. */
export interface EpisodeUnlock {
  episodeId: number;
  seriesId: number;
  /** An unlock under the viewer's auto-unlock for the series, started by the paywall. */
  automatic?: boolean;
}

/** The unlock's answer, with the stream address read after it (null when that read failed). */
export type UnlockResult = UnlockAnswer & { stream: EpisodeStream | null };

/** A fresh signed stream address of an episode (a read outside the cache: each answer is new). */
export async function fetchStream(episodeId: number): Promise<EpisodeStream> {
  const { data } = await apiClient().get<EpisodeStream>(`/episodes/${episodeId}/stream/`);
  return data;
}

/** Whether a refusal came from the viewer's auto-unlock setting (its cap, or it being off). */
export function refusedByAutoUnlock(error: unknown): boolean {
  const refusal = error as Partial<ApiError> | null;
  const reason = (refusal?.data as { reason?: unknown } | undefined)?.reason;
  return refusal?.status === 409 && typeof reason === 'string' && reason.startsWith('auto_unlock');
}

/** Marks the episode unlocked in the cached list and the cached episode, with its stream address. */
export function markUnlockedInCache(seriesId: number, episodeId: number, stream: EpisodeStream | null) {
  const patch = (episode: { id: number; is_unlocked: boolean; hls_url: string | null; video_url: string | null }) => {
    if (episode.id !== episodeId) return;
    episode.is_unlocked = true;
    if (stream?.hls_url) episode.hls_url = stream.hls_url;
    if (stream?.video_url) episode.video_url = stream.video_url;
  };
  return [
    playerApi.util.updateQueryData('playerSeriesEpisodes', String(seriesId), (list) => {
      for (const episode of list) patch(episode);
    }),
    playerApi.util.updateQueryData('playerEpisode', String(episodeId), (episode) => patch(episode)),
  ];
}

export const unlockApi = playerApi.injectEndpoints({
  endpoints: (build) => ({
    playerUnlockEpisode: build.mutation<UnlockResult, EpisodeUnlock>({
      async queryFn({ episodeId, seriesId, automatic }, api, _extra, baseQuery) {
        const unlocked = await baseQuery({
          url: `/episodes/${episodeId}/unlock/`,
          method: 'POST',
          body: automatic ? { automatic: true } : undefined,
        });
        if (unlocked.error) return { error: unlocked.error as ApiError };
        // The list read again later brings the address too, so a failed read here is not a failure.
        const read = await baseQuery({ url: `/episodes/${episodeId}/stream/` });
        const answer = unlocked.data as UnlockAnswer;
        const stream = read.error ? null : (read.data as EpisodeStream);
        // The cache shows the episode unlocked, with its address, before anyone hears of the unlock: the
        // player starts it the moment it is told, and must find something to play.
        for (const update of markUnlockedInCache(seriesId, episodeId, stream)) api.dispatch(update);
        if (answer.auto_unlock) api.dispatch(settingReceived(answer.auto_unlock));
        return { data: { ...answer, stream } };
      },
      extraOptions: SEND_ONCE,
      async onQueryStarted({ seriesId }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch (refusal) {
          const error = (refusal as { error?: unknown } | null)?.error;
          if (refusedByAutoUnlock(error)) dispatch(settingStale(seriesId));
        }
      },
    }),
  }),
});
