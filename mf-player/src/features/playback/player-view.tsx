/**
 * The player screen's body, in its two layouts. Mobile (under 768 px) is immersive: the video fills the
 * screen under translucent overlays — back, the title, episode and an expandable description, a right
 * rail (Like, My list, Share, Episodes), a drawer of every episode, a progress bar to drag — a tap pauses and a
 * swipe up or down moves to the next or previous episode. Desktop puts the video beside the series'
 * episode list. Both layouts are one tree around the same <video> elements, so crossing the breakpoint
 * (a rotation, a resized window) or opening the drawer never reloads or restarts the episode.
 * Locked episodes show the paywall over the poster. Playback samples go to the progress saga; the
 * quartiles of each view are reported once. When an episode ends with autoplay-next on, a cancellable
 * countdown leads to the next one, which waits in a second, hidden <video>, loaded to its first frame,
 * so moving on to it swaps it in and starts at once.
 */
import {
  ANALYTICS_EVENTS,
  Button,
  Icon,
  localizedDescription,
  localizedSeriesTitle,
  localizedTitle,
  MediaImage,
  paths,
  type Series,
  track,
  useAppDispatch,
} from '@cliffhanger/shared';
import { cancelHeadStart, startAhead } from '@cliffhanger/shared/hls';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { usePlayerT } from '../../messages';
import { AutoUnlockControl } from '../auto-unlock/auto-unlock-control';
import { planningPrice } from '../auto-unlock/auto-unlock-rules';
import { CaptionsMenu } from '../captions/captions-menu';
import { ActionRail } from '../immersive/action-rail';
import { EpisodeDrawer } from '../immersive/episode-drawer';
import { LikeButton } from '../immersive/like-button';
import { NextCountdown } from '../immersive/next-countdown';
import { ScrubBar } from '../immersive/scrub-bar';
import { quartilesReached, resumePosition } from '../progress/progress-rules';
import { Paywall } from '../unlock/paywall';
import { fetchStream } from '../unlock/unlock.api';
import { EpisodeList } from './episode-list';
import { SEEK_STEP_SECONDS } from './format';
import {
  autoplayNextToggled,
  type EpisodeRef,
  episodeAdvanced,
  type PlaybackSample,
  playbackLeft,
  playbackPaused,
  playbackStarted,
  playbackTicked,
  selectAutoplayNext,
  selectPlayback,
} from './playback.slice';
import type { PlayerEpisode } from './player.api';
import { PlayerControls } from './player-controls';
import { usePlaybackDeck } from './use-playback-engine';
import type { DeckSource } from './video-deck';

export type PlayerLayout = 'mobile' | 'desktop';

/** Samples go to the saga once a second while playing. */
const TICK_MS = 1_000;
const SWIPE_MIN_PX = 60;

/** A fresh signed address of an episode when the one playing expired; null when it may not be played now. */
export async function renewStream(episodeId: number): Promise<string | null> {
  try {
    return (await fetchStream(episodeId)).hls_url;
  } catch {
    return null;
  }
}

/** The router's position in the tab's history (0 for the first page of the tab). */
const historyIndex = () => (window.history.state as { idx?: number } | null)?.idx ?? 0;

/**
 * Starts a freshly attached source. A start the browser refuses for its sound falls back to muted (and
 * says so); a start interrupted by the source's own load (hls.js attaching its media source) is tried
 * again once the video can play; a start the viewer interrupted by pausing stays paused.
 */
export function startPlayback(video: HTMLVideoElement, onMuted: () => void): void {
  video.play()?.catch((error: unknown) => {
    const { name, message } = (error ?? {}) as { name?: string; message?: string };
    if (name === 'NotAllowedError') {
      video.muted = true;
      onMuted();
      video.play()?.catch(() => undefined);
      return;
    }
    if (name !== 'AbortError' || String(message).includes('pause()')) return;
    const retry = () => {
      if (video.paused) startPlayback(video, onMuted);
    };
    if (video.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA) retry();
    else video.addEventListener('canplay', retry, { once: true });
  });
}

/** Whether the viewer taps (a touch screen) rather than clicks; without the media query, the phone layout says so. */
export function touchScreen(layout: PlayerLayout): boolean {
  return window.matchMedia?.('(pointer: coarse)').matches ?? layout === 'mobile';
}

export function isLocked(episode: Pick<PlayerEpisode, 'is_free' | 'is_unlocked'>): boolean {
  return !episode.is_free && !episode.is_unlocked;
}

