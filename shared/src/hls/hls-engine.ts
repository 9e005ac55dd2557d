/**
 * The playback engine of every <video> that plays an episode: the player's and the For you feed's.
 * Framework-free, one per <video>. It owns the media pipeline for one source at a time and nothing else
 * (no React, no Redux, no words: the frontend says what each failure means to the viewer).
 *
 * - `load(src, startPosition)` plays an HLS master playlist with hls.js (H.264/AAC, and the episode's
 *   subtitle renditions, handed to `onAttached` for a captions menu) wherever Media
 *   Source Extensions can play it, and with the browser's own HLS only where they cannot (iPhones before
 *   iOS 17.1, where Safari's player is the only one). hls.js is preferred even where the browser also
 *   plays HLS itself (Safari on a Mac, recent Chromium): it fetches the first fragment while the
 *   manifest is parsed and caps how far a standby buffers, and in Chromium it shows the first frame
 *   sooner (measured here: ≈ 250 ms from the route against ≈ 330 ms natively, where the native player
 *   reported `playing` 150–250 ms before presenting a frame). Tuned for a fast start: no low-latency
 *   mode, the first fragment prefetched, the level capped to the player size and a low start level so
 *   the first frame comes from the smallest rendition. A plain video file (an MP4 clip) plays in the
 *   browser's own player.
 * - Recovery is bounded: a fatal network error retries the load up to NETWORK_RETRIES times with a
 *   doubling delay; a fatal media error is recovered once, then once more with the audio codec
 *   swapped; after that `onFatal` says which kind of failure it was, for the UI to tell the viewer in
 *   their words (the player offers Retry, which calls `load` again).
 * - Locked episodes play from signed addresses that expire (api/src/media/signed-playback.ts). A
 *   refusal (HTTP 403) of the playlist or of a segment is not retried as is: the engine asks
 *   `renewSource` for a fresh address (the API's stream answer) and reloads from where the video was,
 *   playing again if it was playing; at most RENEWALS times in a row without a fragment loading.
 * - `teardown()` detaches and destroys the hls.js instance and empties the element; every `load`
 *   tears the previous source down first, so no instance outlives its source.
 * - A source loaded `standby` (the next episode, in a hidden, paused, muted <video>) buffers only its
 *   first seconds, so it is ready to show its first frame without taking the bandwidth of the episode
 *   being watched; `promote()` lifts that cap when it becomes the episode on screen.
 * - hls.js is imported lazily, in a chunk of its own: the full build (`loadHls`, with subtitles) by
 *   default, or the light one (`loadHlsLight`, no subtitles, about 58 KB gzip less) for a caller that
 *   shows no captions.
 */
/// <reference path="../../types/hls-light.d.ts" />
import type Hls from 'hls.js';
import type { ErrorData } from 'hls.js';
import { FAST_START_CONFIG, STANDBY_CONFIG } from './hls-config';

export { FAST_START_CONFIG, STANDBY_BUFFER_SECONDS, STANDBY_CONFIG } from './hls-config';

export const NETWORK_RETRIES = 3;
export const NETWORK_RETRY_BASE_MS = 1_000;
export const MEDIA_RECOVERIES = 2;
/** Fresh addresses asked for in a row (without a fragment loading between) before giving up. */
export const RENEWALS = 2;
/** The status a signed address that expired (or was refused) answers. */
export const REFUSED_STATUS = 403;

/**
 * Why a source cannot play: the connection (retries spent, or no fresh address), the media (it does not
 * decode), or a browser that can play no HLS at all.
 */
export type PlaybackErrorKind = 'network' | 'media' | 'unsupported';

export interface EngineListener {
  onFatal?(kind: PlaybackErrorKind): void;
  onRecovering?(attempt: number): void;
  /** A fresh address of the source on screen after its address was refused; null when there is none. */
  renewSource?(): Promise<string | null>;
  /** An hls.js instance now plays the video (its subtitle renditions are read from it). */
  onAttached?(hls: Hls): void;
}

export type HlsConstructor = typeof Hls;

/** Whether a source plays at once (the episode on screen) or waits, pre-buffered, to be shown. */
export type LoadMode = 'play' | 'standby';

/**
 * hls.js is fetched on first use and shared by every engine of the frontend that imports this module
 * (each remote bundles its own lazy chunk; hls.js is not a federation singleton). Not the light build: it
 * has no subtitles.
 */
let hlsModule: Promise<HlsConstructor> | null = null;
/** hls.js once fetched: a head start needs it at once, within a render. */
let loadedHls: HlsConstructor | null = null;
export function loadHls(): Promise<HlsConstructor> {
  // Named, so that its requests are told apart (the player bench times this chunk).
  hlsModule ??= import(/* webpackChunkName: "hls" */ 'hls.js').then((m) => {
    loadedHls = m.default as unknown as HlsConstructor;
    return loadedHls;
  });
  return hlsModule;
}

