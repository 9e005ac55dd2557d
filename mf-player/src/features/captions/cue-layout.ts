/**
 * On phones the right-hand rail (My list, Share, Episodes) stands over the bottom of the video, where
 * captions are drawn. CSS cannot narrow the box the browser lays cues out in, so the cues of the track
 * shown are narrowed here instead: 76 % of the width, centred at 42 %, clear of the rail. Cues that
 * carry their own position or size are left as written; the desktop layout gets them back unchanged.
 */
const NARROW = { position: 42, size: 76 } as const;

type PositionedCue = TextTrackCue & { position: number | 'auto'; size: number };
const narrowed = new WeakSet<TextTrackCue>();

const isPositioned = (cue: TextTrackCue): cue is PositionedCue => 'position' in cue && 'size' in cue;

/** Lays the shown track's cues out for the player's layout (`.player--mobile` is the phone's). */
export function layOutCues(video: HTMLVideoElement): void {
  const phone = Boolean(video.closest('.player--mobile'));
  for (const track of [...(video.textTracks ?? [])]) {
    if (track.mode !== 'showing') continue;
    for (const cue of [...(track.cues ?? [])]) {
      if (!isPositioned(cue)) continue;
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
  }
}

/** Keeps `video`'s cues laid out as they arrive and as tracks are switched; answers the stop. */
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
  watch();
  return () => {
    tracks.removeEventListener('addtrack', watch);
    tracks.removeEventListener('change', watch);
    for (const track of watched) track.removeEventListener?.('cuechange', update);
  };
}
