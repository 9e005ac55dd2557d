/** The for-you feed keeps at most this many <video> elements alive: the current clip and its neighbours. */
export const FEED_LIVE_VIDEOS = 3;

/** Whether the clip at `position` mounts a video while `current` is on screen. */
export function isLive(position: number, current: number): boolean {
  return Math.abs(position - current) <= Math.floor(FEED_LIVE_VIDEOS / 2);
}

/** The index after a move of `step`, kept inside the feed. */
export function moveWithin(current: number, step: number, count: number): number {
  if (count === 0) return 0;
  return Math.min(count - 1, Math.max(0, current + step));
}

/** A swipe is a vertical drag of at least this many pixels; up means next. */
export const SWIPE_MIN_PX = 50;
/** Wheel moves are spaced so one trackpad flick moves one clip. */
export const WHEEL_COOLDOWN_MS = 600;

export function swipeStep(startY: number, endY: number): -1 | 0 | 1 {
  const dy = startY - endY;
  if (Math.abs(dy) < SWIPE_MIN_PX) return 0;
  return dy > 0 ? 1 : -1;
}
