/**
 * The player screen's body, in its two layouts, composed of the player's features. Mobile (under 768 px)
 * is immersive: the video fills the screen under translucent overlays — back, the title, episode and an
 * expandable description, a right rail (Like, My list, Share, Episodes), a drawer of every episode, a
 * progress bar to drag — a tap pauses and a swipe up or down moves to the next or previous episode.
 * Desktop puts the video beside the series' episode list. Both layouts are one tree around the same
 * <video> elements, so crossing the breakpoint (a rotation, a resized window) or opening the drawer never
 * reloads or restarts the episode. Locked episodes show the paywall over the poster. Playback samples go
 * to the progress saga; the quartiles of each view are reported once. When an episode ends with
 * autoplay-next on, a cancellable countdown leads to the next one, which waits in a second, hidden
 * <video>, loaded to its first frame, so moving on to it swaps it in and starts at once.
 */
import {
  localizedDescription,
  localizedSeriesTitle,
  localizedTitle,
  MediaImage,
  type Series,
  useAppDispatch,
} from '@cliffhanger/shared';
import { cancelHeadStart, startAhead } from '@cliffhanger/shared/hls';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import { CaptionsMenu } from '../features/captions/captions-menu';
import { ActionRail } from '../features/immersive/action-rail';
import { EpisodeCaption } from '../features/immersive/episode-caption';
import { EpisodeDrawer } from '../features/immersive/episode-drawer';
import { LikeButton } from '../features/immersive/like-button';
import { NextCountdown } from '../features/immersive/next-countdown';
import { ScrubBar } from '../features/immersive/scrub-bar';
import { TopBar, useBackToOpener } from '../features/immersive/top-bar';
import { useSwipe } from '../features/immersive/use-swipe';
import { EpisodeList } from '../features/playback/episode-list';
import { PlaybackNotices } from '../features/playback/playback-notices';
import { PlayerControls } from '../features/playback/player-controls';
import { showInPlaceOf } from '../features/playback/start-playback';
import type { PlayerLayout } from '../features/playback/use-layout';
import { usePlaybackDeck } from '../features/playback/use-playback-engine';
import { usePlaybackReport } from '../features/playback/use-playback-report';
import { usePlayerKeys } from '../features/playback/use-player-keys';
import { useVideoControls } from '../features/playback/use-video-controls';
import type { DeckSource } from '../features/playback/video-deck';
import { VideoSlots } from '../features/playback/video-slots';
import { AutoUnlockControl } from '../features/unlock/auto-unlock-control';
import { planningPrice } from '../features/unlock/auto-unlock-rules';
import { Paywall } from '../features/unlock/paywall';
import { fetchStream } from '../features/unlock/unlock.api';
import { isLocked } from '../lib/episode-access';
import { autoplayNextToggled, selectAutoplayNext, selectPlayback } from '../lib/playback.slice';
import type { PlayerEpisode } from '../lib/player.api';
import { resumePosition } from '../lib/progress-rules';
import { usePlayerT } from '../messages';

/** A fresh signed address of an episode when the one playing expired; null when it may not be played now. */
export async function renewStream(episodeId: number): Promise<string | null> {
  try {
    return (await fetchStream(episodeId)).hls_url;
  } catch {
    return null;
  }
}

interface PlayerViewProps {
  series?: Series;
  episodes: PlayerEpisode[];
  episode: PlayerEpisode;
  layout: PlayerLayout;
  startAt?: number | null;
  onSelect: (episode: PlayerEpisode) => void;
  /** Whether the page-wide keyboard shortcuts drive this player (one player per page should). */
  keyboard?: boolean;
  /** Whether the next episode waits pre-buffered in a hidden video (pages showing several players skip it). */
  preloadNext?: boolean;
}

/** The episode on screen and the next one, as the two videos of the deck load them. */
function useDeckSources(
  episode: PlayerEpisode,
  next: PlayerEpisode | undefined,
  src: string | null,
  props: PlayerViewProps,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the start is chosen once per episode
  const startPosition = useMemo(() => resumePosition(episode, props.startAt), [episode.id]);
  const current = useMemo<DeckSource | null>(
    () => (src ? { episodeId: episode.id, src, start: startPosition } : null),
    [episode.id, src, startPosition],
  );
  // The episode the player opens on starts loading now, while the rest of the screen renders (its
  // playlists and first fragment need no <video>); the engine takes that load over once the video is
  // on the page. Later episodes come from the pre-buffered next video or load with their screen.
  const preloadNext = props.preloadNext ?? true;
  const opened = useRef(false);
  if (!opened.current && current && preloadNext) {
    opened.current = true;
    startAhead(current.src, current.start);
  }
  useEffect(() => cancelHeadStart, []);
  const nextSrc = preloadNext && next && !isLocked(next) ? next.hls_url : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the next episode's identity and stream define it
  const upcoming = useMemo<DeckSource | null>(
    () => (next && nextSrc ? { episodeId: next.id, src: nextSrc, start: resumePosition(next) } : null),
    [next?.id, nextSrc],
  );
  return usePlaybackDeck(current, upcoming, renewStream);
}

