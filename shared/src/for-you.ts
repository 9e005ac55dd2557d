/**
 * The for-you feed's wire contract (`GET /api/feed/for-you/`): the clips the viewer may play now, in
 * the order the server ranked them for that viewer. Nothing locked is ever listed: every clip carries
 * a signed playback address (hls_url or video_url) that expires at `expires_at`; a refused address is
 * renewed through `GET /api/episodes/{id}/stream/`.
 */
import type { Id, IsoDateTime } from './entities';
import type { Translations } from './localized-text';

/** Why the viewer may play the clip: a free episode, Gold, or an episode they unlocked. */
export type ForYouAccess = 'free' | 'gold' | 'unlocked';

/** Where a clip leads: into its series from episode 1, or back to where the viewer left off. */
export interface ForYouLead {
  kind: 'start' | 'continue';
  episode_id: Id;
  episode_number: number;
  position_seconds: number;
}

export interface ForYouClip {
  /** 0-based place in the feed, as sent with the feed's analytics events. */
  position: number;
  episode_id: Id;
  series_id: Id;
  series_title: string;
  /** The series' English title and its title by language (issue #21): shown with `localizedTitle`. */
  series_title_en: string;
  series_translations: Translations;
  season_number: number;
  episode_number: number;
  title: string;
  /** The episode's title by language. */
  translations: Translations;
  thumbnail: string | null;
  poster: string | null;
  duration: number;
  hls_url: string | null;
  video_url: string | null;
  expires_at: IsoDateTime | null;
  access: ForYouAccess;
  /** The series' first episode, shown as its trailer. */
  is_trailer: boolean;
  lead: ForYouLead;
}

export interface ForYouFeed {
  clips: ForYouClip[];
  /** False when the viewer has no signals yet and the feed is what is trending. */
  personalised: boolean;
}

/** The feed lists at most this many clips, and at most FOR_YOU_CLIPS_PER_SERIES from one series. */
export const FOR_YOU_FEED_LIMIT = 60;
export const FOR_YOU_CLIPS_PER_SERIES = 3;
/** Any FOR_YOU_MIX_WINDOW consecutive clips come from at least FOR_YOU_MIX_MIN_SERIES series. */
export const FOR_YOU_MIX_WINDOW = 6;
export const FOR_YOU_MIX_MIN_SERIES = 3;
/** A clip counts as shown (analytics) once it has been on screen this long. */
export const FEED_CLIP_SHOWN_AFTER_MS = 1_000;
