/**
 * The viewer's own lists of what they watched (product.md#history): continue watching and the watch
 * history, each entry with its episode and series as the catalogue answers them. The API answers them;
 * the catalogue and the account read them.
 */
import { Type } from '@sinclair/typebox';
import { EpisodeSchema, SeriesSchema } from './catalogue';

/** An episode begun and not finished (`GET /api/users/continue-watching/`), where the viewer left it. */
export const ContinueWatchingEntrySchema = Type.Object({
  id: Type.Integer(),
  episode: Type.Ref(EpisodeSchema),
  series: Type.Ref(SeriesSchema),
  progress: Type.Number(),
  position_seconds: Type.Number(),
  updated_at: Type.String(),
});

/** One episode of the watch history (`GET /api/users/watch-history/`). */
export const HistoryEntrySchema = Type.Object({
  id: Type.Integer(),
  episode: Type.Ref(EpisodeSchema),
  series: Type.Ref(SeriesSchema),
  progress: Type.Number(),
  watched_at: Type.String(),
});

/**
 * A series' likes as one viewer sees them (`GET` and `PUT /api/series/{id}/like/`): whether they like it
 * and how many viewers do.
 */
export const SeriesLikeAnswer = Type.Object({
  series_id: Type.Integer(),
  liked: Type.Boolean(),
  likes: Type.Integer({ minimum: 0 }),
});
