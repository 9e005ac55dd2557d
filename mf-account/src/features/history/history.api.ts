/** Watch history (product.md#history): list, remove one entry, clear all. A 404 answers an empty list (product.md#history). */
import { baseApi, type HistoryEntry } from '@cliffhanger/shared';

export type { HistoryEntry };

export const historyApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    accountWatchHistory: build.query<HistoryEntry[], void>({
      query: () => ({ url: '/users/watch-history/' }),
      transformResponse: (answer: HistoryEntry[] | { results: HistoryEntry[] } | null) =>
        Array.isArray(answer) ? answer : (answer?.results ?? []),
      providesTags: ['History'],
    }),
    accountRemoveHistoryEntry: build.mutation<unknown, HistoryEntry>({
      query: (entry) => ({ url: `/users/watch-history/${entry.id}/`, method: 'DELETE' }),
      async onQueryStarted(entry, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          historyApi.util.updateQueryData('accountWatchHistory', undefined, (list) =>
            list.filter((item) => item.id !== entry.id),
          ),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
    accountClearHistory: build.mutation<unknown, void>({
      query: () => ({ url: '/users/watch-history/clear/', method: 'DELETE' }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        await queryFulfilled;
        dispatch(historyApi.util.upsertQueryData('accountWatchHistory', undefined, []));
      },
    }),
  }),
});

export const { useAccountWatchHistoryQuery, useAccountRemoveHistoryEntryMutation, useAccountClearHistoryMutation } =
  historyApi;