/**
 * Puts a started standby video on screen in place of the one playing, within the viewer's tap: the
 * swap is the two videos' roles (class and visibility to assistive technology), exactly what the
 * next render gives them, so the frame already decoded shows in the next paint while the rest of the
 * screen (title, controls) follows with that render.
 */
function showInPlaceOf(arriving: HTMLVideoElement, leaving: HTMLVideoElement) {
  arriving.className = 'player-video';
  arriving.removeAttribute('aria-hidden');
  leaving.className = 'player-standby';
  leaving.setAttribute('aria-hidden', 'true');
}

export function PlayerView({
  series,
  episodes,
  episode,
  layout,
  startAt,
  onSelect,
  keyboard = true,
  preloadNext = true,
}: {
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
}) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { t, language } = usePlayerT();
  const descriptionId = useId();
  const autoplayNext = useSelector(selectAutoplayNext);
  const watchedIds = useSelector(selectPlayback).watched;
  const stageRef = useRef<HTMLDivElement>(null);
  const index = episodes.findIndex((e) => e.id === episode.id);
  const previous = index > 0 ? episodes[index - 1] : undefined;
  const next = index >= 0 && index < episodes.length - 1 ? episodes[index + 1] : undefined;
  const locked = isLocked(episode) || !episode.hls_url;
  const goldExclusive = !!series?.is_gold_exclusive;
  const src = locked ? null : episode.hls_url;
  const ref: EpisodeRef = { episodeId: episode.id, seriesId: episode.series };
  /** What every playback sample carries: the episode and where its credits start (it is watched from there). */
  const marked = { ...ref, creditsStart: episode.credits_start ?? null };
  // Auto-unlock plans with the next locked episode's price and acts only on the next locked episode.
  const autoUnlockPrice = goldExclusive ? 0 : planningPrice(episodes);
  const autoUnlock = { next: !previous || !isLocked(previous), price: autoUnlockPrice };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the start is chosen once per episode
  const startPosition = useMemo(() => resumePosition(episode, startAt), [episode.id]);
  const current = useMemo<DeckSource | null>(
    () => (src ? { episodeId: episode.id, src, start: startPosition } : null),
    [episode.id, src, startPosition],
  );
  // The episode the player opens on starts loading now, while the rest of the screen renders (its
  // playlists and first fragment need no <video>); the engine takes that load over once the video is
  // on the page. Later episodes come from the pre-buffered next video or load with their screen.
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
  const { deck, videoRefs, activeVideo, startStandby, error, recovering, retry } = usePlaybackDeck(
    current,
    upcoming,
    renewStream,
  );
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(false);
  const [needsSound, setNeedsSound] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(episode.duration);
  const [rate, setRate] = useState(1);
  /** The episode list's thumbnails wait for the first frame: they would compete with the video's requests. */
  const [firstFrameShown, setFirstFrameShown] = useState(false);
  const started = useRef(false);
  const lastTick = useRef(0);
  const advancing = useRef(false);
  const sample = useRef<PlaybackSample>({ ...marked, position: 0, duration: episode.duration });
  /** The quartiles of this view already reported. */
  const quartiles = useRef<number[]>([]);
  /** Where in the tab's history the player was opened (moving between episodes adds entries). */
  const openedAt = useRef(historyIndex());
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [countdown, setCountdown] = useState(false);
  const [descriptionOpen, setDescriptionOpen] = useState(false);

  // The drawer belongs to the phone layout; the desktop shows the episode list beside the video.
  useEffect(() => {
    if (layout !== 'mobile') setDrawerOpen(false);
  }, [layout]);

  // A new episode: fresh samples; when it goes, report it as left (unless it was finished by moving on).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the episode's identity restarts this
  useEffect(() => {
    started.current = false;
    advancing.current = false;
    quartiles.current = [];
    setCountdown(false);
    setDescriptionOpen(false);
    sample.current = { ...marked, position: 0, duration: episode.duration };
    // A swapped-in episode has its metadata already; a fresh one reports it as it loads.
    const video = activeVideo();
    const known = video && deck.slots[deck.active]?.episodeId === episode.id ? video.duration : Number.NaN;
    setTime(video && Number.isFinite(known) ? video.currentTime : 0);
    setDuration(Number.isFinite(known) && known > 0 ? known : episode.duration);
    // Swapped in by the tap itself, it may have started before it was the video on screen.
    if (video && Number.isFinite(known) && !video.paused) {
      started.current = true;
      setPlaying(true);
      dispatch(
        playbackStarted({ episodeId: episode.id, seriesId: episode.series, episodeNumber: episode.episode_number }),
      );
    }
    return () => {
      if (!advancing.current && started.current) dispatch(playbackLeft({ ...sample.current }));
    };
  }, [dispatch, episode.id]);

  // Each episode opened in the player is reported once, with whether it opened on the paywall.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the episode's identity is a new opening
  useEffect(() => {
    dispatch(
      track(ANALYTICS_EVENTS.playerOpened, {
        episode_id: episode.id,
        series_id: episode.series,
        episode_number: episode.episode_number,
        locked,
        gold_exclusive: goldExclusive,
      }),
    );
  }, [dispatch, episode.id]);

  // Leaving the page (tab hidden, closed, navigated away) saves with a request that outlives it.
  useEffect(() => {
    const leave = () => {
      if (started.current) dispatch(playbackLeft({ ...sample.current, pageHidden: true }));
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') leave();
    };
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [dispatch]);

  const go = useCallback(
    (target: PlayerEpisode | undefined, advanced: boolean) => {
      if (!target) return;
      if (advanced && started.current) {
        advancing.current = true;
        dispatch(episodeAdvanced({ ...sample.current }));
      }
      if (advanced)
        dispatch(
          track(ANALYTICS_EVENTS.nextEpisodeStarted, {
            episode_id: target.id,
            series_id: target.series,
            from_episode_id: sample.current.episodeId,
          }),
        );
      // The pre-buffered next episode starts and shows now, in the tap, not after the re-render.
      const leaving = activeVideo();
      const arriving = startStandby(target.id);
      if (arriving && leaving && arriving !== leaving) showInPlaceOf(arriving, leaving);
      onSelect(target);
    },
    [dispatch, onSelect, startStandby, activeVideo],
  );

  const togglePlay = useCallback(() => {
    const video = activeVideo();
    if (!video) return;
    if (video.paused) void video.play().catch(() => undefined);
    else video.pause();
  }, [activeVideo]);

  const toggleFullscreen = useCallback(() => {
    const stage = stageRef.current;
    if (!stage) return;
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else if (stage.requestFullscreen) void stage.requestFullscreen().catch(() => undefined);
    else (activeVideo() as HTMLVideoElement & { webkitEnterFullscreen?: () => void })?.webkitEnterFullscreen?.();
  }, [activeVideo]);

  const seek = useCallback(
    (seconds: number) => {
      const video = activeVideo();
      if (!video) return;
      const end = Number.isFinite(video.duration) ? video.duration : seconds;
      video.currentTime = Math.min(Math.max(0, seconds), end);
    },
    [activeVideo],
  );

  // Picture in picture, where the browser offers it: the button says whether the video is in its own window.
  const pictureInPictureOffered = typeof document !== 'undefined' && document.pictureInPictureEnabled === true;
  const [inPictureInPicture, setInPictureInPicture] = useState(false);
  const togglePictureInPicture = useCallback(() => {
    const video = activeVideo();
    if (document.pictureInPictureElement) void document.exitPictureInPicture().catch(() => undefined);
    else void video?.requestPictureInPicture?.().catch(() => undefined);
  }, [activeVideo]);
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage || !pictureInPictureOffered) return;
    const entered = () => setInPictureInPicture(true);
    const left = () => setInPictureInPicture(false);
    stage.addEventListener('enterpictureinpicture', entered);
    stage.addEventListener('leavepictureinpicture', left);
    return () => {
      stage.removeEventListener('enterpictureinpicture', entered);
      stage.removeEventListener('leavepictureinpicture', left);
    };
  }, [pictureInPictureOffered]);

  const toggleMute = useCallback(() => {
    const video = activeVideo();
    if (!video) return;
    video.muted = !video.muted;
    setNeedsSound(false);
  }, [activeVideo]);

  // Keyboard: space / k play-pause, ←/→ seek, ↑/↓ previous / next episode, m mute, f full screen.
  useEffect(() => {
    if (!keyboard) return;
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
          go(previous, false);
          break;
        case 'ArrowDown':
          event.preventDefault();
          go(next, true);
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
  }, [keyboard, go, next, previous, seek, toggleFullscreen, toggleMute, togglePlay, activeVideo]);

  // Start playing as soon as the source is attached (or swapped in); an unmuted autoplay the browser
  // refuses falls back to muted. A start merely interrupted (a pause, a seek, a new load) keeps the sound.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new source restarts playback
  useEffect(() => {
    const video = activeVideo();
    if (!video || !src) return;
    video.playbackRate = rate;
    startPlayback(video, () => setNeedsSound(true));
  }, [src]);

  const touchStart = useRef<number | null>(null);
  const onTouchStart = (event: React.TouchEvent) => {
    // Touches on the overlays (rail, progress bar, countdown, drawer) are theirs, not a swipe.
    const onOverlay = (event.target as HTMLElement).closest?.('[data-no-swipe], button, a');
    touchStart.current = onOverlay || drawerOpen ? null : (event.touches[0]?.clientY ?? null);
  };
  const onTouchEnd = (y: number | undefined) => {
    const startY = touchStart.current;
    touchStart.current = null;
    if (layout !== 'mobile' || startY === null || y === undefined) return;
    const dy = startY - y;
    if (Math.abs(dy) < SWIPE_MIN_PX) return;
    if (dy > 0) go(next, true);
    else go(previous, false);
  };

  // Titles and the description in the viewer's language (the series' own answer has its translations).
  const seriesTitle =
    series && series.id === episode.series ? localizedTitle(series, language) : localizedSeriesTitle(episode, language);
  const episodeTitle = localizedTitle(episode, language);
  const description = localizedDescription(episode, language);
  const title = t('view.title', { series: seriesTitle, number: episode.episode_number });

  /**
   * Back to the screen the player was opened from, past every episode moved through since; opened
   * from a shared link (nothing before it), to the series page.
   */
  const back = () => {
    const now = historyIndex();
    const entry = openedAt.current;
    if (entry > 0) navigate(-Math.max(1, now - entry + 1));
    else navigate(paths.series(episode.series));
  };

  const stage = (
    <div
      ref={stageRef}
      className="player-stage"
      onTouchStart={onTouchStart}
      onTouchEnd={(event) => onTouchEnd(event.changedTouches[0]?.clientY)}
    >
      {locked && <MediaImage src={episode.thumbnail} className="player-video player-poster" alt="" />}
      {([0, 1] as const).map((slot) => {
        const source = deck.slots[slot];
        const onScreen = slot === deck.active && !locked && source !== null;
        // Both slots stay mounted for the player's life; only the one on screen shows and reports.
        return onScreen ? (
          // biome-ignore lint/a11y/useMediaCaption: the demo episodes carry no dialogue track yet
          <video
            key={slot}
            ref={videoRefs[slot]}
            className="player-video"
            poster={episode.thumbnail ?? undefined}
            playsInline
            preload="auto"
            aria-label={title}
            data-episode-id={source.episodeId}
            onClick={togglePlay}
            onPlay={() => {
              setPlaying(true);
              setCountdown(false);
              if (!started.current) {
                started.current = true;
                dispatch(playbackStarted({ ...ref, episodeNumber: episode.episode_number }));
              }
            }}
            onPause={(event) => {
              setPlaying(false);
              const video = event.currentTarget;
              // Moving on pauses the episode left behind: that is not the viewer pausing it.
              if (!video.ended && started.current && !advancing.current) {
                sample.current = { ...marked, position: video.currentTime, duration: sample.current.duration };
                dispatch(playbackPaused({ ...sample.current }));
              }
            }}
            onVolumeChange={(event) => setMuted(event.currentTarget.muted)}
            onRateChange={(event) => setRate(event.currentTarget.playbackRate)}
            onDurationChange={(event) => {
              const d = event.currentTarget.duration;
              if (Number.isFinite(d) && d > 0) setDuration(d);
            }}
            onLoadedData={() => setFirstFrameShown(true)}
            onTimeUpdate={(event) => {
              const video = event.currentTarget;
              const d = Number.isFinite(video.duration) && video.duration > 0 ? video.duration : episode.duration;
              sample.current = { ...marked, position: video.currentTime, duration: d };
              setTime(video.currentTime);
              if (started.current)
                for (const quartile of quartilesReached(video.currentTime, d, quartiles.current)) {
                  quartiles.current.push(quartile);
                  dispatch(
                    track(ANALYTICS_EVENTS.episodeQuartileReached, {
                      episode_id: episode.id,
                      series_id: episode.series,
                      quartile,
                    }),
                  );
                }
              const now = performance.now();
              if (started.current && now - lastTick.current >= TICK_MS) {
                lastTick.current = now;
                dispatch(playbackTicked({ ...sample.current }));
              }
            }}
            onEnded={() => {
              setPlaying(false);
              if (started.current) dispatch(playbackTicked({ ...sample.current, position: sample.current.duration }));
              if (autoplayNext && next) setCountdown(true);
            }}
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
      })}
      {locked && <Paywall episode={episode} goldExclusive={goldExclusive} autoUnlock={autoUnlock} />}
      {!locked && error && (
        <div className="player-error" role="alert">
          <p>{t(`error.${error.kind}`)}</p>
          <Button
            onClick={() => {
              dispatch(track(ANALYTICS_EVENTS.playbackFailed, { episode_id: episode.id, kind: error.kind }));
              retry();
            }}
          >
            {t('view.retry')}
          </Button>
        </div>
      )}
      {!locked && recovering && !error && (
        <p className="player-status" role="status">
          {t('view.reconnecting')}
        </p>
      )}
      {!locked && needsSound && !error && (
        <Button variant="secondary" className="player-sound" onClick={toggleMute}>
          <Icon name="soundOff" /> {t(touchScreen(layout) ? 'view.tapForSound' : 'view.clickForSound')}
        </Button>
      )}
      {layout === 'mobile' && !locked && !playing && firstFrameShown && !countdown && !error && (
        <span className="player-paused" aria-hidden="true">
          <Icon name="play" size={64} />
        </span>
      )}
      {layout === 'mobile' && (
        <div className="player-top" data-no-swipe="">
          <button type="button" className="player-btn player-back" aria-label={t('view.back')} onClick={back}>
            <Icon name="back" size={24} />
          </button>
          <h1 className="player-top-title">
            <span className="ch-visually-hidden">{seriesTitle} · </span>
            {t('view.episode', { number: episode.episode_number })}
            {episodes.length > 1 && <span className="player-top-count"> / {episodes.length}</span>}
          </h1>
          {!locked && (
            <button
              type="button"
              className="player-btn"
              aria-label={muted ? t('view.unmute') : t('view.mute')}
              aria-pressed={muted}
              onClick={toggleMute}
            >
              <Icon name={muted ? 'soundOff' : 'soundOn'} size={22} />
            </button>
          )}
        </div>
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
            go(next, true);
          }}
          onCancel={() => setCountdown(false)}
        />
      )}
      {!locked && <CaptionsMenu video={activeVideo} episode={episode} series={series} />}
      {/* The caption and the controls share one bottom strip, so wrapping controls never cover the caption. */}
      {(layout === 'mobile' || !locked) && (
        <div className="player-bottom">
          {layout === 'mobile' && (
            <div className="player-caption" data-no-swipe="">
              <p className="player-series">{seriesTitle}</p>
              <p className="player-episode-name">
                {t('view.episodeName', { number: episode.episode_number, title: episodeTitle })}
              </p>
              {description && (
                <div className="player-description-row">
                  <p
                    id={descriptionId}
                    className={`player-description${descriptionOpen ? ' player-description--open' : ''}`}
                  >
                    {description}
                  </p>
                  <button
                    type="button"
                    className="player-more"
                    aria-expanded={descriptionOpen}
                    aria-controls={descriptionId}
                    onClick={() => setDescriptionOpen((open) => !open)}
                  >
                    {descriptionOpen ? t('view.less') : t('view.more')}
                  </button>
                </div>
              )}
            </div>
          )}
          {!locked && layout === 'mobile' && <ScrubBar currentTime={time} duration={duration} onSeek={seek} />}
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
                pictureInPicture: pictureInPictureOffered ? inPictureInPicture : null,
              }}
              actions={{
                togglePlay,
                seek,
                toggleMute,
                setRate: (r) => {
                  const video = activeVideo();
                  if (video) video.playbackRate = r;
                },
                toggleFullscreen,
                togglePictureInPicture,
                previous: () => go(previous, false),
                next: () => go(next, true),
                toggleAutoplayNext: () => dispatch(autoplayNextToggled()),
              }}
            />
          )}
        </div>
      )}
    </div>
  );

  // One tree for both layouts: the stage (and the <video> elements in it) stays where it is.
  return (
    <main className={`player player--${layout}`} aria-label={t('view.label', { title })}>
      <div className="player-main">
        {stage}
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
          onToggleAutoplay={() => dispatch(autoplayNextToggled())}
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
