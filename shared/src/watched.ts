/**
 * When an episode counts as watched (product.md#player): once the viewer reaches its closing credits.
 * Staff mark where an episode's credits start (`credits_start`, seconds, in the episode editor); an
 * episode without a mark takes the last DEFAULT_CREDITS_SECONDS as its credits, or the last
 * DEFAULT_CREDITS_MAX_SHARE of a short one. The server decides `completed` with this rule and every
 * screen reads it (the player's episode list, history, continue watching, the series page's resume),
 * so none of them can call an episode watched while another offers to resume it.
 *
 * Why that default: the product's episodes run one to three minutes and end on 5–15 s of credits (the
 * demo's roll for 8 s), so the last 10 s is the credits of a typical episode and none of its story; a
 * share cap keeps a clip under 100 s from losing more than a tenth of itself to the guess.
 */

/** Seconds at the end of an episode taken as its credits when staff have not marked where they start. */
export const DEFAULT_CREDITS_SECONDS = 10;
/** The default credits never take more than this share of an episode. */
export const DEFAULT_CREDITS_MAX_SHARE = 0.1;

export interface CreditsMarked {
  /** Seconds. */
  duration: number;
  /** Where the closing credits start, in seconds from the start; null or absent when not marked. */
  credits_start?: number | null;
}

/** Where a viewer got to: a percentage (0–100) and, when known, the position in seconds. */
export interface WatchedPoint {
  progress?: number;
  position_seconds?: number;
}

/** A mark staff may set: inside the episode, after its start and before its end. */
export function isValidCreditsMark(mark: number, duration: number): boolean {
  return Number.isFinite(mark) && mark > 0 && mark < duration;
}

/** Where the episode's credits start, in seconds: its own mark when it has a valid one, else the default. */
export function creditsStartOf(episode: CreditsMarked): number {
  const { duration, credits_start: mark } = episode;
  if (mark != null && isValidCreditsMark(mark, duration)) return mark;
  return duration - Math.min(DEFAULT_CREDITS_SECONDS, duration * DEFAULT_CREDITS_MAX_SHARE);
}

/** Whether a viewer at `position` seconds has watched the episode: they reached its credits. */
export function isWatchedAt(episode: CreditsMarked, position: number): boolean {
  if (!(episode.duration > 0) || !(position > 0)) return false;
  return position >= creditsStartOf(episode) - 1e-6;
}

/**
 * Whether the episode is watched at a saved point: marked watched (100 %), or its position (said in
 * seconds, or as a share of the duration) reached the credits.
 */
export function isEpisodeWatched(episode: CreditsMarked & WatchedPoint): boolean {
  const progress = Number.isFinite(episode.progress) ? (episode.progress as number) : 0;
  if (progress >= 100) return true;
  const fromShare = (Math.max(0, progress) / 100) * episode.duration;
  const position = Math.max(
    Number.isFinite(episode.position_seconds) ? (episode.position_seconds as number) : 0,
    fromShare,
  );
  return isWatchedAt(episode, position);
}
