/** Schemas of the viewing routes (progress, continue watching, history, my list). */
import { ContinueWatchingEntrySchema, HistoryEntrySchema } from '@cliffhanger/shared/contracts';
import { Type } from '@sinclair/typebox';

export const ProgressBody = Type.Object({
  /** Any finite number is accepted and clamped to 0–100 (product.md#history). */
  progress: Type.Number(),
  position_seconds: Type.Optional(Type.Number({ minimum: 0, maximum: 24 * 3600 })),
});

export const ProgressAnswerSchema = Type.Object({
  episode_id: Type.Integer(),
  series_id: Type.Integer(),
  progress: Type.Number(),
  position_seconds: Type.Number(),
  completed: Type.Boolean(),
  updated_at: Type.String(),
});

export const ContinueWatchingList = Type.Array(ContinueWatchingEntrySchema);

export const HistoryList = Type.Array(HistoryEntrySchema);

export const HistoryQuery = Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }) });

export const MyListChange = Type.Object({ message: Type.String(), series_id: Type.Integer(), in_list: Type.Boolean() });

export const LikeBody = Type.Object({ liked: Type.Boolean() }, { additionalProperties: false });