let hlsLightModule: Promise<HlsConstructor> | null = null;
/** hls.js without subtitles, for videos that show no captions (the For you feed); fetched on first use. */
export function loadHlsLight(): Promise<HlsConstructor> {
  hlsLightModule ??= import(/* webpackChunkName: "hls-light" */ 'hls.js/light').then(
    (m) => m.default as unknown as HlsConstructor,
  );
  return hlsLightModule;
}

/** A plain video file (an MP4 clip) rather than an HLS playlist: the browser plays it itself. */
const VIDEO_FILE = /\.(mp4|m4v|webm|mov)(\?|#|$)/i;
const isVideoFile = (src: string): boolean => VIDEO_FILE.test(src);

export function canPlayNativeHls(video: HTMLVideoElement): boolean {
  return video.canPlayType('application/vnd.apple.mpegurl') !== '';
}

/** The H.264/AAC pair the episodes are encoded in, as Media Source Extensions are asked about it. */
const EPISODE_CODECS = 'video/mp4; codecs="avc1.42E01E,mp4a.40.2"';

type MediaSourceLike = { isTypeSupported?(type: string): boolean };

/** Whether Media Source Extensions (managed ones on newer iPhones) can play the episodes: hls.js can. */
export function mediaSourceCanPlay(scope: object = globalThis): boolean {
  const { ManagedMediaSource, MediaSource, WebKitMediaSource } = scope as Record<string, MediaSourceLike | undefined>;
  const source = ManagedMediaSource ?? MediaSource ?? WebKitMediaSource;
  return typeof source?.isTypeSupported === 'function' && source.isTypeSupported(EPISODE_CODECS);
}

/** The browser's own HLS player, used only where hls.js cannot play. */
export function usesNativeHls(video: HTMLVideoElement): boolean {
  return !mediaSourceCanPlay() && canPlayNativeHls(video);
}

/**
 * Starts fetching hls.js where it will play the episodes, so that its chunk loads while the player asks
 * the API for the episode instead of after.
 */
export function warmPlaybackEngine(): void {
  if (typeof document === 'undefined') return;
  if (!usesNativeHls(document.createElement('video'))) void loadHls().catch(() => undefined);
}

type IdleScope = {
  requestIdleCallback?: (callback: () => void) => unknown;
  setTimeout: (callback: () => void, ms: number) => unknown;
  navigator?: { connection?: { saveData?: boolean; effectiveType?: string } };
};

/** How long a browser without requestIdleCallback (Safari) waits before warming up. */
export const IDLE_FALLBACK_MS = 1_500;

/** Whether the viewer asked the browser to save data, or its link is 2G: nothing is fetched ahead then. */
export function savesData(scope: IdleScope = globalThis as unknown as IdleScope): boolean {
  const connection = scope.navigator?.connection;
  return connection?.saveData === true || /(^|-)2g$/.test(connection?.effectiveType ?? '');
}

/**
 * Fetches and runs hls.js the next time the browser idles, where it will play the episodes (Media
 * Source Extensions) and the viewer does not save data. The shell loads the player's module on idle
 * from any screen; this makes a tap on an episode find the playback engine ready as well, so the
 * episode's first frame waits only for its API answer, playlists and first segment — as a bare page
 * holding hls.js would (the full build is about 180 KB compressed: the API answer outruns it).
 */
export function warmPlaybackEngineWhenIdle(
  warm: () => void = () => void loadHls().catch(() => undefined),
  scope: IdleScope = globalThis as unknown as IdleScope,
  canPlay: () => boolean = () => mediaSourceCanPlay(scope),
): void {
  if (!canPlay() || savesData(scope)) return;
  if (typeof scope.requestIdleCallback === 'function') scope.requestIdleCallback(warm);
  else scope.setTimeout(warm, IDLE_FALLBACK_MS);
}

/** How long a head start waits for its <video> before it is dropped. */
export const HEAD_START_TTL_MS = 10_000;

/** An hls.js instance loading a source before its <video> exists: see `startAhead`. */
interface HeadStart {
  src: string;
  startPosition: number;
  hls: Hls;
  failed: boolean;
  timer: ReturnType<typeof setTimeout>;
}
let headStart: HeadStart | null = null;

/** Drops the head start nobody took over (the viewer left the player before its video came). */
export function cancelHeadStart(): void {
  if (!headStart) return;
  clearTimeout(headStart.timer);
  headStart.hls.destroy();
  headStart = null;
}

/**
 * Starts loading an episode before its <video> is on the page: the player calls this as soon as it
 * knows the episode it opens on, while the screen is still rendering. hls.js fetches the master
 * playlist, the first level's playlist and (startFragPrefetch) the first fragment without a video;
 * the engine that then loads the same source to play takes this instance over and attaches its video.
 * At most one head start exists; one not taken over within HEAD_START_TTL_MS is dropped. Where the
 * browser's own HLS plays, or hls.js is not fetched yet, nothing starts (the engine loads as usual).
 */
export function startAhead(src: string, startPosition = 0, HlsClass: HlsConstructor | null = loadedHls): void {
  if (headStart?.src === src && headStart.startPosition === startPosition) return;
  cancelHeadStart();
  if (!HlsClass?.isSupported() || typeof document === 'undefined') return;
  if (usesNativeHls(document.createElement('video'))) return;
  const hls = new HlsClass({ ...FAST_START_CONFIG, startPosition: startPosition > 0 ? startPosition : -1 });
  const ahead: HeadStart = {
    src,
    startPosition,
    hls,
    failed: false,
    timer: setTimeout(() => {
      if (headStart === ahead) cancelHeadStart();
    }, HEAD_START_TTL_MS),
  };
  hls.on(HlsClass.Events.ERROR, (_event, data) => {
    if (data.fatal) ahead.failed = true;
  });
  headStart = ahead;
  hls.loadSource(src);
}

/** The head start of `src` from `startPosition`, handed over (once); a failed one is dropped. */
function takeHeadStart(src: string, startPosition: number): Hls | null {
  const ahead = headStart;
  if (!ahead || ahead.src !== src || ahead.startPosition !== startPosition) return null;
  if (ahead.failed) {
    cancelHeadStart();
    return null;
  }
  clearTimeout(ahead.timer);
  headStart = null;
  return ahead.hls;
}

/** Whether a head start is waiting for its video (for tests). */
export function headStartPending(): string | null {
  return headStart?.src ?? null;
}

/** Whether a load failed because the server refused the address (an expired or foreign signature). */
function refusedStatus(data: ErrorData): boolean {
  const status = data.response?.code ?? (data.networkDetails as { status?: number } | undefined)?.status;
  return status === REFUSED_STATUS;
}

export class PlaybackEngine {
  private hls: Hls | null = null;
  private generation = 0;
  private networkRetries = 0;
  private mediaRecoveries = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private nativeCleanup: (() => void) | null = null;
  private mode: LoadMode = 'play';
  private loadedSource: string | null = null;
  private failed = false;
  private renewals = 0;
  private renewing = false;
  /** Whether the source on screen has played since it was loaded (a fresh one is meant to start). */
  private hasPlayed = false;

  constructor(
    private readonly video: HTMLVideoElement,
    private readonly listener: EngineListener = {},
    private readonly getHls: () => Promise<HlsConstructor> = loadHls,
  ) {}

  /**
   * Loads `src` from `startPosition` seconds, to play (`'play'`) or to wait pre-buffered (`'standby'`);
   * answers once the source is attached.
   */
  async load(src: string, startPosition = 0, mode: LoadMode = 'play'): Promise<void> {
    this.renewals = 0;
    this.hasPlayed = false;
    this.video.addEventListener(
      'playing',
      () => {
        this.hasPlayed = true;
      },
      { once: true },
    );
    return this.start(src, startPosition, mode);
  }

  private async start(src: string, startPosition: number, mode: LoadMode): Promise<void> {
    this.teardown();
    const generation = ++this.generation;
    this.networkRetries = 0;
    this.mediaRecoveries = 0;
    this.mode = mode;
    this.loadedSource = src;
    const video = this.video;

    if (isVideoFile(src) || usesNativeHls(video)) {
      const onMeta = () => {
        if (startPosition > 0) video.currentTime = startPosition;
      };
      const onError = () => {
        // The browser's own player does not say why; an expired address is worth one fresh try.
        if (this.renewals < 1 && this.listener.renewSource) {
          void this.renew();
          return;
        }
        this.failed = true;
        this.listener.onFatal?.('media');
      };
      video.addEventListener('loadedmetadata', onMeta, { once: true });
      video.addEventListener('error', onError);
      this.nativeCleanup = () => {
        video.removeEventListener('loadedmetadata', onMeta);
        video.removeEventListener('error', onError);
      };
      video.src = src;
      return;
    }

    const HlsClass = await this.getHls();
    if (generation !== this.generation) return; // a newer load or a teardown happened meanwhile
    if (!HlsClass.isSupported()) {
      this.failed = true;
      this.listener.onFatal?.('unsupported');
      return;
    }
    // The episode on screen may have started loading while the player rendered (`startAhead`).
    const ahead = mode === 'play' ? takeHeadStart(src, startPosition) : null;
    const hls =
      ahead ??
      new HlsClass({
        ...FAST_START_CONFIG,
        ...(this.mode === 'standby' ? STANDBY_CONFIG : {}),
        startPosition: startPosition > 0 ? startPosition : -1,
      });
    this.hls = hls;
    hls.on(HlsClass.Events.ERROR, (_event, data) => this.handleError(HlsClass, hls, data));
    hls.on(HlsClass.Events.FRAG_LOADED, () => {
      this.networkRetries = 0; // progress again: the next outage gets the full budget
      this.renewals = 0;
    });
    if (!ahead) hls.loadSource(src);
    hls.attachMedia(video);
    this.listener.onAttached?.(hls);
  }

  private handleError(HlsClass: HlsConstructor, hls: Hls, data: ErrorData) {
    if (hls !== this.hls) return;
    if (data.type === HlsClass.ErrorTypes.NETWORK_ERROR && refusedStatus(data) && this.listener.renewSource) {
      // An expired or refused signature: retrying the same address cannot help, a fresh one can.
      if (this.renewals < RENEWALS) {
        void this.renew();
        return;
      }
      if (data.fatal) this.fail('network');
      return;
    }
    if (!data.fatal) return;
    if (data.type === HlsClass.ErrorTypes.NETWORK_ERROR) {
      if (this.networkRetries >= NETWORK_RETRIES) {
        this.fail('network');
        return;
      }
      const attempt = ++this.networkRetries;
      this.listener.onRecovering?.(attempt);
      this.retryTimer = setTimeout(
        () => {
          if (hls === this.hls) hls.startLoad();
        },
        NETWORK_RETRY_BASE_MS * 2 ** (attempt - 1),
      );
      return;
    }
    if (data.type === HlsClass.ErrorTypes.MEDIA_ERROR && this.mediaRecoveries < MEDIA_RECOVERIES) {
      const attempt = ++this.mediaRecoveries;
      this.listener.onRecovering?.(attempt);
      if (attempt > 1) hls.swapAudioCodec();
      hls.recoverMediaError();
      return;
    }
    this.fail('media');
  }

  /** Asks for a fresh address and reloads it from where the video was, playing again if it was. */
  private async renew(): Promise<void> {
    if (this.renewing) return;
    this.renewing = true;
    this.renewals += 1;
    const generation = this.generation;
    const video = this.video;
    const position = video.currentTime;
    // Playing, or on screen and not yet started: an address refused while the first segments load
    // (before the player's start has gone through) must not leave the episode paused at its first frame.
    const wasPlaying = !video.paused || (this.mode === 'play' && !this.hasPlayed);
    this.listener.onRecovering?.(this.renewals);
    let fresh: string | null = null;
    try {
      fresh = (await this.listener.renewSource?.()) ?? null;
    } catch {
      fresh = null;
    } finally {
      this.renewing = false;
    }
    if (generation !== this.generation) return; // torn down or loaded anew meanwhile
    if (!fresh) {
      this.fail('network');
      return;
    }
    await this.start(fresh, position, this.mode);
    if (wasPlaying) {
      const resume = () => video.play()?.catch(() => undefined);
      // The fresh source may already be able to play by now: then 'canplay' has fired and will not again.
      if (video.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA) resume();
      else video.addEventListener('canplay', resume, { once: true });
    }
  }

  /**
   * Makes a standby source the one on screen: it buffers as far ahead as any playing source. Answers
   * false when there is nothing to show (never loaded, torn down or failed): the caller loads afresh.
   */
  promote(): boolean {
    if (this.loadedSource === null || this.failed) return false;
    this.mode = 'play';
    if (this.hls) {
      this.hls.config.maxBufferLength = FAST_START_CONFIG.maxBufferLength as number;
      this.hls.config.maxMaxBufferLength = FAST_START_CONFIG.maxMaxBufferLength as number;
    }
    return true;
  }

  /**
   * Gives up on the source. hls.js is torn down; the browser's own player is left as it stands, as
   * after any error of its own (its element keeps its address until the next load or teardown).
   */
  private fail(kind: PlaybackErrorKind) {
    if (!this.nativeCleanup) this.teardown();
    this.failed = true;
    this.listener.onFatal?.(kind);
  }

  teardown(): void {
    this.generation++;
    this.loadedSource = null;
    this.failed = false;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (this.hls) {
      this.hls.detachMedia();
      this.hls.destroy();
      this.hls = null;
    }
    if (this.nativeCleanup) {
      this.nativeCleanup();
      this.nativeCleanup = null;
      this.video.removeAttribute('src');
      this.video.load();
    }
  }

  /** Whether an hls.js instance is alive (for tests and the bench). */
  get active(): boolean {
    return this.hls !== null;
  }

  /** The source loaded (or loading), null once torn down. */
  get source(): string | null {
    return this.loadedSource;
  }

  /** Whether the source is only pre-buffered, waiting to be shown. */
  get standby(): boolean {
    return this.loadedSource !== null && this.mode === 'standby';
  }
}
