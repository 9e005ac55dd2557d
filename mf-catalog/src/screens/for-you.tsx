/**
 * For you (product.md#screens): a full-height vertical feed of the viewer's own clips, ranked by the server from what
 * they watch (GET /feed/for-you/). Every clip plays: the server lists only what the viewer may watch
 * now. The current clip autoplays, muted until the viewer turns the sound on once; swipe, the mouse
 * wheel or the arrow keys move to the next or previous clip. Each clip leads into its series: "Watch
 * from episode 1", or "Continue" where the viewer left off.
 *
 * Analytics: a clip counts as shown once it has been on screen for a second (once per clip per visit),
 * as played when it first plays, and opening its series is reported with the clip's place in the feed.
 */
import {
  ANALYTICS_EVENTS,
  Button,
  ErrorNotice,
  FEED_CLIP_SHOWN_AFTER_MS,
  type ForYouClip,
  Icon,
  InlineSpinner,
  localizedTitle,
  paths,
  track,
  useAppDispatch,
} from '@cliffhanger/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { FeedVideo } from '../features/for-you/feed-video';
import { isLive, moveWithin, swipeStep, WHEEL_COOLDOWN_MS } from '../features/for-you/feed-window';
import { renewClipAddress, useCatalogForYouFeedQuery } from '../features/for-you/for-you.api';
import { catalogT, useCatalogT } from '../messages';

const NO_CLIPS: ForYouClip[] = [];

const clipFacts = (clip: ForYouClip) => ({
  episode_id: clip.episode_id,
  series_id: clip.series_id,
  position: clip.position,
});

/** The clip's series and episode titles in the viewer's language (issue #21). */
export function clipTitles(clip: ForYouClip, language: string): { series: string; title: string } {
  return {
    series: localizedTitle(
      { title: clip.series_title, title_en: clip.series_title_en, translations: clip.series_translations },
      language,
    ),
    title: localizedTitle({ title: clip.title, translations: clip.translations }, language),
  };
}

/** Where a clip leads: the viewer's place in the series, or its first episode (labelled in the page's language). */
export function leadOf(clip: ForYouClip): { to: string; label: string } {
  const { lead } = clip;
  if (lead.kind === 'continue') {
    const at = lead.position_seconds > 0 ? `?t=${Math.floor(lead.position_seconds)}` : '';
    return {
      to: `${paths.episode(clip.series_id, lead.episode_id)}${at}`,
      label: catalogT('forYou.continue', { number: lead.episode_number }),
    };
  }
  return { to: paths.episode(clip.series_id, lead.episode_id), label: catalogT('forYou.fromStart') };
}

function FeedItem({
  clip,
  offset,
  muted,
  count,
  onPlaying,
  onOpenSeries,
}: {
  clip: ForYouClip;
  /** 0 for the clip on screen, -1 / 1 for the neighbours kept ready above and below. */
  offset: number;
  muted: boolean;
  count: number;
  onPlaying: (clip: ForYouClip) => void;
  onOpenSeries: (clip: ForYouClip) => void;
}) {
  const { t, language } = useCatalogT();
  const active = offset === 0;
  const { series, title } = clipTitles(clip, language);
  const label = t('forYou.clipName', { series, number: clip.episode_number, title });
  const lead = leadOf(clip);
  const renew = useCallback(() => renewClipAddress(clip.episode_id), [clip.episode_id]);
  return (
    <article
      className="feed-item"
      aria-roledescription={t('forYou.clip')}
      aria-label={t('forYou.clipPlace', { position: clip.position + 1, count, name: label })}
      aria-hidden={!active}
      inert={!active}
      data-episode-id={clip.episode_id}
      data-series-id={clip.series_id}
      style={{ transform: `translateY(${offset * 100}%)` }}
    >
      <FeedVideo
        src={(clip.hls_url ?? clip.video_url) as string}
        poster={clip.thumbnail}
        label={label}
        active={active}
        muted={muted}
        renew={renew}
        onPlaying={() => onPlaying(clip)}
      />
      <div className="feed-overlay">
        <p className="feed-series">{series}</p>
        <p className="feed-episode">
          {clip.is_trailer ? `${t('forYou.trailer')} · ` : ''}
          {t('forYou.episode', { number: clip.episode_number, title })}
        </p>
        <div className="feed-actions">
          <Link to={lead.to} className="ch-button" onClick={() => onOpenSeries(clip)}>
            <Icon name="play" />
            {lead.label}
          </Link>
          <Link
            to={paths.series(clip.series_id)}
            className="ch-button ch-button--secondary"
            onClick={() => onOpenSeries(clip)}
          >
            {t('forYou.openSeries')}
          </Link>
        </div>
      </div>
    </article>
  );
}

