/**
 * Where the captions of the track shown are drawn, through each cue's own settings (the WebVTT cue
 * API), for what a stylesheet cannot reach in every browser:
 *
 * - **Above the controls, in Firefox.** Chromium and Safari draw cues in a box captions.css lifts by
 *   `--captions-lift`; Firefox has no such box, so there the bottom of each cue is set that far above
 *   the bottom of the video instead: `line` as a percentage of the video's height, `snapToLines` off,
 *   `lineAlign: 'end'` (which Firefox implements; Chromium ignores it, hence the box there). Measured
 *   again when the video changes size, so a rotated phone or a resized window keeps them clear.
 * - **Clear of the phone's rail.** On phones the right-hand rail (My list, Share, Episodes) stands over
 *   the right of the video: cues are narrowed to 76 % of the width, centred at 42 %.
 *
 * Cues that carry their own line, position or size are left as written; a layout that no longer needs
 * a change gets the cue's own values back. The text size stays a CSS matter (`::cue`, which Firefox
 * supports too), and the cues stay the browser's own text tracks, so screen readers and the keyboard
 * work with them as before.
 */
const NARROW = { position: 42, size: 76 } as const;

type LaidOutCue = TextTrackCue & {
  position: number | 'auto';
  size: number;
  line: number | 'auto';
  snapToLines: boolean;
  lineAlign: string;
};
/** The cues this file changed, and what it changed, so it can give them back. */
const narrowed = new WeakSet<TextTrackCue>();
const lifted = new WeakSet<TextTrackCue>();

const isLaidOut = (cue: TextTrackCue): cue is LaidOutCue => 'position' in cue && 'size' in cue;

/** Pixels between the bottom of the video and the bottom of its captions: `--captions-lift` as laid out. */
export function captionsLift(video: HTMLVideoElement): number {
  const host = video.parentElement;
  if (!host || typeof document === 'undefined') return 0;
  // A custom property holding calc() and env() is only resolved where it is used: measure it on a probe.
  const probe = document.createElement('div');
  probe.setAttribute('aria-hidden', 'true');
  probe.style.cssText = 'position:absolute;visibility:hidden;width:0;height:var(--captions-lift, 0px)';
  host.append(probe);
  const lift = probe.getBoundingClientRect().height;
  probe.remove();
  return lift;
}

/** The cue line (a percentage of the video's height, counted from the top) that leaves `lift` pixels below. */
export function liftedLine(lift: number, videoHeight: number): number | null {
  if (!(lift > 0) || !(videoHeight > 0)) return null;
  const line = 100 - (lift / videoHeight) * 100;
  return Math.round(Math.min(100, Math.max(0, line)) * 10) / 10;
}

function lift(cue: LaidOutCue, line: number | null) {
  if (line !== null && (lifted.has(cue) || cue.line === 'auto')) {
    if (!('lineAlign' in cue) || !('snapToLines' in cue)) return;
    if (cue.line !== line || cue.snapToLines || cue.lineAlign !== 'end') {
      cue.snapToLines = false;
      cue.line = line;
      cue.lineAlign = 'end';
    }
    lifted.add(cue);
  } else if (line === null && lifted.has(cue)) {
    cue.snapToLines = true;
    cue.line = 'auto';
    cue.lineAlign = 'start';
    lifted.delete(cue);
  }
}

function narrow(cue: LaidOutCue, phone: boolean) {
  if (phone && !narrowed.has(cue) && cue.position === 'auto' && cue.size === 100) {
    cue.position = NARROW.position;
    cue.size = NARROW.size;
    narrowed.add(cue);
  } else if (!phone && narrowed.has(cue)) {
    cue.position = 'auto';
    cue.size = 100;
    narrowed.delete(cue);
  }
}

/**
 * Whether this browser needs the cues themselves lifted: it has no cue box a stylesheet can move
 * (Firefox), and it places a cue by the bottom of its box (`lineAlign`).
 */
export function liftsCuesItself(): boolean {
  const css = (globalThis as { CSS?: { supports?(condition: string): boolean } }).CSS;
  const cue = (globalThis as { VTTCue?: { prototype: object } }).VTTCue;
  if (typeof css?.supports !== 'function' || !cue) return false;
  return !css.supports('selector(::-webkit-media-text-track-container)') && 'lineAlign' in cue.prototype;
}

/**
 * Lays the shown track's cues out for the player's layout (`.player--mobile` is the phone's); `room` is
 * the pixels to leave under them where the cues are lifted themselves (0: the stylesheet lifts them).
 */
export function layOutCues(video: HTMLVideoElement, room: number = liftsCuesItself() ? captionsLift(video) : 0): void {
  const phone = Boolean(video.closest('.player--mobile'));
  const line = liftedLine(room, video.clientHeight);
  for (const track of [...(video.textTracks ?? [])]) {
    if (track.mode !== 'showing') continue;
    for (const cue of [...(track.cues ?? [])]) {
      if (!isLaidOut(cue)) continue;
      narrow(cue, phone);
      lift(cue, line);
    }
  }
}

/** Keeps `video`'s cues laid out as they arrive, as tracks are switched and as it resizes; answers the stop. */
export function followCueLayout(video: HTMLVideoElement): () => void {
  const tracks = video.textTracks;
  if (typeof tracks?.addEventListener !== 'function') return () => undefined;
  const update = () => layOutCues(video);
  const watched = new Set<TextTrack>();
  const watch = () => {
    for (const track of [...tracks]) {
      if (watched.has(track)) continue;
      watched.add(track);
      track.addEventListener?.('cuechange', update);
    }
    update();
  };
  tracks.addEventListener('addtrack', watch);
  tracks.addEventListener('change', watch);
  const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
  resized?.observe(video);
  watch();
  return () => {
    tracks.removeEventListener('addtrack', watch);
    tracks.removeEventListener('change', watch);
    resized?.disconnect();
    for (const track of watched) track.removeEventListener?.('cuechange', update);
  };
}
