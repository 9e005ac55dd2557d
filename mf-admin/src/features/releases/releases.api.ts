/**
 * The staff Releases API (/api/admin/releases/*) as RTK Query endpoints. The view is tagged
 * 'Releases' and every action invalidates it, so the screen shows the rule and figures as they are
 * after each change.
 */
import { baseApi, type RemoteId, type RemoteReleasesView } from '@cliffhanger/shared';

export const releasesApi = baseApi.enhanceEndpoints({ addTagTypes: ['Releases'] }).injectEndpoints({
  endpoints: (build) => ({
    adminReleases: build.query<RemoteReleasesView, void>({
      query: () => ({ url: '/admin/releases/' }),
      providesTags: ['Releases'],
      keepUnusedDataFor: 0,
    }),
    adminStartCanary: build.mutation<RemoteReleasesView, { remote: RemoteId; version: string; share: number }>({
      query: ({ remote, version, share }) => ({
        url: `/admin/releases/${remote}/canary`,
        method: 'PUT',
        body: { version, share },
      }),
      invalidatesTags: ['Releases'],
    }),
    adminPromoteCanary: build.mutation<RemoteReleasesView, RemoteId>({
      query: (remote) => ({ url: `/admin/releases/${remote}/promote`, method: 'POST' }),
      invalidatesTags: ['Releases'],
    }),
    adminRollBackCanary: build.mutation<RemoteReleasesView, RemoteId>({
      query: (remote) => ({ url: `/admin/releases/${remote}/rollback`, method: 'POST' }),
      invalidatesTags: ['Releases'],
    }),
    adminMakeStable: build.mutation<RemoteReleasesView, { remote: RemoteId; version: string }>({
      query: ({ remote, version }) => ({ url: `/admin/releases/${remote}/stable`, method: 'PUT', body: { version } }),
      invalidatesTags: ['Releases'],
    }),
  }),
});
