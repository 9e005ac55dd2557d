/**
 * Starting an attached source and swapping the pre-buffered next episode onto the screen, in the
 * viewer's tap.
 */
import type { PlayerLayout } from './use-layout';

/**
 * Starts a freshly attached source. A start the browser refuses for its sound falls back to muted (and
 * says so); a start interrupted by the source's own load (hls.js attaching its media source) is tried
 * again once the video can play; a start the viewer interrupted by pausing stays paused.
 */
export function startPlayback(video: HTMLVideoElement, onMuted: () => void): void {
  video.play()?.catch((error: unknown) => {
    const { name, message } = (error ?? {}) as { name?: string; message?: string };
    if (name === 'NotAllowedError') {
      video.muted = true;
      onMuted();
      video.play()?.catch(() => undefined);
      return;
    }
    if (name !== 'AbortError' || String(message).includes('pause()')) return;
    const retry = () => {
      if (video.paused) startPlayback(video, onMuted);
    };
    if (video.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA) retry();
    else video.addEventListener('canplay', retry, { once: true });
  });
}

/** Whether the viewer taps (a touch screen) rather than clicks; without the media query, the phone layout says so. */
export function touchScreen(layout: PlayerLayout): boolean {
  return window.matchMedia?.('(pointer: coarse)').matches ?? layout === 'mobile';
}

/**
 * Puts a started standby video on screen in place of the one playing, within the viewer's tap: the
 * swap is the two videos' roles (class and visibility to assistive technology), exactly what the
 * next render gives them, so the frame already decoded shows in the next paint while the rest of the
 * screen (title, controls) follows with that render.
 */
export function showInPlaceOf(arriving: HTMLVideoElement, leaving: HTMLVideoElement) {
  arriving.className = 'player-video';
  arriving.removeAttribute('aria-hidden');
  leaving.className = 'player-standby';
  leaving.setAttribute('aria-hidden', 'true');
}
