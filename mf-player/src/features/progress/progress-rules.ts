/**
 * The progress rules: a percentage clamped to 0–100 (product.md#player), saved at most every 10 s while playing, and
 * "watched" near the end — at 80 % or within the last 15 s, whichever comes first, so a 60 s episode
 * with a 10 s outro counts as watched once the story is over. The tail rule applies only to episodes of
 * at least four tails (60 s): for a short clip "the last 15 s" would be the whole clip.
 */
export const PROGRESS_SAVE_INTERVAL_MS = 10_000;
export const WATCHED_FRACTION = 0.8;
export const WATCHED_TAIL_SECONDS = 15;

export function clampProgress(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return 0;
  return Math.min(100, Math.max(0, n));
}

export function progressOf(position: number, duration: number): number {
  if (!(duration > 0) || !Number.isFinite(position)) return 0;
  return clampProgress((position / duration) * 100);
}

export function isNearEnd(position: number, duration: number): boolean {
  if (!(duration > 0) || !(position > 0)) return false;
  const inTail = duration >= WATCHED_TAIL_SECONDS * 4 && position >= duration - WATCHED_TAIL_SECONDS;
  return inTail || position >= duration * WATCHED_FRACTION - 1e-9; // 6 × 0.8 is 4.800…01 in floating point
}

/** Where to start an episode: the saved position unless it was (nearly) finished; then from the start. */
export function resumePosition(
  episode: { progress?: number; position_seconds?: number; duration: number },
  requested?: number | null,
): number {
  if (requested != null && Number.isFinite(requested) && requested >= 0) return requested;
  const duration = episode.duration;
  const saved =
    episode.position_seconds && episode.position_seconds > 0
      ? episode.position_seconds
      : (clampProgress(episode.progress) / 100) * duration;
  if (!(saved > 0) || clampProgress(episode.progress) >= 100 || isNearEnd(saved, duration)) return 0;
  return saved;
}

/** The quartiles reported once per view of an episode (25, 50 and 75 % of it played). */
export const QUARTILES = [25, 50, 75] as const;
export type Quartile = (typeof QUARTILES)[number];

/** The quartiles `position` has passed that were not reported yet, in order. */
export function quartilesReached(position: number, duration: number, reported: readonly number[]): Quartile[] {
  if (!(duration > 0) || !(position > 0)) return [];
  const percent = (position / duration) * 100;
  return QUARTILES.filter((q) => percent >= q && !reported.includes(q));
}
