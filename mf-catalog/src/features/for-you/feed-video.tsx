/**
 * One clip of the for-you feed. Only the current clip and its two neighbours mount a <video> (the feed
 * keeps at most three alive); the neighbours load their first seconds, paused, so a swipe starts at once.
 * The clip plays through the shared playback engine (`@cliffhanger/shared/hls`, the player's): hls.js
 * light wherever Media Source Extensions can play (the feed shows no captions), the browser's own HLS
 * only where they cannot (older iPhones); an MP4 clip plays natively.
 *
 * Clips play from signed addresses that expire (60–70 min). When the address is refused, the engine asks
 * `renew` for a fresh address (`GET /api/episodes/{id}/stream/`) and goes on from where the clip was,
 * playing again if it was playing (see the engine for how many times in a row).
 */
import { loadHlsLight, PlaybackEngine } from '@cliffhanger/shared/hls';
import { useEffect, useRef } from 'react';

export function FeedVideo({
  src,
  poster,
  label,
  active,
  muted,
  renew,
  onPlaying,
}: {
  src: string;
  poster?: string | null;
  label: string;
  active: boolean;
  muted: boolean;
  /** A fresh signed address of this clip, or null when it may not be played any more. */
  renew?: () => Promise<string | null>;
  /** Each time the clip starts or resumes playing. */
  onPlaying?: () => void;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  const engine = useRef<PlaybackEngine | null>(null);
  const renewRef = useRef(renew);
  renewRef.current = renew;
  const activeRef = useRef(active);
  activeRef.current = active;
  const srcRef = useRef(src);
  srcRef.current = src;

  // One engine for the clip's <video> while it is mounted.
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    const clipEngine = new PlaybackEngine(
      video,
      { renewSource: async () => (renewRef.current ? renewRef.current() : null) },
      loadHlsLight,
    );
    engine.current = clipEngine;
    // The clip on screen plays once its media is in, whenever that is: a play() asked for earlier (the
    // clip became current while a renewal was under way) is dropped when the new address loads.
    const onMeta = () => {
      if (activeRef.current) video.play()?.catch(() => undefined);
    };
    video.addEventListener('loadedmetadata', onMeta);
    return () => {
      video.removeEventListener('loadedmetadata', onMeta);
      clipEngine.teardown();
      engine.current = null;
    };
  }, []);

  // The feed's address (a refetch sends a new one, which replaces any renewed one): the clip on screen
  // loads to play, a neighbour only its first seconds.
  useEffect(() => {
    void engine.current?.load(src, 0, activeRef.current ? 'play' : 'standby');
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
      // A neighbour that failed to preload loads again once it is on screen.
      if (engine.current && !engine.current.promote()) void engine.current.load(srcRef.current, 0, 'play');
      video.play()?.catch(() => undefined); // autoplay may be refused; a tap plays
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
      onPlaying={() => {
        if (activeRef.current) onPlaying?.();
      }}
      onClick={(event) => {
        const video = event.currentTarget;
        if (video.paused) void video.play()?.catch(() => undefined);
        else video.pause();
      }}
    />
  );
}
