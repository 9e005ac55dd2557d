/** The for-you feed's answer (the contract is `ForYouFeed` in shared/src/for-you.ts). */
import type { ForYouFeed } from '@cliffhanger/shared/for-you';
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../../http/schemas';
import { TranslationsSchema } from '../catalogue/translations';

export const ForYouClipSchema = Type.Object({
  position: Type.Integer(),
  episode_id: Type.Integer(),
  series_id: Type.Integer(),
  series_title: Type.String(),
  series_title_en: Type.String(),
  series_translations: TranslationsSchema,
  season_number: Type.Integer(),
  episode_number: Type.Integer(),
  title: Type.String(),
  translations: TranslationsSchema,
  thumbnail: Nullable(Type.String()),
  poster: Nullable(Type.String()),
  duration: Type.Integer(),
  hls_url: Nullable(Type.String()),
  video_url: Nullable(Type.String()),
  expires_at: Nullable(Type.String()),
  access: Type.Union([Type.Literal('free'), Type.Literal('gold'), Type.Literal('unlocked')]),
  is_trailer: Type.Boolean(),
  lead: Type.Object({
    kind: Type.Union([Type.Literal('start'), Type.Literal('continue')]),
    episode_id: Type.Integer(),
    episode_number: Type.Integer(),
    position_seconds: Type.Number(),
  }),
});

export const ForYouFeedSchema = Type.Object({
  clips: Type.Array(ForYouClipSchema),
  personalised: Type.Boolean(),
});

/** The schema and the shared contract describe the same answer. */
const sameShape: ForYouFeed = {} as Static<typeof ForYouFeedSchema>;
void sameShape;