export default function ForYouScreen() {
  const dispatch = useAppDispatch();
  const { data, isLoading, isError, refetch } = useCatalogForYouFeedQuery();
  const { t } = useCatalogT();
  const clips = data ?? NO_CLIPS;
  const [index, setIndex] = useState(0);
  const [muted, setMuted] = useState(true);
  const lastWheel = useRef(0);
  const touchStart = useRef<number | null>(null);
  // Once per clip per visit: a visit is this screen being open.
  const shown = useRef(new Set<number>());
  const played = useRef(new Set<number>());
  const count = clips.length;
  const current = clips[Math.min(index, Math.max(0, count - 1))];

  const move = useCallback((step: number) => setIndex((i) => moveWithin(i, step, count)), [count]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target;
      if (target instanceof Element && target.closest('input, textarea, select')) return;
      if (event.key === 'ArrowDown' || event.key === 'PageDown') {
        event.preventDefault();
        move(1);
      } else if (event.key === 'ArrowUp' || event.key === 'PageUp') {
        event.preventDefault();
        move(-1);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [move]);

  useEffect(() => {
    if (!current || shown.current.has(current.episode_id)) return;
    const timer = setTimeout(() => {
      if (document.visibilityState === 'hidden' || shown.current.has(current.episode_id)) return;
      shown.current.add(current.episode_id);
      dispatch(track(ANALYTICS_EVENTS.feedClipShown, clipFacts(current)));
    }, FEED_CLIP_SHOWN_AFTER_MS);
    return () => clearTimeout(timer);
  }, [current, dispatch]);

  const onPlaying = useCallback(
    (clip: ForYouClip) => {
      if (played.current.has(clip.episode_id)) return;
      played.current.add(clip.episode_id);
      dispatch(track(ANALYTICS_EVENTS.feedClipPlayed, clipFacts(clip)));
    },
    [dispatch],
  );
  const onOpenSeries = useCallback(
    (clip: ForYouClip) => dispatch(track(ANALYTICS_EVENTS.feedSeriesOpened, clipFacts(clip))),
    [dispatch],
  );

  if (isLoading) return <InlineSpinner label={t('forYou.loading')} />;
  if (isError)
    return (
      <main className="ch-page">
        <ErrorNotice message={t('detail.episodesError')} onRetry={refetch} />
      </main>
    );
  if (count === 0)
    return (
      <main className="ch-page">
        <p className="ch-muted">{t('forYou.empty')}</p>
      </main>
    );

  return (
    <main
      className="feed"
      aria-label={t('forYou.title')}
      onWheel={(event) => {
        const now = Date.now();
        if (Math.abs(event.deltaY) < 10 || now - lastWheel.current < WHEEL_COOLDOWN_MS) return;
        lastWheel.current = now;
        move(event.deltaY > 0 ? 1 : -1);
      }}
      onTouchStart={(event) => {
        touchStart.current = event.touches[0]?.clientY ?? null;
      }}
      onTouchEnd={(event) => {
        const start = touchStart.current;
        const end = event.changedTouches[0]?.clientY;
        touchStart.current = null;
        if (start === null || end === undefined) return;
        const step = swipeStep(start, end);
        if (step) move(step);
      }}
    >
      <h1 className="ch-visually-hidden">{t('forYou.title')}</h1>
      {clips.map((clip, position) =>
        isLive(position, index) ? (
          <FeedItem
            key={clip.episode_id}
            clip={clip}
            count={count}
            offset={position - index}
            muted={muted}
            onPlaying={onPlaying}
            onOpenSeries={onOpenSeries}
          />
        ) : null,
      )}
      <div className="feed-controls">
        <Button
          variant="secondary"
          className="feed-control"
          aria-pressed={!muted}
          aria-label={muted ? t('forYou.soundOn') : t('forYou.soundOff')}
          onClick={() => setMuted((m) => !m)}
        >
          <Icon name={muted ? 'soundOff' : 'soundOn'} />
        </Button>
        <Button
          variant="secondary"
          className="feed-control"
          aria-label={t('forYou.previous')}
          disabled={index === 0}
          onClick={() => move(-1)}
        >
          <Icon name="up" />
        </Button>
        <Button
          variant="secondary"
          className="feed-control"
          aria-label={t('forYou.next')}
          disabled={index >= count - 1}
          onClick={() => move(1)}
        >
          <Icon name="down" />
        </Button>
      </div>
      <p className="ch-visually-hidden" aria-live="polite">
        {t('forYou.position', { number: index + 1, count })}
      </p>
    </main>
  );
}
