/**
 * The player's two <video> elements: the one on screen, and a hidden standby where the next episode
 * waits loaded to its first frame. Both stay mounted for the player's life; only the one on screen
 * shows and reports.
 */
import type { PlaybackDeck } from './use-playback-engine';
import type { VideoEvents } from './use-playback-report';

export function VideoSlots({
  deck,
  videoRefs,
  locked,
  poster,
  label,
  events,
  onClick,
}: {
  deck: PlaybackDeck['deck'];
  videoRefs: PlaybackDeck['videoRefs'];
  /** A locked episode shows its poster and the paywall: no video on screen. */
  locked: boolean;
  poster: string | null | undefined;
  label: string;
  events: VideoEvents;
  onClick: () => void;
}) {
  return ([0, 1] as const).map((slot) => {
    const source = deck.slots[slot];
    const onScreen = slot === deck.active && !locked && source !== null;
    return onScreen ? (
      <video
        key={slot}
        ref={videoRefs[slot]}
        className="player-video"
        poster={poster ?? undefined}
        playsInline
        preload="auto"
        aria-label={label}
        data-episode-id={source.episodeId}
        onClick={onClick}
        {...events}
      />
    ) : (
      // biome-ignore lint/a11y/useMediaCaption: a hidden standby, muted until it is swapped in on screen
      <video
        key={slot}
        ref={videoRefs[slot]}
        className="player-standby"
        playsInline
        preload="auto"
        aria-hidden="true"
        tabIndex={-1}
        data-episode-id={source?.episodeId}
      />
    );
  });
}