/** The player's state and what moves it: the deck of videos, the viewing's report, the viewer's controls. */
function usePlayerScreen(props: PlayerViewProps) {
  const { series, episodes, episode, layout, onSelect, keyboard = true } = props;
  const dispatch = useAppDispatch();
  const { t, language } = usePlayerT();
  const autoplayNext = useSelector(selectAutoplayNext);
  const watchedIds = useSelector(selectPlayback).watched;
  const stageRef = useRef<HTMLDivElement>(null);
  const index = episodes.findIndex((e) => e.id === episode.id);
  const previous = index > 0 ? episodes[index - 1] : undefined;
  const next = index >= 0 && index < episodes.length - 1 ? episodes[index + 1] : undefined;
  const locked = isLocked(episode) || !episode.hls_url;
  const goldExclusive = !!series?.is_gold_exclusive;
  // Auto-unlock plans with the next locked episode's price and acts only on the next locked episode.
  const autoUnlockPrice = goldExclusive ? 0 : planningPrice(episodes);
  const autoUnlock = { next: !previous || !isLocked(previous), price: autoUnlockPrice };
  const engine = useDeckSources(episode, next, locked ? null : episode.hls_url, props);
  const { deck, activeVideo, startStandby } = engine;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [countdown, setCountdown] = useState(false);
  const report = usePlaybackReport({
    episode,
    locked,
    goldExclusive,
    deck,
    activeVideo,
    onPlaying: () => setCountdown(false),
    onFinished: () => {
      if (autoplayNext && next) setCountdown(true);
    },
  });
  const { playing, muted, time, duration, rate, firstFrameShown } = report.state;
  const controls = useVideoControls(activeVideo, stageRef, { src: locked ? null : episode.hls_url, rate });

  // The drawer belongs to the phone layout; the desktop shows the episode list beside the video.
  useEffect(() => {
    if (layout !== 'mobile') setDrawerOpen(false);
  }, [layout]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new episode drops the countdown
  useEffect(() => setCountdown(false), [episode.id]);

  const { moveTo } = report;
  const go = useCallback(
    (target: PlayerEpisode | undefined, advanced: boolean) => {
      if (!target) return;
      moveTo(target, advanced);
      // The pre-buffered next episode starts and shows now, in the tap, not after the re-render.
      const leaving = activeVideo();
      const arriving = startStandby(target.id);
      if (arriving && leaving && arriving !== leaving) showInPlaceOf(arriving, leaving);
      onSelect(target);
    },
    [moveTo, onSelect, startStandby, activeVideo],
  );
  const goPrevious = useCallback(() => go(previous, false), [go, previous]);
  const goNext = useCallback(() => go(next, true), [go, next]);
  usePlayerKeys(keyboard, { ...controls, activeVideo, previous: goPrevious, next: goNext });
  const swipe = useSwipe({ enabled: layout === 'mobile', blocked: drawerOpen, onUp: goNext, onDown: goPrevious });
  const back = useBackToOpener(episode.series);

  // Titles and the description in the viewer's language (the series' own answer has its translations).
  const seriesTitle =
    series && series.id === episode.series ? localizedTitle(series, language) : localizedSeriesTitle(episode, language);
  const episodeTitle = localizedTitle(episode, language);
  const description = localizedDescription(episode, language);
  const title = t('view.title', { series: seriesTitle, number: episode.episode_number });
  const toggleAutoplayNext = () => dispatch(autoplayNextToggled());

  return {
    series,
    episodes,
    episode,
    layout,
    t,
    autoplayNext,
    watchedIds,
    stageRef,
    previous,
    next,
    locked,
    goldExclusive,
    autoUnlockPrice,
    autoUnlock,
    engine,
    deck,
    activeVideo,
    drawerOpen,
    setDrawerOpen,
    countdown,
    setCountdown,
    report,
    playing,
    muted,
    time,
    duration,
    rate,
    firstFrameShown,
    controls,
    go,
    goPrevious,
    goNext,
    swipe,
    back,
    seriesTitle,
    episodeTitle,
    description,
    title,
    toggleAutoplayNext,
  };
}

type PlayerScreenState = ReturnType<typeof usePlayerScreen>;

/** The stage: the videos (or the locked episode's poster and paywall) under the player's overlays. */
function PlayerStage({ view }: { view: PlayerScreenState }) {
  const {
    series,
    episodes,
    episode,
    layout,
    autoplayNext,
    stageRef,
    previous,
    next,
    locked,
    goldExclusive,
    autoUnlock,
    engine,
    deck,
    activeVideo,
    drawerOpen,
    setDrawerOpen,
    countdown,
    setCountdown,
    report,
    playing,
    muted,
    time,
    duration,
    rate,
    firstFrameShown,
    controls,
    goPrevious,
    goNext,
    swipe,
    back,
    seriesTitle,
    episodeTitle,
    description,
    title,
    toggleAutoplayNext,
  } = view;
  return (
    <div ref={stageRef} className="player-stage" onTouchStart={swipe.onTouchStart} onTouchEnd={swipe.onTouchEnd}>
      {locked && <MediaImage src={episode.thumbnail} className="player-video player-poster" alt="" />}
      <VideoSlots
        deck={deck}
        videoRefs={engine.videoRefs}
        locked={locked}
        poster={episode.thumbnail}
        label={title}
        events={report.events}
        onClick={controls.togglePlay}
      />
      {locked && <Paywall episode={episode} goldExclusive={goldExclusive} autoUnlock={autoUnlock} />}
      {!locked && (
        <PlaybackNotices
          episodeId={episode.id}
          layout={layout}
          status={engine}
          needsSound={controls.needsSound}
          onSound={controls.toggleMute}
          showPaused={!playing && firstFrameShown && !countdown}
        />
      )}
      {layout === 'mobile' && (
        <TopBar
          seriesTitle={seriesTitle}
          episodeNumber={episode.episode_number}
          count={episodes.length}
          onBack={back}
          sound={locked ? undefined : { muted, toggle: controls.toggleMute }}
        />
      )}
      {layout === 'mobile' && (
        <ActionRail
          series={series}
          seriesId={episode.series}
          seriesTitle={seriesTitle}
          drawerOpen={drawerOpen}
          onEpisodes={() => setDrawerOpen(true)}
        />
      )}
      {countdown && next && (
        <NextCountdown
          nextNumber={next.episode_number}
          onPlayNow={() => {
            setCountdown(false);
            goNext();
          }}
          onCancel={() => setCountdown(false)}
        />
      )}
      {!locked && <CaptionsMenu video={activeVideo} episode={episode} series={series} />}
      {/* The caption and the controls share one bottom strip, so wrapping controls never cover the caption. */}
      {(layout === 'mobile' || !locked) && (
        <div className="player-bottom">
          {layout === 'mobile' && (
            <EpisodeCaption
              key={episode.id}
              seriesTitle={seriesTitle}
              episodeNumber={episode.episode_number}
              episodeTitle={episodeTitle}
              description={description}
            />
          )}
          {!locked && layout === 'mobile' && <ScrubBar currentTime={time} duration={duration} onSeek={controls.seek} />}
          {!locked && layout === 'desktop' && (
            <PlayerControls
              state={{
                playing,
                muted,
                currentTime: time,
                duration,
                rate,
                autoplayNext,
                hasPrevious: !!previous,
                hasNext: !!next,
                pictureInPicture: controls.pictureInPicture,
              }}
              actions={{ ...controls, previous: goPrevious, next: goNext, toggleAutoplayNext }}
            />
          )}
        </div>
      )}
    </div>
  );
}

export function PlayerView(props: PlayerViewProps) {
  const view = usePlayerScreen(props);
  const {
    episodes,
    episode,
    layout,
    t,
    autoplayNext,
    watchedIds,
    next,
    locked,
    goldExclusive,
    autoUnlockPrice,
    drawerOpen,
    setDrawerOpen,
    firstFrameShown,
    go,
    episodeTitle,
    description,
    title,
    toggleAutoplayNext,
  } = view;

  // One tree for both layouts: the stage (and the <video> elements in it) stays where it is.
  return (
    <main className={`player player--${layout}`} aria-label={t('view.label', { title })}>
      <div className="player-main">
        <PlayerStage view={view} />
        {layout === 'desktop' && (
          <div className="player-info">
            <h1 className="player-title">{title}</h1>
            <p className="player-subtitle">{episodeTitle}</p>
            <LikeButton seriesId={episode.series} variant="inline" />
            {description && <p className="ch-muted">{description}</p>}
            <AutoUnlockControl seriesId={episode.series} price={autoUnlockPrice} />
          </div>
        )}
      </div>
      {layout === 'desktop' && (
        <EpisodeList
          episodes={episodes}
          currentId={episode.id}
          goldExclusive={goldExclusive}
          thumbnails={firstFrameShown || locked}
          onSelect={(e) => go(e, e === next)}
        />
      )}
      {layout === 'mobile' && drawerOpen && (
        <EpisodeDrawer
          episodes={episodes}
          currentId={episode.id}
          goldExclusive={goldExclusive}
          watchedIds={watchedIds}
          autoplayNext={autoplayNext}
          onToggleAutoplay={toggleAutoplayNext}
          onSelect={(e) => {
            setDrawerOpen(false);
            if (e.id !== episode.id) go(e, e === next);
          }}
          onClose={() => setDrawerOpen(false)}
        >
          <AutoUnlockControl seriesId={episode.series} price={autoUnlockPrice} />
        </EpisodeDrawer>
      )}
    </main>
  );
}
