/** 75 → "1:15"; anything not a finite, positive number reads "0:00". */
export function formatTime(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 2] as const;
export const SEEK_STEP_SECONDS = 5;
/** How long the "next episode starts in …" countdown runs after an episode ends with autoplay on. */
export const AUTOPLAY_COUNTDOWN_SECONDS = 5;
