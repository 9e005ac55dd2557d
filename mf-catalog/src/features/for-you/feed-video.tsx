/// <reference path="../../../../shared/types/hls-light.d.ts" />
/**
 * One clip of the for-you feed. Only the current clip and its two neighbours mount a <video> (the feed
 * keeps at most three alive); the neighbours load their first fragment so a swipe starts at once.
 * Native HLS where the browser has it, hls.js light elsewhere; the hls instance is destroyed on unmount.
 */
import { useEffect, useRef } from 'react';

type HlsLike = {
  destroy(): void;
  detachMedia(): void;
  loadSource(src: string): void;
  attachMedia(v: HTMLMediaElement): void;
};

export function FeedVideo({
  src,
  poster,
  label,
  active,
  muted,
  onTogglePlay,
}: {
  src: string;
  poster?: string | null;
  label: string;
  active: boolean;
  muted: boolean;
  onTogglePlay?: (playing: boolean) => void;
}) {
  const ref = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    if (video.canPlayType('application/vnd.apple.mpegurl')) {
      video.src = src;
      return () => {
        video.removeAttribute('src');
        video.load();
      };
    }
    let cancelled = false;
    let hls: HlsLike | null = null;
    void import('hls.js/light').then(({ default: Hls }) => {
      if (cancelled || !Hls.isSupported()) return;
      const instance = new Hls({
        lowLatencyMode: false,
        startFragPrefetch: true,
        capLevelToPlayerSize: true,
        startLevel: 0,
        maxBufferLength: 10,
      });
      instance.loadSource(src);
      instance.attachMedia(video);
      hls = instance;
    });
    return () => {
      cancelled = true;
      hls?.detachMedia();
      hls?.destroy();
    };
  }, [src]);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.muted = muted;
  }, [muted]);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    if (active) {
      video.play()?.catch(() => undefined); // autoplay may be refused; the play button remains
    } else {
      video.pause();
    }
  }, [active]);

  return (
    <video
      ref={ref}
      className="feed-video"
      poster={poster ?? undefined}
      playsInline
      loop
      muted={muted}
      preload={active ? 'auto' : 'metadata'}
      aria-label={label}
      onClick={(event) => {
        const video = event.currentTarget;
        if (video.paused) void video.play()?.catch(() => undefined);
        else video.pause();
        onTogglePlay?.(!video.paused);
      }}
    />
  );
}
