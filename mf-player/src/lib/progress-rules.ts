/**
 * The progress rules: a percentage clamped to 0–100 (product.md#player), saved at most every 10 s while playing.
 * An episode is watched once the viewer reaches its credits — the one rule of shared/src/watched.ts,
 * which the server and every other screen read too.
 */
import { isEpisodeWatched } from '@cliffhanger/shared';

export const PROGRESS_SAVE_INTERVAL_MS = 10_000;

export function clampProgress(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return 0;
  return Math.min(100, Math.max(0, n));
}

export function progressOf(position: number, duration: number): number {
  if (!(duration > 0) || !Number.isFinite(position)) return 0;
  return clampProgress((position / duration) * 100);
}

/** Where to start an episode: the saved position unless it was watched (into its credits); then from the start. */
export function resumePosition(
  episode: { progress?: number; position_seconds?: number; duration: number; credits_start?: number | null },
  requested?: number | null,
): number {
  if (requested != null && Number.isFinite(requested) && requested >= 0) return requested;
  const saved =
    episode.position_seconds && episode.position_seconds > 0
      ? episode.position_seconds
      : (clampProgress(episode.progress) / 100) * episode.duration;
  if (!(saved > 0) || isEpisodeWatched(episode)) return 0;
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
