/**
 * The viewer's auto-unlock setting for a series (`/api/series/{id}/auto-unlock/`): read it, turn it on
 * with a cap (or change the cap), turn it off. Each write puts the server's answer straight into the
 * cached setting, so every control showing it (player page, drawer, paywall) follows at once.
 */
import { type AutoUnlockSetting, baseApi } from '@cliffhanger/shared';

const tag = (seriesId: number) => ({ type: 'AutoUnlock' as const, id: seriesId });

export const autoUnlockApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    playerAutoUnlock: build.query<AutoUnlockSetting, number>({
      query: (seriesId) => ({ url: `/series/${seriesId}/auto-unlock/` }),
      providesTags: (_result, _error, seriesId) => [tag(seriesId)],
    }),
    playerAutoUnlockOn: build.mutation<AutoUnlockSetting, { seriesId: number; cap: number }>({
      query: ({ seriesId, cap }) => ({ url: `/series/${seriesId}/auto-unlock/`, method: 'PUT', body: { cap } }),
      async onQueryStarted({ seriesId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(autoUnlockApi.util.upsertQueryData('playerAutoUnlock', seriesId, data));
      },
    }),
    playerAutoUnlockOff: build.mutation<AutoUnlockSetting, number>({
      query: (seriesId) => ({ url: `/series/${seriesId}/auto-unlock/`, method: 'DELETE' }),
      async onQueryStarted(seriesId, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(autoUnlockApi.util.upsertQueryData('playerAutoUnlock', seriesId, data));
      },
    }),
  }),
});

export const { usePlayerAutoUnlockQuery, usePlayerAutoUnlockOnMutation, usePlayerAutoUnlockOffMutation } =
  autoUnlockApi;

/** Puts a setting the server answered (e.g. with an automatic unlock) into the cache. */
export const settingReceived = (setting: AutoUnlockSetting) =>
  autoUnlockApi.util.upsertQueryData('playerAutoUnlock', setting.series_id, setting);

/** Reads the setting again (after the server refused an automatic unlock). */
export const settingStale = (seriesId: number) => baseApi.util.invalidateTags([tag(seriesId)]);
