/** What unlocking the rest of a series costs this viewer: the server's total, never computed here. */
import { baseApi } from '@cliffhanger/shared';

export interface SeriesUnlockQuote {
  series_id: number;
  episode_ids: number[];
  episodes: number;
  coins: number;
  balance: number;
}

export const unlockSheetApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    walletSeriesUnlockQuote: build.query<SeriesUnlockQuote, number>({
      query: (seriesId) => ({ url: `/series/${seriesId}/unlock-all/` }),
      keepUnusedDataFor: 0,
      providesTags: ['Transaction'],
    }),
  }),
});

export const { useWalletSeriesUnlockQuoteQuery } = unlockSheetApi;
