/**
 * The staff subtitles routes (shared/src/subtitles.ts) as RTK Query endpoints. Every answer about an
 * episode's subtitles carries the tag `AdminSubtitles` with the episode's id, and every change
 * invalidates it (and the episodes viewers are shown, which list their tracks).
 */
import { baseApi, type SubtitleTrack, type SubtitleUpload } from '@cliffhanger/shared';

const SUBTITLES_TAG = 'AdminSubtitles';
const tagged = (episodeId: number) => [{ type: SUBTITLES_TAG, id: episodeId }] as const;
const path = (episodeId: number, language?: string) =>
  `/admin/episodes/${episodeId}/subtitles/${language ? `${encodeURIComponent(language)}/` : ''}`;

export const subtitlesApi = baseApi.enhanceEndpoints({ addTagTypes: [SUBTITLES_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    adminSubtitles: build.query<SubtitleTrack[], number>({
      query: (episodeId) => ({ url: path(episodeId) }),
      transformResponse: (answer: { results: SubtitleTrack[] }) => answer.results,
      providesTags: (_result, _error, episodeId) => [...tagged(episodeId)],
    }),
    /** The stored WebVTT of one track, for the preview. */
    adminSubtitleText: build.query<string, { episodeId: number; language: string }>({
      query: ({ episodeId, language }) => ({ url: path(episodeId, language) }),
      transformResponse: (answer: unknown) => (typeof answer === 'string' ? answer : String(answer ?? '')),
      providesTags: (_result, _error, { episodeId }) => [...tagged(episodeId)],
      keepUnusedDataFor: 0,
    }),
    /** Adds the track of `language`, or replaces it: 201 added, 200 replaced; 400 names the line at fault. */
    adminPutSubtitles: build.mutation<SubtitleTrack, { episodeId: number; language: string; upload: SubtitleUpload }>({
      query: ({ episodeId, language, upload }) => ({ url: path(episodeId, language), method: 'PUT', body: upload }),
      invalidatesTags: (_result, _error, { episodeId }) => [...tagged(episodeId), 'Episode'],
    }),
    adminDeleteSubtitles: build.mutation<null, { episodeId: number; language: string }>({
      query: ({ episodeId, language }) => ({ url: path(episodeId, language), method: 'DELETE' }),
      invalidatesTags: (_result, _error, { episodeId }) => [...tagged(episodeId), 'Episode'],
    }),
  }),
});
