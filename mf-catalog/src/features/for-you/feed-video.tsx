/// <reference path="../../../../shared/types/hls-light.d.ts" />
/**
 * One clip of the for-you feed. Only the current clip and its two neighbours mount a <video> (the feed
 * keeps at most three alive); the neighbours load their first fragment so a swipe starts at once.
 * hls.js light plays HLS wherever Media Source Extensions can (it reports why a request failed); the
 * browser's own HLS only where they cannot (older iPhones). An MP4 clip plays natively.
 *
 * Clips play from signed addresses that expire (60–70 min). When the address is refused (HTTP 403 from
 * hls.js; any load error from the browser's own player, which does not say why), the clip asks
 * `renew` for a fresh address (`GET /api/episodes/{id}/stream/`) and goes on from where it was,
 * playing again if it was playing; at most RENEWALS_IN_A_ROW times before a fragment loads again.
 */
import { useEffect, useRef, useState } from 'react';

type HlsError = { fatal?: boolean; response?: { code?: number }; networkDetails?: { status?: number } };
type HlsLike = {
  destroy(): void;
  detachMedia(): void;
  loadSource(src: string): void;
  attachMedia(v: HTMLMediaElement): void;
  on(event: string, handler: (event: string, data: HlsError) => void): void;
};
type HlsClass = {
  new (config: Record<string, unknown>): HlsLike;
  isSupported(): boolean;
  Events: { ERROR: string; FRAG_LOADED: string };
};

/** The status a signed address answers once it has expired or was refused. */
export const REFUSED_STATUS = 403;
export const RENEWALS_IN_A_ROW = 2;

const loadHls = async (): Promise<HlsClass> => (await import('hls.js/light')).default as unknown as HlsClass;

function mediaSourceCanPlay(): boolean {
  const source = (globalThis as { MediaSource?: { isTypeSupported?(type: string): boolean } }).MediaSource;
  return Boolean(source?.isTypeSupported?.('video/mp4; codecs="avc1.42E01E,mp4a.40.2"'));
}

const isHls = (src: string) => /\.m3u8(\?|$)/i.test(src);

function refused(data: HlsError): boolean {
  return (data.response?.code ?? data.networkDetails?.status) === REFUSED_STATUS;
}

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
  // The address in use and where to start it: the feed's, or a renewed one resuming a position.
  const [source, setSource] = useState({ origin: src, url: src, startAt: 0 });
  const renewals = useRef(0);
  const renewing = useRef(false);
  const renewRef = useRef(renew);
  renewRef.current = renew;
  const activeRef = useRef(active);
  activeRef.current = active;

  if (source.origin !== src) {
    // The feed sent a new address for this clip (a refetch): it replaces any renewed one.
    renewals.current = 0;
    setSource({ origin: src, url: src, startAt: 0 });
  }

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    let cancelled = false;
    let hls: HlsLike | null = null;

    const renewAddress = async () => {
      if (renewing.current || renewals.current >= RENEWALS_IN_A_ROW || !renewRef.current) return;
      renewing.current = true;
      renewals.current += 1;
      const startAt = video.currentTime || source.startAt;
      let fresh: string | null = null;
      try {
        fresh = await renewRef.current();
      } catch {
        fresh = null;
      } finally {
        renewing.current = false;
      }
      if (!cancelled && fresh) setSource((current) => ({ ...current, url: fresh, startAt }));
    };

    // The clip on screen plays once its media is in, whenever that is: a play() asked for earlier (the
    // clip became current while a renewal was under way) is dropped when the new address loads.
    const onMeta = () => {
      if (source.startAt > 0) video.currentTime = source.startAt;
      if (activeRef.current) video.play()?.catch(() => undefined);
    };
    video.addEventListener('loadedmetadata', onMeta, { once: true });

    const native = !isHls(source.url) || !mediaSourceCanPlay();
    const onNativeError = () => void renewAddress();
    const onNativeLoaded = () => {
      renewals.current = 0; // the address works: a later refusal gets the full budget again
    };
    if (native) {
      video.addEventListener('error', onNativeError);
      video.addEventListener('loadeddata', onNativeLoaded);
      video.src = source.url;
    } else {
      void loadHls().then((Hls) => {
        if (cancelled || !Hls.isSupported()) return;
        const instance = new Hls({
          lowLatencyMode: false,
          startFragPrefetch: true,
          capLevelToPlayerSize: true,
          startLevel: 0,
          maxBufferLength: 10,
          startPosition: source.startAt > 0 ? source.startAt : -1,
        });
        instance.on(Hls.Events.ERROR, (_event, data) => {
          if (refused(data)) void renewAddress();
        });
        instance.on(Hls.Events.FRAG_LOADED, () => {
          renewals.current = 0;
        });
        instance.loadSource(source.url);
        instance.attachMedia(video);
        hls = instance;
      });
    }
    return () => {
      cancelled = true;
      video.removeEventListener('loadedmetadata', onMeta);
      video.removeEventListener('error', onNativeError);
      video.removeEventListener('loadeddata', onNativeLoaded);
      if (hls) {
        hls.detachMedia();
        hls.destroy();
      } else if (native) {
        video.removeAttribute('src');
        video.load();
      }
    };
  }, [source]);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.muted = muted;
  }, [muted]);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    if (active) {
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
