/**
 * The for-you feed's answer (`GET /api/feed/for-you/`): the clips the viewer may play now, in the
 * order the server ranked them for that viewer. The feed's rules are in shared/src/for-you.ts.
 */
import { Type } from '@sinclair/typebox';
import { TranslationsSchema } from './catalogue';
import { Nullable } from './common';

/** Why the viewer may play the clip: a free episode, Gold, or an episode they unlocked. */
export const ForYouAccessSchema = Type.Union([Type.Literal('free'), Type.Literal('gold'), Type.Literal('unlocked')]);

/** Where a clip leads: into its series from episode 1, or back to where the viewer left off. */
export const ForYouLeadSchema = Type.Object({
  kind: Type.Union([Type.Literal('start'), Type.Literal('continue')]),
  episode_id: Type.Integer(),
  episode_number: Type.Integer(),
  position_seconds: Type.Number(),
});

export const ForYouClipSchema = Type.Object({
  /** 0-based place in the feed, as sent with the feed's analytics events. */
  position: Type.Integer(),
  episode_id: Type.Integer(),
  series_id: Type.Integer(),
  series_title: Type.String(),
  /** The series' English title and its title by language (issue #21): shown with `localizedTitle`. */
  series_title_en: Type.String(),
  series_translations: TranslationsSchema,
  season_number: Type.Integer(),
  episode_number: Type.Integer(),
  title: Type.String(),
  /** The episode's title by language. */
  translations: TranslationsSchema,
  thumbnail: Nullable(Type.String()),
  poster: Nullable(Type.String()),
  duration: Type.Integer(),
  hls_url: Nullable(Type.String()),
  video_url: Nullable(Type.String()),
  /** When the signed playback address expires (ISO 8601). */
  expires_at: Nullable(Type.String()),
  access: ForYouAccessSchema,
  /** The series' first episode, shown as its trailer. */
  is_trailer: Type.Boolean(),
  lead: ForYouLeadSchema,
});

export const ForYouFeedSchema = Type.Object({
  clips: Type.Array(ForYouClipSchema),
  /** False when the viewer has no signals yet and the feed is what is trending. */
  personalised: Type.Boolean(),
});
