/**
 * Which hls.js instance plays a <video>, for the captions menu: the playback engine tells it here when
 * it attaches one, and the menu reads the subtitle renditions from it (hls.js keeps no link from the
 * element back to itself). Only the subtitle side of hls.js is described, as the menu uses it.
 */

/** hls.js as the captions menu uses it (`subtitleTracks`, `subtitleTrack`, `subtitleDisplay`). */
export interface SubtitleHls {
  /** Absent from builds without subtitles (and from the test doubles of other features). */
  readonly subtitleTracks?: ReadonlyArray<{ lang?: string; name: string }>;
  subtitleTrack: number;
  subtitleDisplay: boolean;
  readonly media: HTMLMediaElement | null;
  /** The variants of the master playlist: empty until it is parsed. */
  readonly levels?: ReadonlyArray<unknown>;
  on(event: string, listener: () => void): void;
  off?(event: string, listener: () => void): void;
}

/** The hls.js events the menu follows (their names in `Hls.Events`). */
export const SUBTITLE_EVENTS = {
  manifestParsed: 'hlsManifestParsed',
  tracksUpdated: 'hlsSubtitleTracksUpdated',
  tracksCleared: 'hlsSubtitleTracksCleared',
  trackSwitch: 'hlsSubtitleTrackSwitch',
} as const;

/** Dispatched on the <video> when an hls.js instance is attached to it. */
export const HLS_ATTACHED_EVENT = 'cliffhanger:hlsattached';

const attached = new WeakMap<HTMLMediaElement, SubtitleHls>();

export function rememberHls(video: HTMLMediaElement, hls: unknown): void {
  attached.set(video, hls as SubtitleHls);
  video.dispatchEvent(new Event(HLS_ATTACHED_EVENT));
}

/** The hls.js instance playing `video` now, or null (the browser's own HLS, or nothing loaded). */
export function hlsOf(video: HTMLMediaElement): SubtitleHls | null {
  const hls = attached.get(video);
  return hls && hls.media === video ? hls : null;
}
