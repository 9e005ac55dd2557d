/**
 * The for-you feed's wire contract (`GET /api/feed/for-you/`): the clips the viewer may play now, in
 * the order the server ranked them for that viewer. Nothing locked is ever listed: every clip carries
 * a signed playback address (hls_url or video_url) that expires at `expires_at`; a refused address is
 * renewed through `GET /api/episodes/{id}/stream/`.
 */
import type { Static } from '@sinclair/typebox';
import type { ForYouAccessSchema, ForYouClipSchema, ForYouFeedSchema, ForYouLeadSchema } from './contracts/for-you';

// The wire shapes, as contracts/for-you.ts declares them (types only: no schema code is bundled).
/** Why the viewer may play the clip: a free episode, Gold, or an episode they unlocked. */
export type ForYouAccess = Static<typeof ForYouAccessSchema>;
/** Where a clip leads: into its series from episode 1, or back to where the viewer left off. */
export type ForYouLead = Static<typeof ForYouLeadSchema>;
export type ForYouClip = Static<typeof ForYouClipSchema>;
export type ForYouFeed = Static<typeof ForYouFeedSchema>;

/** The feed lists at most this many clips, and at most FOR_YOU_CLIPS_PER_SERIES from one series. */
export const FOR_YOU_FEED_LIMIT = 60;
export const FOR_YOU_CLIPS_PER_SERIES = 3;
/** Any FOR_YOU_MIX_WINDOW consecutive clips come from at least FOR_YOU_MIX_MIN_SERIES series. */
export const FOR_YOU_MIX_WINDOW = 6;
export const FOR_YOU_MIX_MIN_SERIES = 3;
/** A clip counts as shown (analytics) once it has been on screen this long. */
export const FEED_CLIP_SHOWN_AFTER_MS = 1_000;
