/** The page-wide keyboard shortcuts of the player (one player per page takes them). */
import { useEffect } from 'react';
import { SEEK_STEP_SECONDS } from '../../lib/format';

export interface PlayerKeyActions {
  activeVideo: () => HTMLVideoElement | null;
  togglePlay: () => void;
  seek: (seconds: number) => void;
  toggleMute: () => void;
  toggleFullscreen: () => void;
  previous: () => void;
  next: () => void;
}

/** Space / k play-pause, ←/→ seek, ↑/↓ previous / next episode, m mute, f full screen. */
export function usePlayerKeys(enabled: boolean, actions: PlayerKeyActions) {
  const { activeVideo, togglePlay, seek, toggleMute, toggleFullscreen, previous, next } = actions;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input:not([type="range"]), textarea, select, [contenteditable="true"]')) return;
      const onButton = !!target?.closest('button, a');
      const video = activeVideo();
      switch (event.key) {
        case ' ':
        case 'k':
        case 'K':
          if (event.key === ' ' && onButton) return; // space on a button presses that button
          event.preventDefault();
          togglePlay();
          break;
        case 'ArrowLeft':
          if (target?.matches('input[type="range"]')) return;
          event.preventDefault();
          if (video) seek(video.currentTime - SEEK_STEP_SECONDS);
          break;
        case 'ArrowRight':
          if (target?.matches('input[type="range"]')) return;
          event.preventDefault();
          if (video) seek(video.currentTime + SEEK_STEP_SECONDS);
          break;
        case 'ArrowUp':
          event.preventDefault();
          previous();
          break;
        case 'ArrowDown':
          event.preventDefault();
          next();
          break;
        case 'm':
        case 'M':
          toggleMute();
          break;
        case 'f':
        case 'F':
          toggleFullscreen();
          break;
        default:
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled, previous, next, seek, toggleFullscreen, toggleMute, togglePlay, activeVideo]);
}
