/**
 * Subtitles per episode per language (issue #21): the one contract of the API, the admin and the
 * player.
 *
 * Staff routes (staff with catalogue rights):
 * - `GET    /api/admin/episodes/{id}/subtitles/`            → `{ results: SubtitleTrack[] }`
 * - `PUT    /api/admin/episodes/{id}/subtitles/{language}/` body `SubtitleUpload` → `SubtitleTrack`
 *   (200 replaced, 201 added); an `.srt` text is converted to WebVTT; invalid text answers 400 with
 *   the line at fault and changes nothing.
 * - `GET    /api/admin/episodes/{id}/subtitles/{language}/` → the stored WebVTT (`text/vtt`), for the preview
 * - `DELETE /api/admin/episodes/{id}/subtitles/{language}/` → 204
 *
 * Viewers get subtitles inside the episode's HLS package, through signed playback only (locked
 * episodes stay locked): the master playlist lists one `#EXT-X-MEDIA:TYPE=SUBTITLES` rendition per
 * track in the group `SUBTITLE_GROUP_ID`, with `LANGUAGE`, `NAME` (the label) and a signed `URI` of a
 * subtitle media playlist whose one segment is the whole WebVTT file. An episode answer lists its
 * tracks in `subtitles` so the player can show the captions button before the video loads.
 * The wire shapes are in contracts/subtitles.ts, their types (`SubtitleTrack`, `SubtitleUpload`,
 * `EpisodeSubtitles`) in entities.ts.
 */
/** A language tag: a 2–3 letter language, optionally a region (`en`, `ru`, `pt-BR`, `zh-Hant`). */
export const SUBTITLE_LANGUAGE_PATTERN = '^[a-z]{2,3}(-[A-Za-z0-9]{2,4})?$';
/** The largest subtitle file accepted (an episode is 1–3 minutes: a few KiB in practice). */
export const SUBTITLE_MAX_BYTES = 256 * 1024;
export const SUBTITLE_LABEL_MAX_LENGTH = 40;
export const SUBTITLE_GROUP_ID = 'subs';

/** Where the player remembers the viewer's captions choice: a language tag, or `off`. */
export const CAPTIONS_STORAGE_KEY = 'captions';
export const CAPTIONS_SIZE_STORAGE_KEY = 'captions-size';
export const CAPTION_SIZES = ['small', 'medium', 'large'] as const;
export type CaptionSize = (typeof CAPTION_SIZES)[number];
