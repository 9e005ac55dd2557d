/**
 * For you (§2): a full-height vertical feed of episodes. The current clip autoplays, muted until the
 * viewer turns the sound on once; swipe, the mouse wheel or the arrow keys move to the next or previous
 * clip. Each clip names its series and episode and offers to open the series or play on in the player.
 */
import { Button, type Episode, ErrorNotice, InlineSpinner, MediaImage, paths } from '@cliffhanger/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Icon } from '../components/icons';
import { useCatalogFeedEpisodesQuery } from '../features/catalogue/catalogue.api';
import { accessLabel } from '../features/catalogue/episode-tile';
import { FeedVideo } from '../features/for-you/feed-video';
import { isLive, moveWithin, swipeStep, WHEEL_COOLDOWN_MS } from '../features/for-you/feed-window';

function FeedItem({
  episode,
  offset,
  muted,
  position,
  count,
}: {
  episode: Episode;
  /** 0 for the clip on screen, -1 / 1 for the neighbours kept ready above and below. */
  offset: number;
  muted: boolean;
  position: number;
  count: number;
}) {
  const active = offset === 0;
  const label = `${episode.series_title}, episode ${episode.episode_number}: ${episode.title}`;
  const playable = !!episode.hls_url;
  return (
    <article
      className="feed-item"
      aria-roledescription="clip"
      aria-label={`${position + 1} of ${count}: ${label}`}
      aria-hidden={!active}
      inert={!active}
      style={{ transform: `translateY(${offset * 100}%)` }}
    >
      {playable ? (
        <FeedVideo
          src={episode.hls_url as string}
          poster={episode.thumbnail}
          label={label}
          active={active}
          muted={muted}
        />
      ) : (
        <MediaImage src={episode.thumbnail} className="feed-video" alt="" />
      )}
      <div className="feed-overlay">
        <p className="feed-series">{episode.series_title}</p>
        <p className="feed-episode">
          Episode {episode.episode_number} · {episode.title}
          {!playable && <span className="feed-locked"> · {accessLabel(episode)}</span>}
        </p>
        <div className="feed-actions">
          <Link to={paths.episode(episode.series, episode.id)} className="ch-button">
            {playable ? 'Play on' : 'Unlock in player'}
          </Link>
          <Link to={paths.series(episode.series)} className="ch-button ch-button--secondary">
            Open series
          </Link>
        </div>
      </div>
    </article>
  );
}

export default function ForYouScreen() {
  const { data, isLoading, isError, refetch } = useCatalogFeedEpisodesQuery();
  const episodes = useMemo(() => data ?? [], [data]);
  const [index, setIndex] = useState(0);
  const [muted, setMuted] = useState(true);
  const lastWheel = useRef(0);
  const touchStart = useRef<number | null>(null);
  const count = episodes.length;

  const move = useCallback((step: number) => setIndex((i) => moveWithin(i, step, count)), [count]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select')) return;
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

  if (isLoading) return <InlineSpinner label="Finding dramas for you…" />;
  if (isError)
    return (
      <main className="ch-page">
        <ErrorNotice message="Failed to fetch episodes" onRetry={refetch} />
      </main>
    );
  if (count === 0)
    return (
      <main className="ch-page">
        <p className="ch-muted">No clips yet. Check back soon.</p>
      </main>
    );

  return (
    <main
      className="feed"
      aria-label="For you"
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
      <h1 className="ch-visually-hidden">For you</h1>
      {episodes.map((episode, position) =>
        isLive(position, index) ? (
          <FeedItem
            key={episode.id}
            episode={episode}
            position={position}
            count={count}
            offset={position - index}
            muted={muted}
          />
        ) : null,
      )}
      <div className="feed-controls">
        <Button
          variant="secondary"
          className="feed-control"
          aria-pressed={!muted}
          aria-label={muted ? 'Turn sound on' : 'Turn sound off'}
          onClick={() => setMuted((m) => !m)}
        >
          <Icon name={muted ? 'soundOff' : 'soundOn'} />
        </Button>
        <Button
          variant="secondary"
          className="feed-control"
          aria-label="Previous clip"
          disabled={index === 0}
          onClick={() => move(-1)}
        >
          <Icon name="up" />
        </Button>
        <Button
          variant="secondary"
          className="feed-control"
          aria-label="Next clip"
          disabled={index >= count - 1}
          onClick={() => move(1)}
        >
          <Icon name="down" />
        </Button>
      </div>
      <p className="ch-visually-hidden" aria-live="polite">
        Clip {index + 1} of {count}
      </p>
    </main>
  );
}
