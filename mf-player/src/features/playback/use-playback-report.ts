/**
 * What the player tells of an episode's viewing, and what its <video> shows: started, paused, a sample
 * once a second while playing (to the progress saga), the quartiles of each view once, the episode left
 * (moving on, closing the tab, hiding the page) and the episode opened in the player. The same events
 * keep the on-screen state — playing, muted, time, length, speed, first frame shown — for the controls.
 */
import { ANALYTICS_EVENTS, track, useAppDispatch } from '@cliffhanger/shared';
import type { SyntheticEvent } from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  episodeAdvanced,
  type PlaybackSample,
  playbackLeft,
  playbackPaused,
  playbackStarted,
  playbackTicked,
} from '../../lib/playback.slice';
import type { PlayerEpisode } from '../../lib/player.api';
import { quartilesReached } from '../../lib/progress-rules';
import type { PlaybackDeck } from './use-playback-engine';

/** Samples go to the saga once a second while playing. */
const TICK_MS = 1_000;

type VideoEvent = SyntheticEvent<HTMLVideoElement>;

export interface VideoEvents {
  onPlay: () => void;
  onPause: (event: VideoEvent) => void;
  onVolumeChange: (event: VideoEvent) => void;
  onRateChange: (event: VideoEvent) => void;
  onDurationChange: (event: VideoEvent) => void;
  onLoadedData: () => void;
  onTimeUpdate: (event: VideoEvent) => void;
  onEnded: () => void;
}

export interface PlaybackReportOptions {
  episode: PlayerEpisode;
  /** Reported with the opening: whether it opened on the paywall, and whether the series is Gold's only. */
  locked: boolean;
  goldExclusive: boolean;
  deck: PlaybackDeck['deck'];
  activeVideo: () => HTMLVideoElement | null;
  /** The video started playing (again). */
  onPlaying: () => void;
  /** The episode played to its end. */
  onFinished: () => void;
}

/** Each episode opened in the player is reported once, with whether it opened on the paywall. */
function useOpeningReport(episode: PlayerEpisode, locked: boolean, goldExclusive: boolean) {
  const dispatch = useAppDispatch();
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
}

export function usePlaybackReport({
  episode,
  locked,
  goldExclusive,
  deck,
  activeVideo,
  onPlaying,
  onFinished,
}: PlaybackReportOptions) {
  const dispatch = useAppDispatch();
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(episode.duration);
  const [rate, setRate] = useState(1);
  /** The episode list's thumbnails wait for the first frame: they would compete with the video's requests. */
  const [firstFrameShown, setFirstFrameShown] = useState(false);
  const started = useRef(false);
  const lastTick = useRef(0);
  const advancing = useRef(false);
  /** What every playback sample carries: the episode and where its credits start (it is watched from there). */
  const marked = { episodeId: episode.id, seriesId: episode.series, creditsStart: episode.credits_start ?? null };
  const sample = useRef<PlaybackSample>({ ...marked, position: 0, duration: episode.duration });
  /** The quartiles of this view already reported. */
  const quartiles = useRef<number[]>([]);

  // A new episode: fresh samples; when it goes, report it as left (unless it was finished by moving on).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the episode's identity restarts this
  useEffect(() => {
    started.current = false;
    advancing.current = false;
    quartiles.current = [];
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

  useOpeningReport(episode, locked, goldExclusive);

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

  /** Moving to another episode: moving on (`advanced`) finishes this one and reports the next one started. */
  const moveTo = useCallback(
    (target: PlayerEpisode, advanced: boolean) => {
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
    },
    [dispatch],
  );

  const reportQuartiles = (position: number, length: number) => {
    for (const quartile of quartilesReached(position, length, quartiles.current)) {
      quartiles.current.push(quartile);
      dispatch(
        track(ANALYTICS_EVENTS.episodeQuartileReached, { episode_id: episode.id, series_id: episode.series, quartile }),
      );
    }
  };

  const events: VideoEvents = {
    onPlay: () => {
      setPlaying(true);
      onPlaying();
      if (!started.current) {
        started.current = true;
        dispatch(
          playbackStarted({ episodeId: episode.id, seriesId: episode.series, episodeNumber: episode.episode_number }),
        );
      }
    },
    onPause: (event) => {
      setPlaying(false);
      const video = event.currentTarget;
      // Moving on pauses the episode left behind: that is not the viewer pausing it.
      if (!video.ended && started.current && !advancing.current) {
        sample.current = { ...marked, position: video.currentTime, duration: sample.current.duration };
        dispatch(playbackPaused({ ...sample.current }));
      }
    },
    onVolumeChange: (event) => setMuted(event.currentTarget.muted),
    onRateChange: (event) => setRate(event.currentTarget.playbackRate),
    onDurationChange: (event) => {
      const d = event.currentTarget.duration;
      if (Number.isFinite(d) && d > 0) setDuration(d);
    },
    onLoadedData: () => setFirstFrameShown(true),
    onTimeUpdate: (event) => {
      const video = event.currentTarget;
      const d = Number.isFinite(video.duration) && video.duration > 0 ? video.duration : episode.duration;
      sample.current = { ...marked, position: video.currentTime, duration: d };
      setTime(video.currentTime);
      if (started.current) reportQuartiles(video.currentTime, d);
      const now = performance.now();
      if (started.current && now - lastTick.current >= TICK_MS) {
        lastTick.current = now;
        dispatch(playbackTicked({ ...sample.current }));
      }
    },
    onEnded: () => {
      setPlaying(false);
      if (started.current) dispatch(playbackTicked({ ...sample.current, position: sample.current.duration }));
      onFinished();
    },
  };

  return { state: { playing, muted, time, duration, rate, firstFrameShown }, events, moveTo };
}
