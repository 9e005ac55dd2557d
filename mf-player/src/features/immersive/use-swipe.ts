/** The phone player's swipe: up moves to the next episode, down to the previous one. */
import { type TouchEvent, useRef } from 'react';

const SWIPE_MIN_PX = 60;

export function useSwipe({
  enabled,
  blocked,
  onUp,
  onDown,
}: {
  /** Only the phone layout swipes. */
  enabled: boolean;
  /** While the drawer is open, touches are the drawer's. */
  blocked: boolean;
  onUp: () => void;
  onDown: () => void;
}) {
  const touchStart = useRef<number | null>(null);
  const onTouchStart = (event: TouchEvent) => {
    // Touches on the overlays (rail, progress bar, countdown, drawer) are theirs, not a swipe.
    const onOverlay = (event.target as HTMLElement).closest?.('[data-no-swipe], button, a');
    touchStart.current = onOverlay || blocked ? null : (event.touches[0]?.clientY ?? null);
  };
  const onTouchEnd = (event: TouchEvent) => {
    const y = event.changedTouches[0]?.clientY;
    const startY = touchStart.current;
    touchStart.current = null;
    if (!enabled || startY === null || y === undefined) return;
    const dy = startY - y;
    if (Math.abs(dy) < SWIPE_MIN_PX) return;
    if (dy > 0) onUp();
    else onDown();
  };
  return { onTouchStart, onTouchEnd };
}
